import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/connection.ts';
import { refreshAggregates } from '../../../db/stats-repository.ts';
import { insertSampleRows, openMigratedDatabase, sampleBusinessRow } from '../seo/testing/sample-businesses.ts';
import { writeAllSitemaps } from './sitemap-files.ts';
import { getSitemapStats } from './sitemap-stats.ts';
import { writeSitemapFile } from './sitemap-writer.ts';
import { Collector, parseEntries } from './testing/sitemap-test-support.ts';

const SITE = 'https://directory.example';
let dir: string;
let out: string;
let handle: DatabaseHandle;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-files-'));
  out = join(dir, 'public');
  handle = await openMigratedDatabase(join(dir, 'test.db'));
  insertSampleRows(
    handle.sqlite,
    Array.from({ length: 10 }, (_, k) => sampleBusinessRow(k + 1)),
  );
  refreshAggregates(handle.sqlite);
  rmSync(out, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(out));
});

afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('writeAllSitemaps', () => {
  it('writes the index and every file, identical to what the server streams', async () => {
    const options = { siteUrl: SITE, businessesPerSitemap: 3 };
    const { files } = await writeAllSitemaps(handle.sqlite, options, out);
    const names = files.map((f) => basename(f));
    expect(names).toEqual([
      'sitemap.xml',
      'sitemap-main.xml',
      'sitemap-categories.xml',
      'sitemap-cities.xml',
      'sitemap-businesses-1.xml',
      'sitemap-businesses-2.xml',
      'sitemap-businesses-3.xml',
      'sitemap-businesses-4.xml',
    ]);
    expect(readdirSync(out).sort()).toEqual([...names].sort());
    const stats = getSitemapStats(handle.sqlite, options);
    expect(stats.totalSitemaps).toBe(names.length - 1);
    for (const name of names) {
      const streamed = new Collector();
      expect(await writeSitemapFile(handle.sqlite, name, options, streamed)).toBe(true);
      expect(readFileSync(join(out, name), 'utf8'), name).toBe(streamed.text);
    }
    const index = parseEntries(readFileSync(join(out, 'sitemap.xml'), 'utf8'), 'sitemap').map((e) => e.loc);
    expect(index).toEqual(names.slice(1).map((n) => `${SITE}/${n}`));
  });

  it('gives exactly k files for k·N businesses and removes business files a larger run left behind', async () => {
    writeFileSync(join(out, 'sitemap-businesses-9.xml'), 'stale');
    writeFileSync(join(out, 'unrelated.txt'), 'keep');
    const { files } = await writeAllSitemaps(handle.sqlite, { siteUrl: SITE, businessesPerSitemap: 5 }, out);
    expect(files.filter((f) => basename(f).startsWith('sitemap-businesses-'))).toHaveLength(2);
    expect(readdirSync(out)).not.toContain('sitemap-businesses-9.xml');
    expect(readdirSync(out)).toContain('unrelated.txt');
    expect(readdirSync(out).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('writes only the fixed files for an empty directory', async () => {
    handle.sqlite.prepare('DELETE FROM businesses').run();
    const { files } = await writeAllSitemaps(handle.sqlite, { siteUrl: SITE }, out);
    expect(files.map((f) => basename(f))).toEqual([
      'sitemap.xml',
      'sitemap-main.xml',
      'sitemap-categories.xml',
      'sitemap-cities.xml',
    ]);
    expect(parseEntries(readFileSync(join(out, 'sitemap-cities.xml'), 'utf8'))).toEqual([]);
  });
});
