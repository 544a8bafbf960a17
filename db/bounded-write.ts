// A write transaction that waits only so long for another writer (decision 0013's short wait, on
// both dialects). SQLite: a running import's merge holds the file's write lock, and a main-thread
// write waiting behind it blocks the event loop for the whole wait (better-sqlite3 is synchronous),
// so the wait is short and the caller answers "busy, try again". PostgreSQL: an import's merge is one
// transaction whose row locks (the businesses it updates, the counts it recounts, the data version)
// make a write wait without blocking anything else; the wait is bounded by lock_timeout (and the
// whole statement by statement_timeout) so a request never hangs, and the same "busy" answer follows.
import type { Sqlite } from './connection.ts';
import type { Store } from './store/store.ts';

/** How long a PostgreSQL write waits for a row another transaction holds (an import's merge): longer
 *  than SQLite's, since the wait blocks nothing but the request. */
export const POSTGRES_LOCK_WAIT_MS = 3_000;
/** Any one statement of such a write, however it is held up. */
export const POSTGRES_STATEMENT_LIMIT_MS = 15_000;

/** Per connection: the busy timeout to go back to, and how many bounded writes are under way (two
 *  begun in one turn must not restore each other's short timeout as the "previous" one). */
const shortened = new WeakMap<Sqlite, { previous: number; depth: number }>();

/**
 * Runs body in a write transaction of the store, giving up when another writer holds what it needs
 * for longer than `sqliteWaitMs` (SQLite) or POSTGRES_LOCK_WAIT_MS (PostgreSQL). Throws the driver's
 * error then: isBusyError tells it apart.
 */
export async function boundedWriteTransaction<T>(
  store: Store,
  sqliteWaitMs: number,
  body: (tx: Store) => Promise<T>,
): Promise<T> {
  if (store.dialect === 'postgres') {
    return store.transaction(async (tx) => {
      await tx.query(
        `SET LOCAL lock_timeout = ${POSTGRES_LOCK_WAIT_MS}; SET LOCAL statement_timeout = ${POSTGRES_STATEMENT_LIMIT_MS}`,
      );
      return body(tx);
    });
  }
  const { sqlite } = store;
  let state = shortened.get(sqlite);
  if (!state) {
    state = { previous: sqlite.pragma('busy_timeout', { simple: true }) as number, depth: 0 };
    shortened.set(sqlite, state);
  }
  state.depth++;
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(sqliteWaitMs))}`);
  try {
    return await store.transaction(body);
  } finally {
    state.depth--;
    if (state.depth === 0) {
      sqlite.pragma(`busy_timeout = ${state.previous}`);
      shortened.delete(sqlite);
    }
  }
}

/** PostgreSQL's codes for a wait given up: lock_not_available (lock_timeout), query_canceled
 *  (statement_timeout), deadlock_detected (a cycle with the other writer: retrying is the cure). */
const POSTGRES_BUSY_CODES = new Set(['55P03', '57014', '40P01']);

/** Whether an error is "another writer held the database too long" on either dialect. */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_BUSY_SNAPSHOT' ||
    (typeof code === 'string' && POSTGRES_BUSY_CODES.has(code))
  );
}
