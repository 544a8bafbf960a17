// Where a big write's checkpoint runs. SQLite checkpoints automatically at the COMMIT that takes the
// WAL past 1,000 pages, and the first write after a full checkpoint restarts the WAL and truncates
// the file to journal_size_limit. After a 100,000-row merge (a ~200 MB WAL) both are heavy: the
// checkpoint made the COMMIT one silent ~1 s call, and the truncation (~50 ms) fell to whichever
// connection wrote next — the server's event loop, releasing the import lock, with visitors waiting.
// So a background job runs its big transaction without the automatic checkpoint, reports progress,
// and then checkpoints and empties the WAL itself, on its own connection.
import type { Sqlite } from './connection.ts';

/** Runs fn (one large transaction) with the automatic checkpoint at its COMMIT turned off on this
 *  connection, then puts the connection's threshold back: call checkpointAndEmptyWal after it, from
 *  the same thread. */
export function withoutAutoCheckpoint<T>(sqlite: Sqlite, fn: () => T): T {
  const pages = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  sqlite.pragma('wal_autocheckpoint = 0');
  try {
    return fn();
  } finally {
    sqlite.pragma(`wal_autocheckpoint = ${pages}`);
  }
}

export interface CheckpointResult {
  /** Frames the WAL held, all copied into the database file unless busy. */
  frames: number;
  /** True when a connection still reading an older snapshot kept some frames in the WAL. */
  busy: boolean;
}

/** Copies every committed frame into the database file, then empties the WAL file.
 *  PASSIVE first, which does the copying without blocking readers or writers (another connection
 *  may write meanwhile; visitors' reads never wait). TRUNCATE then has nothing left to copy: it
 *  holds the write lock only while readers of the older snapshot finish (milliseconds) and the file
 *  is cut to zero, so the next writer, wherever it runs, starts on an empty WAL. */
export function checkpointAndEmptyWal(sqlite: Sqlite): CheckpointResult {
  const [passive] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number }[];
  const [truncate] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  return { frames: passive?.log ?? 0, busy: (truncate?.busy ?? 0) !== 0 };
}
