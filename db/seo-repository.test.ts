import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  insertSampleRows,
  openMigratedDatabase,
  sampleBusinessRow,
} from '../server/domain/seo/testing/sample-businesses.ts';
import type { DatabaseHandle } from './connection.ts';
import { countBusinesses, readSeoBatch, readSeoRow, writeSeoUpdates } from './seo-repository.ts';

let dir: string;
let handle: DatabaseHandle;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seo-repo-'));
  handle = await openMigratedDatabase(join(dir, 'test.db'));
  insertSampleRows(handle.sqlite, [1, 2, 3, 4, 5].map(sampleBusinessRow));
});

afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seo repository', () => {
  it('reads keyset batches in id order', () => {
    expect(countBusinesses(handle.sqlite)).toBe(5);
    expect(readSeoBatch(handle.sqlite, 0, 2).map((r) => r.id)).toEqual([1, 2]);
    expect(readSeoBatch(handle.sqlite, 2, 10).map((r) => r.id)).toEqual([3, 4, 5]);
    expect(readSeoBatch(handle.sqlite, 5, 10)).toEqual([]);
    const row = readSeoBatch(handle.sqlite, 0, 1)[0];
    expect(row?.place_id).toBe(sampleBusinessRow(1).place_id);
    expect(row?.about).toBeNull();
  });

  it('writes the SEO columns and updated_at of the given rows only', () => {
    const result = writeSeoUpdates(
      handle.sqlite,
      [
        {
          id: 2,
          readUpdatedAt: sampleBusinessRow(2).updated_at,
          about: 'a',
          seoTitle: 't',
          seoDescription: 'd',
          canonicalUrl: 'u',
        },
      ],
      '2026-01-02T00:00:00.000Z',
    );
    expect(result).toEqual({ written: 1, changedMeanwhile: [] });
    const rows = handle.sqlite
      .prepare(
        'SELECT id, about, seo_title, seo_description, canonical_url, updated_at FROM businesses ORDER BY id',
      )
      .all() as { id: number; about: string | null; updated_at: string }[];
    expect(rows[1]).toEqual({
      id: 2,
      about: 'a',
      seo_title: 't',
      seo_description: 'd',
      canonical_url: 'u',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(rows[0]?.about).toBeNull();
    expect(rows[0]?.updated_at).toBe(sampleBusinessRow(1).updated_at);
  });

  it('skips a row whose updated_at moved since it was read, and reports it', () => {
    const update = {
      id: 3,
      readUpdatedAt: 'an older stamp',
      about: 'a',
      seoTitle: 't',
      seoDescription: 'd',
      canonicalUrl: 'u',
    };
    expect(writeSeoUpdates(handle.sqlite, [update], '2026-01-02T00:00:00.000Z')).toEqual({
      written: 0,
      changedMeanwhile: [3],
    });
    expect(readSeoRow(handle.sqlite, 3)?.about).toBeNull();
    expect(readSeoRow(handle.sqlite, 99)).toBeUndefined();
  });
});
