// Where backups go and what they are called: BACKUP_DIR, else backups/ beside the database, one name per kind
// with the time it was taken, so that names sort by age and rotation can tell our files from anyone
// else's. A copy is written under a hidden temporary name and renamed when complete and checked;
// the temporary names carry the writer's pid, so that leftovers of a killed writer can be told from
// a copy another process is writing right now.
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { loadConfig } from '../../config.ts';

export type BackupKind = 'backup' | 'before-delete-all' | 'before-restore';

const KINDS: readonly BackupKind[] = ['backup', 'before-delete-all', 'before-restore'];

/** directory-{kind}-2026-11-26T00-51-00-123Z.db: an ISO time with : and . replaced, as delete-all
 *  always named its copies. */
const BACKUP_NAME =
  /^directory-(backup|before-delete-all|before-restore)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;

/** .{final name}.{pid}.partial, and the journal SQLite may keep beside it. */
const PARTIAL_NAME = /^\.(.+)\.(\d+)\.partial(-journal|-wal|-shm)?$/;

export function backupDirectoryOf(databasePath: string): string {
  return loadConfig().BACKUP_DIR ?? join(dirname(databasePath), 'backups');
}

export function backupFileName(kind: BackupKind, now: Date): string {
  return `directory-${kind}-${now.toISOString().replace(/[:.]/g, '-')}.db`;
}

export function isBackupFileName(name: string, kind?: BackupKind): boolean {
  const match = BACKUP_NAME.exec(name);
  return match !== null && (kind === undefined || match[1] === kind);
}

export function partialPathFor(finalPath: string): string {
  return join(dirname(finalPath), `.${basename(finalPath)}.${process.pid}.partial`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes what killed backups left in `dir` (our temporary names whose writer is gone). */
export function removeLeftoverPartials(dir: string): string[] {
  const removed: string[] = [];
  for (const name of safeList(dir)) {
    const match = PARTIAL_NAME.exec(name);
    if (!match) continue;
    const pid = Number(match[2]);
    if (pid !== process.pid && processAlive(pid)) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Keeps the newest `keep` backups of each kind in `dir`; deletes only files named as ours. */
export function rotateBackups(dir: string, keep: number): string[] {
  const names = safeList(dir);
  const removed: string[] = [];
  for (const kind of KINDS) {
    const ofKind = names.filter((name) => isBackupFileName(name, kind)).sort();
    for (const name of ofKind.slice(0, Math.max(0, ofKind.length - keep))) {
      rmSync(join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
