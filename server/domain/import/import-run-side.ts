// The import's database work in the process that starts it (the server or the CLI), before and after
// the import's own process runs: the import lock, the correction of runs a killed process left
// running, and the run record's creation (and its end, when the import fails). SQLite keeps its
// original order and calls; PostgreSQL takes the lock first (an advisory lock, decision 0034), and
// holding it proves that no import runs anywhere, so every run still marked running is interrupted.
import type { Sqlite } from '../../../db/connection.ts';
import {
  createImportRun,
  createImportRunIn,
  finishImportRun,
  finishImportRunIn,
  type ImportRunOutcome,
  interruptRunningImportsIn,
  type NewImportRun,
  recoverInterruptedImports,
} from '../../../db/import-runs-repository.ts';
import { acquireLock, releaseLock } from '../../../db/lock-repository.ts';
import { acquireNamedLock } from '../../../db/locks/named-lock.ts';
import type { AppLockTable } from '../../../db/schema.ts';
import type { PostgresStore } from '../../../db/store/store.ts';
import { IMPORT_LOCK } from './import-lock.ts';
import type { ImportJobDatabase } from './import-types.ts';

/** The database an import writes to: SQLite's handle (the server's connection, or the CLI's), or a
 *  PostgreSQL store with the address the import's process connects to. */
export type ImportDatabase = SqliteImportDatabase | PostgresImportDatabase;
type SqliteImportDatabase = { readonly sqlite: Sqlite; readonly path: string };
type PostgresImportDatabase = { readonly store: PostgresStore; readonly url: string };

/** How often the parent refreshes a PostgreSQL lock's row and checks that its connection still holds it. */
const HEARTBEAT_MS = 5_000;

export interface ImportRunSide {
  /** Where the import's process connects. */
  readonly job: ImportJobDatabase;
  /** The lock's owner (SQLite: the import's process writes the heartbeat). */
  readonly lockOwner: string;
  /** The SQLite file beside which the live progress is kept for other processes (live-progress.ts). */
  readonly liveProgressDbPath?: string;
  createRun(run: NewImportRun): Promise<number>;
  finishRun(runId: number, outcome: ImportRunOutcome): Promise<void>;
  /** Keeps the lock visibly alive while the import runs; onLost when it is gone (PostgreSQL: its
   *  connection ended) so that the import stops rather than run unlocked. Returns what stops it. */
  keepLock(onLost: (error: Error) => void): () => void;
  release(): Promise<void>;
}

/** Takes the import lock, or answers who holds it. */
export async function takeImportLock(
  database: ImportDatabase,
  startedBy: string,
): Promise<{ side: ImportRunSide } | { holder: AppLockTable }> {
  return onPostgres(database)
    ? postgresSide(database, startedBy)
    : sqliteSide(database as SqliteImportDatabase, startedBy);
}

/** By the store's dialect: a SQLite handle may carry a store of its own too. */
function onPostgres(database: ImportDatabase): database is PostgresImportDatabase {
  return 'url' in database && database.store.dialect === 'postgres';
}

function sqliteSide(
  database: SqliteImportDatabase,
  startedBy: string,
): { side: ImportRunSide } | { holder: AppLockTable } {
  const { sqlite } = database;
  recoverInterruptedImports(sqlite);
  const lock = acquireLock(sqlite, IMPORT_LOCK, startedBy);
  if (!lock.acquired) return { holder: lock.holder };
  return {
    side: {
      job: { dialect: 'sqlite', path: database.path },
      lockOwner: lock.owner,
      liveProgressDbPath: database.path,
      async createRun(run) {
        return createImportRun(sqlite, run);
      },
      async finishRun(runId, outcome) {
        finishImportRun(sqlite, runId, outcome);
      },
      // The import's process writes the heartbeat on its own connection: the parent's would wait for
      // the merge's write lock.
      keepLock: () => () => {},
      async release() {
        releaseLock(sqlite, IMPORT_LOCK, lock.owner);
      },
    },
  };
}

async function postgresSide(
  database: PostgresImportDatabase,
  startedBy: string,
): Promise<{ side: ImportRunSide } | { holder: AppLockTable }> {
  const { store } = database;
  const taken = await acquireNamedLock(store, IMPORT_LOCK, startedBy);
  if (!taken.acquired) return { holder: taken.holder };
  const { lock } = taken;
  try {
    await interruptRunningImportsIn(store);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return {
    side: {
      job: { dialect: 'postgres', url: database.url, display: store.display },
      lockOwner: lock.owner,
      createRun: (run) => createImportRunIn(store, run),
      finishRun: (runId, outcome) => finishImportRunIn(store, runId, outcome),
      keepLock(onLost) {
        const timer = setInterval(() => {
          lock.heartbeat().catch((error: Error) => {
            clearInterval(timer);
            onLost(error);
          });
        }, HEARTBEAT_MS);
        timer.unref();
        return () => clearInterval(timer);
      },
      // A connection that fails to unlock is closed (named-lock's release), which ends the lock too:
      // the import's outcome is what the caller is told.
      release: () => lock.release().catch(() => {}),
    },
  };
}
