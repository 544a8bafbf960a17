// The SQLite side of the store: prepared queries run as better-sqlite3 statements cached per
// connection, answered with promises that are already settled (decision 0034).
import type BetterSqlite3 from 'better-sqlite3';
import type { Sqlite } from '../connection.ts';
import type { PreparedQuery } from '../query/prepared-query.ts';
import type { SqliteStore, TransactionOptions } from './store.ts';

export class StoreBusyError extends Error {
  constructor() {
    super(
      'A query reached the SQLite store while one of its transactions was open: the transaction body awaited something other than its own queries, or used the outer store.',
    );
    this.name = 'StoreBusyError';
  }
}

const statementsOf = new WeakMap<Sqlite, Map<string, BetterSqlite3.Statement>>();

function statement(sqlite: Sqlite, query: PreparedQuery<object, unknown>): BetterSqlite3.Statement {
  let statements = statementsOf.get(sqlite);
  if (!statements) {
    statements = new Map();
    statementsOf.set(sqlite, statements);
  }
  let prepared = statements.get(query.name);
  if (!prepared) {
    prepared = sqlite.prepare(query.compiled('sqlite').sql);
    statements.set(query.name, prepared);
  }
  return prepared;
}

/** better-sqlite3 binds booleans as nothing; SQLite keeps them as 0/1, as the schema does. */
function bindable(values: unknown[]): unknown[] {
  return values.map((value) => (typeof value === 'boolean' ? Number(value) : value));
}

/** One flag per connection, shared by every store made over it (a server may make several). */
const transactionStateOf = new WeakMap<Sqlite, { inTransaction: boolean }>();

export function createSqliteStore(sqlite: Sqlite, path: string = sqlite.name): SqliteStore {
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
        guard();
        const prepared = statement(sqlite, query);
        return prepared.all(...bindable(query.parameters('sqlite', args))) as never;
      },
      async first(query, args) {
        guard();
        const prepared = statement(sqlite, query);
        return prepared.get(...bindable(query.parameters('sqlite', args))) as never;
      },
      async run(query, args) {
        guard();
        const prepared = statement(sqlite, query);
        return prepared.run(...bindable(query.parameters('sqlite', args))).changes;
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
