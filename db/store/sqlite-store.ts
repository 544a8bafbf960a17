// The SQLite side of the store: prepared queries run as better-sqlite3 statements cached per
// connection, answered with promises that are already settled (decision 0034).
import type { Sqlite } from '../connection.ts';
import { sqliteRunner } from '../query/query-runner.ts';
import type { SqliteStore, TransactionOptions } from './store.ts';

export class StoreBusyError extends Error {
  constructor() {
    super(
      'A query reached the SQLite store while one of its transactions was open: the transaction body awaited something other than its own queries, or used the outer store.',
    );
    this.name = 'StoreBusyError';
  }
}

/** One flag per connection, shared by every store made over it (a server may make several). */
const transactionStateOf = new WeakMap<Sqlite, { inTransaction: boolean }>();

export function createSqliteStore(sqlite: Sqlite, path: string = sqlite.name): SqliteStore {
  const runner = sqliteRunner(sqlite);
  let state = transactionStateOf.get(sqlite);
  if (!state) {
    state = { inTransaction: false };
    transactionStateOf.set(sqlite, state);
  }

  const make = (insideTransaction: boolean, state: { inTransaction: boolean }): SqliteStore => {
    const guard = () => {
      if (state.inTransaction && !insideTransaction) throw new StoreBusyError();
    };
    const store: SqliteStore = {
      dialect: 'sqlite',
      display: path,
      sqlite,
      path,
      async all(query, args) {
        // A refusal is a rejected promise, as every failure of the store's queries is.
        guard();
        return runner.all(query, args);
      },
      async first(query, args) {
        guard();
        return runner.first(query, args);
      },
      async run(query, args) {
        guard();
        return runner.run(query, args);
      },
      async transaction<T>(body: (inner: SqliteStore) => Promise<T>, options: TransactionOptions = {}) {
        if (insideTransaction) throw new Error('Transactions do not nest: use the store the body was given.');
        guard();
        // IMMEDIATE takes the write lock up front, so a second writer waits busy_timeout at the start
        // rather than failing half way; a read-only snapshot takes no lock.
        sqlite.exec(options.readOnly ? 'BEGIN' : 'BEGIN IMMEDIATE');
        state.inTransaction = true;
        try {
          const result = await body(make(true, state));
          state.inTransaction = false;
          sqlite.exec('COMMIT');
          return result;
        } catch (error) {
          state.inTransaction = false;
          if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
          throw error;
        }
      },
    };
    return store;
  };
  return make(false, state);
}
