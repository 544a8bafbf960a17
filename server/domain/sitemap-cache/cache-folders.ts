// Where a server process keeps its sitemap files. Each process owns one folder (it clears it when it
// starts and retires old versions in it): several processes (SERVER_PROCESSES, or instances sharing a
// data volume) would otherwise remove each other's files while they serve them. A folder left by a
// process that has ended is removed by the next one to start on the same machine.
import { readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { DatabaseAddress } from '../../../db/address.ts';
import { DEFAULT_DATABASE_PATH } from '../../../db/connection.ts';

/** The folder for one database's sitemaps, in `dir` (SITEMAP_CACHE_DIR) when given, else beside a
 *  SQLite file (its folder is writable, as the WAL needs) or, for PostgreSQL, which has no file to sit
 *  beside, under ./data (where the default SQLite database lives and delete-all's backups go). */
export function sitemapCacheBase(address: DatabaseAddress, dir?: string): string {
  if (address.dialect === 'sqlite') {
    return join(dir ?? join(dirname(address.path), 'sitemap-cache'), basename(address.path));
  }
  const url = new URL(address.url);
  const name = `postgres-${url.hostname}-${url.port || '5432'}-${url.pathname.slice(1)}`;
  const parent = dir ?? join(dirname(DEFAULT_DATABASE_PATH), 'sitemap-cache');
  return join(parent, name.replace(/[^A-Za-z0-9._-]/g, '_'));
}

/** This process's folder under base: named by machine and process id, so that a container's pid 1
 *  on a shared volume is told apart from another's. */
export function processFolderName(pid = process.pid): string {
  return `${hostname().replace(/[^A-Za-z0-9._-]/g, '_')}-${pid}`;
}

/** Removes the folders under base of this machine's processes that have ended. */
export function sweepEndedProcessFolders(base: string): void {
  let entries: string[];
  try {
    entries = readdirSync(base);
  } catch {
    return;
  }
  const prefix = processFolderName(0).slice(0, -1);
  for (const entry of entries) {
    // Folders of a version that kept one folder per database, not per process.
    if (/^(?:v\d+|tmp)-/.test(entry)) {
      rmSync(join(base, entry), { recursive: true, force: true });
      continue;
    }
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(base, entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
