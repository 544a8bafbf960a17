// The PostgreSQL side of the store: prepared queries run as named statements, which pg prepares once
// per connection (decision 0034).
import type pg from 'pg';
import type { PreparedQuery } from '../query/prepared-query.ts';
import type { PostgresQueryable, PostgresStore, TransactionOptions } from './store.ts';

function queryConfig(query: PreparedQuery<object, unknown>, args: object): pg.QueryConfig {
  return {
    name: query.name,
    text: query.compiled('postgres').sql,
    values: query.parameters('postgres', args),
  };
}

export function createPostgresStore(pool: pg.Pool, display: string): PostgresStore {
  const make = (on: PostgresQueryable, client?: pg.PoolClient): PostgresStore => ({
    dialect: 'postgres',
    display,
    async all(query, args) {
      return (await on.query(queryConfig(query, args))).rows as never;
    },
    async first(query, args) {
      return (await on.query(queryConfig(query, args))).rows[0] as never;
    },
    async run(query, args) {
      return (await on.query(queryConfig(query, args))).rowCount ?? 0;
    },
    query(text, values) {
      return on.query(text, values);
    },
    async withClient(fn) {
      if (client) return fn(client);
      const own = await pool.connect();
      try {
        return await fn(own);
      } finally {
        own.release();
      }
    },
    connect() {
      return pool.connect();
    },
    async transaction<T>(body: (inner: PostgresStore) => Promise<T>, options: TransactionOptions = {}) {
      if (client) throw new Error('Transactions do not nest: use the store the body was given.');
      const own = await pool.connect();
      let broken = false;
      try {
        await own.query(options.readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
        const result = await body(make(own, own));
        await own.query('COMMIT');
        return result;
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
    },
  });
  return make(pool);
}
