// The SQLite side of the store: prepared queries run as better-sqlite3 statements cached per
// connection, answered with promises that are already settled (decision 0034).
import type { Sqlite } from '../connection.ts';
import { noteLocalWrite } from '../data-version-memo.ts';
import { sqliteRunner } from '../query/query-runner.ts';
import { dataVersionReader } from '../stats-repository.ts';
import type { SqliteStore, TransactionOptions } from './store.ts';

/** A SQLite transaction body awaited something besides its own queries (a timer, a file, the
 *  network): other requests would have had to wait on the whole process's one connection. */
export class StoreHeldError extends Error {
  constructor() {
    super(
      'A SQLite store transaction stayed open past one turn of the event loop: its body awaited something other than its own queries. It was rolled back.',
    );
    this.name = 'StoreHeldError';
  }
}

/** The transaction open on a connection, shared by every store made over it (a server may make
 *  several): whoever else wants the connection meanwhile waits for it to end. */
interface ConnectionState {
  open?: Promise<void>;
}

const stateOf = new WeakMap<Sqlite, ConnectionState>();

export function createSqliteStore(sqlite: Sqlite, path: string = sqlite.name): SqliteStore {
  const runner = sqliteRunner(sqlite);
  let state = stateOf.get(sqlite);
  if (!state) {
    state = {};
    stateOf.set(sqlite, state);
  }
  const shared = state;
  // Prepared at the first read: a store may be made over a file that is not migrated yet.
  let versionReader: (() => number) | undefined;
  const readVersion = () => {
    versionReader ??= dataVersionReader(sqlite);
    return versionReader();
  };

  const make = (insideTransaction: boolean): SqliteStore => {
    // Outside a transaction, a query waits for another caller's open transaction to end: run now, it
    // would land inside that transaction (one connection) and commit or roll back with it. The check
    // and the statement run in one continuation, so nothing can begin between them. Transactions end
    // within the turn of the event loop they began in: this is a wait of microtasks, never of I/O.
    const store: SqliteStore = {
      dialect: 'sqlite',
      display: path,
      sqlite,
      path,
      dataVersion: readVersion,
      async all(query, args) {
        if (!insideTransaction) while (shared.open) await shared.open;
        return runner.all(query, args);
      },
      async first(query, args) {
        if (!insideTransaction) while (shared.open) await shared.open;
        return runner.first(query, args);
      },
      async run(query, args) {
        if (!insideTransaction) while (shared.open) await shared.open;
        try {
          return runner.run(query, args);
        } finally {
          noteLocalWrite();
        }
      },
      async transaction<T>(body: (inner: SqliteStore) => Promise<T>, options: TransactionOptions = {}) {
        if (insideTransaction) throw new Error('Transactions do not nest: use the store the body was given.');
        // Checked and claimed in one continuation (no await between), so two waiters never both begin.
        while (shared.open) await shared.open;
        // IMMEDIATE takes the write lock up front, so a second writer waits busy_timeout at the start
        // rather than failing half way; a read-only snapshot takes no lock.
        sqlite.exec(options.readOnly ? 'BEGIN' : 'BEGIN IMMEDIATE');
        let end!: () => void;
        shared.open = new Promise((resolve) => {
          end = resolve;
        });
        // A body that awaits only its own queries ends before the event loop's next check phase.
        let held = false;
        const check = setImmediate(() => {
          held = true;
        });
        try {
          const result = await body(make(true));
          if (held) throw new StoreHeldError();
          sqlite.exec('COMMIT');
          return result;
        } catch (error) {
          if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
          throw error;
        } finally {
          // Committed or rolled back: the data version may have moved either way.
          noteLocalWrite();
          clearImmediate(check);
          shared.open = undefined;
          end();
        }
      },
    };
    return store;
  };
  return make(false);
}
