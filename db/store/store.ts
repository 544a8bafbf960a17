// The database a domain concern works on, whichever dialect holds it (decision 0034). Queries both
// dialects agree on are defined once (db/query/prepared-query.ts) and run through `all`, `first` and
// `run`; what really differs (bulk merges, upserts, locks, search) is written per dialect by the
// concern's own module, which narrows on `dialect` to reach the driver.
import type pg from 'pg';
import type { Sqlite } from '../connection.ts';
import type { Dialect, PreparedQuery } from '../query/prepared-query.ts';

export interface TransactionOptions {
  /** A read-only snapshot: SQLite's deferred BEGIN; PostgreSQL's REPEATABLE READ READ ONLY. */
  readOnly?: boolean;
}

interface StoreBase {
  readonly dialect: Dialect;
  /** The address for messages and logs (a file path, or a URL with its password hidden). */
  readonly display: string;
  all<A extends object, R>(query: PreparedQuery<A, R>, args: A): Promise<R[]>;
  first<A extends object, R>(query: PreparedQuery<A, R>, args: A): Promise<R | undefined>;
  /** A write; resolves to the number of rows it changed. */
  run<A extends object>(query: PreparedQuery<A, unknown>, args: A): Promise<number>;
  /**
   * Runs body in one transaction, committed when it resolves and rolled back when it throws. The
   * body must use the store it is given, not this one. On SQLite the body must await nothing but
   * that store's queries (their promises are already settled, so the body ends within one turn of
   * the event loop and no other request's statements can enter the transaction); this store
   * refuses queries while the transaction is open, so a body awaiting real I/O fails loudly.
   */
  transaction<T>(body: (store: this) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * The data version this process knows, read without waiting (caches of pages, answers and search
   * plans check it on every request): SQLite reads its one row (a couple of µs); PostgreSQL holds the
   * newest version announced by the database (db/postgres/data-version-follower.ts), so a write by
   * another instance shows within milliseconds — and a write by this one too, once its NOTIFY is back.
   * NaN on a PostgreSQL store that does not follow: every cache keyed on it misses.
   */
  dataVersion(): number;
}

export interface SqliteStore extends StoreBase {
  readonly dialect: 'sqlite';
  /** The raw connection, for SQLite's own implementations of a concern. */
  readonly sqlite: Sqlite;
  /** The file (or ':memory:'). */
  readonly path: string;
}

/** What runs SQL on PostgreSQL: the pool outside a transaction, the transaction's client inside. */
export type PostgresQueryable = pg.Pool | pg.PoolClient;

export interface PostgresStore extends StoreBase {
  readonly dialect: 'postgres';
  /** Raw SQL on PostgreSQL (its own implementations of a concern). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
  /**
   * One connection for work that needs it (a cursor, COPY, a session-level advisory lock): inside a
   * transaction, the transaction's own client; outside, a client from the pool, released after fn.
   */
  withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** A connection of its own that the caller releases: for what outlives one call (a session-level
   *  advisory lock held for an import). */
  connect(): Promise<pg.PoolClient>;
}

export type Store = SqliteStore | PostgresStore;

/** A store and what closes it. */
export interface StoreHandle {
  store: Store;
  close(): Promise<void>;
}
