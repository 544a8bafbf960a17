// Each server process keeps its sitemap files in its own folder, so that processes or instances
// sharing a data folder never remove each other's files; the folders of ended processes go.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processFolderName, sitemapCacheBase, sweepEndedProcessFolders } from './cache-folders.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-folders-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('sitemapCacheBase', () => {
  it('sits beside a SQLite file, or in ./data (or SITEMAP_CACHE_DIR) for PostgreSQL, never naming the password', () => {
    expect(sitemapCacheBase({ dialect: 'sqlite', path: '/srv/site/directory.db', display: '' })).toBe(
      '/srv/site/sitemap-cache/directory.db',
    );
    const postgres = {
      dialect: 'postgres' as const,
      url: 'postgres://app:secret@db.internal:6543/directory',
      display: 'postgres://app:***@db.internal:6543/directory',
    };
    expect(sitemapCacheBase(postgres)).toBe(
      join('data', 'sitemap-cache', 'postgres-db.internal-6543-directory'),
    );
    expect(sitemapCacheBase(postgres, '/var/cache/site')).toBe(
      '/var/cache/site/postgres-db.internal-6543-directory',
    );
  });
});

describe('sweepEndedProcessFolders', () => {
  it('removes the folders of this machine’s ended processes and of the old layout, and keeps the live ones', () => {
    const mine = join(dir, processFolderName());
    const parent = join(dir, processFolderName(process.ppid));
    // A pid far above any in use: that process has ended.
    const ended = join(dir, processFolderName(4_000_000));
    const otherMachine = join(dir, 'another-host-4000000');
    const oldLayout = join(dir, 'v12-abcdef');
    for (const folder of [mine, parent, ended, otherMachine, oldLayout]) mkdirSync(folder);
    sweepEndedProcessFolders(dir);
    expect([mine, parent, ended, otherMachine, oldLayout].map((folder) => existsSync(folder))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});
