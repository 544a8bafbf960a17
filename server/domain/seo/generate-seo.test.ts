import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateBusinessRow } from '../../../db/admin-business-repository.ts';
import type { DatabaseHandle } from '../../../db/connection.ts';
import { readDataVersion } from '../../../db/stats-repository.ts';
import { generateSeo } from './generate-seo.ts';
import { countWords } from './plain-text.ts';
import { insertSampleRows, openMigratedDatabase, sampleBusinessRow } from './testing/sample-businesses.ts';

const SITE = 'https://directory.example';
let dir: string;
let handle: DatabaseHandle;

interface Stored {
  id: number;
  slug: string;
  about: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  updated_at: string;
}

function readAll(): Stored[] {
  return handle.sqlite
    .prepare(
      'SELECT id, slug, about, seo_title, seo_description, canonical_url, updated_at FROM businesses ORDER BY id',
    )
    .all() as Stored[];
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seo-'));
  handle = await openMigratedDatabase(join(dir, 'test.db'));
  insertSampleRows(
    handle.sqlite,
    Array.from({ length: 25 }, (_, k) => sampleBusinessRow(k + 1)),
  );
});

afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('generateSeo', () => {
  it('fills every row in batches, stamping updated_at, and reports progress', () => {
    const progress: [number, number][] = [];
    const result = generateSeo(handle.sqlite, {
      siteUrl: SITE,
      batchSize: 7,
      now: () => new Date('2026-02-01T10:00:00.000Z'),
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.updated).toBe(25);
    expect(progress).toEqual([
      [0, 25],
      [7, 25],
      [14, 25],
      [21, 25],
      [25, 25],
    ]);
    for (const row of readAll()) {
      expect(countWords(row.about ?? '')).toBeGreaterThanOrEqual(200);
      expect(row.seo_title).toBeTruthy();
      expect(row.seo_description).toBeTruthy();
      expect(row.canonical_url).toBe(`${SITE}/details/${encodeURIComponent(row.slug)}`);
      expect(row.updated_at).toBe('2026-02-01T10:00:00.000Z');
    }
  });

  it('makes its texts visible in steps, not batch by batch: caches are emptied once per step', () => {
    const version = () => readDataVersion(handle.sqlite);
    const start = version();
    generateSeo(handle.sqlite, { siteUrl: SITE, batchSize: 7 });
    // Four batches written within the publishing interval: one bump, at the end.
    expect(version()).toBe(start + 1);
    // A re-run that writes nothing changes nothing.
    generateSeo(handle.sqlite, { siteUrl: SITE, batchSize: 7 });
    expect(version()).toBe(start + 1);
    // With no interval, every batch that wrote is published at once (four batches).
    generateSeo(handle.sqlite, { siteUrl: 'https://elsewhere.example', batchSize: 7, publishEveryMs: 0 });
    expect(version()).toBe(start + 5);
  });

  it('updates 0 rows when re-run on the same data, leaving updated_at alone', () => {
    generateSeo(handle.sqlite, { siteUrl: SITE, now: () => new Date('2026-02-01T10:00:00.000Z') });
    const before = readAll();
    const again = generateSeo(handle.sqlite, {
      siteUrl: SITE,
      now: () => new Date('2026-03-01T10:00:00.000Z'),
    });
    expect(again.updated).toBe(0);
    expect(readAll()).toEqual(before);
  });

  it('updates only the rows whose data changed, and all rows when the site URL changes', () => {
    generateSeo(handle.sqlite, { siteUrl: SITE, now: () => new Date('2026-02-01T10:00:00.000Z') });
    handle.sqlite.prepare('UPDATE businesses SET review_count = review_count + 1 WHERE id IN (3, 17)').run();
    const later = '2026-03-01T10:00:00.000Z';
    expect(generateSeo(handle.sqlite, { siteUrl: SITE, now: () => new Date(later) }).updated).toBe(2);
    const changed = readAll()
      .filter((r) => r.updated_at === later)
      .map((r) => r.id);
    expect(changed).toEqual([3, 17]);
    expect(generateSeo(handle.sqlite, { siteUrl: 'https://other.example' }).updated).toBe(25);
  });

  it('keeps a title or text the administrator wrote by hand, and regenerates the rest', () => {
    generateSeo(handle.sqlite, { siteUrl: SITE });
    updateBusinessRow(handle.sqlite, 5, { seo_title: 'Our own title' }, '2026-02-02T10:00:00.000Z');
    handle.sqlite.prepare('UPDATE businesses SET review_count = review_count + 1 WHERE id = 5').run();
    const before = readAll().find((r) => r.id === 5)!;
    expect(generateSeo(handle.sqlite, { siteUrl: 'https://other.example' }).updated).toBe(25);
    const after = readAll().find((r) => r.id === 5)!;
    expect(after.seo_title).toBe('Our own title');
    expect(after.canonical_url).toMatch(/^https:\/\/other\.example\//);
    expect(after.about).not.toBe(before.about);
  });

  it('regenerates from the new data a row that an import changed between reading and writing', () => {
    let calls = 0;
    const result = generateSeo(handle.sqlite, {
      siteUrl: SITE,
      // now() runs inside the write transaction: changing row 3 there stands in for an import that
      // committed after the batch was read and before its write lock was taken.
      now: () => {
        if (calls++ === 0) {
          handle.sqlite
            .prepare(
              `UPDATE businesses SET review_count = 4321, updated_at = '2026-01-15T00:00:00.000Z' WHERE id = 3`,
            )
            .run();
        }
        return new Date('2026-02-01T10:00:00.000Z');
      },
    });
    expect(result.updated).toBe(25);
    const row3 = readAll().find((r) => r.id === 3);
    expect(row3?.about).toContain('4,321');
    expect(row3?.updated_at).toBe('2026-02-01T10:00:00.000Z');
    expect(generateSeo(handle.sqlite, { siteUrl: SITE }).updated).toBe(0);
  });

  it('handles an empty table', async () => {
    handle.sqlite.prepare('DELETE FROM businesses').run();
    const progress: [number, number][] = [];
    expect(
      generateSeo(handle.sqlite, { siteUrl: SITE, onProgress: (d, t) => progress.push([d, t]) }),
    ).toEqual({
      updated: 0,
    });
    expect(progress).toEqual([[0, 0]]);
  });

  it('rejects a batch size that is not a positive integer', () => {
    expect(() => generateSeo(handle.sqlite, { siteUrl: SITE, batchSize: 0 })).toThrow(RangeError);
  });
});
