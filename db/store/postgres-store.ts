// The PostgreSQL side of the store: prepared queries run as named statements, which pg prepares once
// per connection (decision 0034).
import type pg from 'pg';
import { postgresRunner } from '../query/query-runner.ts';
import type { PostgresQueryable, PostgresStore, TransactionOptions } from './store.ts';

/** dataVersion: where the store reads the version from (a follower's `current`); none → NaN.
 *  afterWrite: awaited after each write transaction commits (the follower's `refresh`, so that this
 *  process sees its own writes at once rather than when their announcement comes back). */
export function createPostgresStore(
  pool: pg.Pool,
  display: string,
  dataVersion: () => number = () => Number.NaN,
  afterWrite?: () => Promise<void>,
): PostgresStore {
  return storeOver(pool, display, dataVersion, pool, undefined, afterWrite);
}

/**
 * A store on one connection, inside a transaction its holder opened on it (an import's merge, which
 * must run where its TEMPORARY staging table lives): its queries run there, and it neither opens
 * transactions nor hands out other connections.
 */
export function postgresStoreOnClient(client: pg.PoolClient, display: string): PostgresStore {
  return storeOver(undefined, display, () => Number.NaN, client, client);
}

function storeOver(
  pool: pg.Pool | undefined,
  display: string,
  dataVersion: () => number,
  on: PostgresQueryable,
  client?: pg.PoolClient,
  afterWrite?: () => Promise<void>,
): PostgresStore {
  const connect = () => {
    if (!pool) throw new Error('A store on one connection has no other connection to give.');
    return pool.connect();
  };
  const make = (on: PostgresQueryable, client?: pg.PoolClient): PostgresStore => ({
    ...postgresRunner(on),
    dialect: 'postgres',
    display,
    dataVersion,
    query(text, values) {
      return on.query(text, values);
    },
    async withClient(fn) {
      if (client) return fn(client);
      const own = await connect();
      try {
        return await fn(own);
      } finally {
        own.release();
      }
    },
    connect,
    async transaction<T>(body: (inner: PostgresStore) => Promise<T>, options: TransactionOptions = {}) {
      if (client) throw new Error('Transactions do not nest: use the store the body was given.');
      const own = await connect();
      let broken = false;
      let result: T;
      try {
        await own.query(options.readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
        result = await body(make(own, own));
        await own.query('COMMIT');
      } catch (error) {
        try {
          await own.query('ROLLBACK');
        } catch {
          // A connection that cannot roll back is not given back to the pool for reuse.
          broken = true;
        }
        throw error;
      } finally {
        own.release(broken);
      }
      // With the connection back in the pool: the refresh reads through the pool, which may be small.
      if (!options.readOnly && afterWrite) await afterWrite();
      return result;
    },
  });
  return make(on, client);
}
