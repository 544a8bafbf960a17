// Test support for imports across processes: find the import processes (server/runtime/entry-points.ts)
// that hold a database file open, and read a figure from the file with a connection of the test's own.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { IMPORT_PROCESS_SCRIPT } from '../../server/runtime/entry-points.ts';

export function readOne<T>(db: string, sql: string): T {
  const sqlite = new BetterSqlite3(db, { readonly: true });
  try {
    return sqlite.prepare(sql).get() as T;
  } finally {
    sqlite.close();
  }
}

/** Import processes with this database file open (Linux: /proc). */
export function importProcessesUsing(db: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!IMPORT_PROCESS_SCRIPT.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      const files = readdirSync(`/proc/${pid}/fd`).map((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      });
      if (files.includes(db)) found.push(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}
