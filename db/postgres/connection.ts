// Opens a PostgreSQL database through a pg pool, with Kysely's PostgreSQL dialect over it (decision
// 0029). Values come back as the SQLite side gives them: 64-bit integers (ids, counts, millisecond
// times) as numbers, not the strings pg gives by default — every id and count here fits in 2^53.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema.ts';

const INT8_OID = 20;

export interface PostgresHandle {
  dialect: 'postgres';
  db: Kysely<Database>;
  pool: pg.Pool;
  /** The address with its password hidden, for messages and logs. */
  display: string;
  close(): Promise<void>;
}

const int8AsNumber = (text: string): number => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`PostgreSQL returned ${text}, beyond 2^53`);
  return value;
};

/** Also given to cursors and streams, which do not take the pool's. */
export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? int8AsNumber
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresOptions {
  /** Connections in the pool (PG_POOL_SIZE; 10 by default). */
  poolSize?: number;
}

export function openPostgres(url: string, display: string, options: PostgresOptions = {}): PostgresHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: postgresTypes,
    application_name: 'directory',
  });
  // An idle client that loses its server (a restart, a failover) emits here; without a listener the
  // process would crash. The pool drops that client and the next query opens a new one.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    dialect: 'postgres',
    db,
    pool,
    display,
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy ends the pool only when Kysely itself ran a query (its driver takes the pool
      // on first use); the stores query the pool directly, and an idle client left open keeps the
      // process alive for the pool's idle timeout (10 s): a job's process lingered that long.
      await db.destroy();
      if (!pool.ending) await pool.end();
    },
  };
}
