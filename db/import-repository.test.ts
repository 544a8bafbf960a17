import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ftsIntegrityCheck } from './search/fts-index.ts';
import { idsWithWords as ftsSearchIds } from './search/search-reads.ts';
import { openSqlite } from './connection.ts';
import { createStager, type MergeOptions } from './import-repository.ts';
import { readSiteCounts } from './stats-repository.ts';
import { stagedRow, stageAndMerge as stageRowsAndMerge } from './testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase();
});
afterEach(async () => {
  await database.dispose();
});

const stageAndMerge = (rows: ReturnType<typeof stagedRow>[], options: Partial<MergeOptions> = {}) =>
  stageRowsAndMerge(database.sqlite, rows, options);

const count = (sql: string) => (database.sqlite.prepare(sql).get() as { n: number }).n;

describe('mergeStagedRows', () => {
  it('inserts new rows, indexes them for search and refreshes the counts', () => {
    const result = stageAndMerge([
      stagedRow(2),
      stagedRow(3, { name: 'Smile Dental', city: 'Boston', city_key: 'boston' }),
    ]);
    expect(result).toMatchObject({ imported: 2, updated: 0, existingSkipped: 0, unchanged: 0 });
    expect(count('SELECT COUNT(*) AS n FROM businesses')).toBe(2);
    expect(count('SELECT COUNT(*) AS n FROM temp.import_staging')).toBe(0);
    expect(ftsSearchIds(database.sqlite, 'smile', 10)).toHaveLength(1);
    ftsIntegrityCheck(database.sqlite);
    expect(readSiteCounts(database.sqlite)).toMatchObject({
      totalBusinesses: 2,
      totalCities: 2,
      totalReviews: 20,
    });
  });

  it('skips place_ids already in the database and keeps the original row', () => {
    stageAndMerge([stagedRow(2, { name: 'Original' })]);
    const result = stageAndMerge([stagedRow(2, { name: 'Changed' }), stagedRow(3)]);
    expect(result).toMatchObject({ imported: 1, updated: 0, existingSkipped: 1, unchanged: 0 });
    expect(database.sqlite.prepare('SELECT name FROM businesses').pluck().all()).toContain('Original');
  });

  it('updates existing rows in update mode, keeps their slug, and re-indexes their text', () => {
    stageAndMerge([stagedRow(2, { name: 'Original Name' })]);
    const before = database.sqlite.prepare('SELECT slug, updated_at FROM businesses').get() as {
      slug: string;
      updated_at: string;
    };
    const result = stageAndMerge([stagedRow(2, { name: 'Renamed Clinic', slug: 'renamed-clinic-ChIJtes' })], {
      updateExisting: true,
    });
    expect(result).toMatchObject({ imported: 0, updated: 1, existingSkipped: 0, unchanged: 0 });
    const after = database.sqlite.prepare('SELECT name, slug, updated_at FROM businesses').get() as {
      name: string;
      slug: string;
      updated_at: string;
    };
    expect(after.name).toBe('Renamed Clinic');
    expect(after.slug).toBe(before.slug);
    expect(after.updated_at >= before.updated_at).toBe(true);
    expect(ftsSearchIds(database.sqlite, 'renamed', 10)).toHaveLength(1);
    expect(ftsSearchIds(database.sqlite, 'original', 10)).toHaveLength(0);
    ftsIntegrityCheck(database.sqlite);
  });

  it('does not touch updated_at when an update brings identical data', () => {
    stageAndMerge([stagedRow(2)]);
    const before = database.sqlite.prepare('SELECT updated_at FROM businesses').pluck().get();
    const result = stageAndMerge([stagedRow(2)], { updateExisting: true });
    expect(result).toMatchObject({ imported: 0, updated: 0, existingSkipped: 0, unchanged: 1, updates: [] });
    expect(database.sqlite.prepare('SELECT updated_at FROM businesses').pluck().get()).toBe(before);
  });

  it('gives a new business a free slug when its slug is taken by another business', () => {
    stageAndMerge([stagedRow(2, { slug: 'cafe-chijabc' })]);
    stageAndMerge([stagedRow(3, { slug: 'cafe-chijabc' })]);
    const slugs = database.sqlite.prepare('SELECT slug FROM businesses ORDER BY id').pluck().all();
    expect(slugs).toEqual(['cafe-chijabc', 'cafe-chijabc-2']);
  });

  it('writes nothing in a dry run but reports the same counts', () => {
    stageAndMerge([stagedRow(2)]);
    const result = stageAndMerge([stagedRow(2), stagedRow(3), stagedRow(4)], { dryRun: true });
    expect(result).toMatchObject({ imported: 2, updated: 0, existingSkipped: 1, unchanged: 0 });
    expect(count('SELECT COUNT(*) AS n FROM businesses')).toBe(1);
    expect(readSiteCounts(database.sqlite).totalBusinesses).toBe(1);
  });

  it('rolls the whole merge back when it fails half way', () => {
    stageAndMerge([stagedRow(2)]);
    expect(() =>
      stageAndMerge([stagedRow(3), stagedRow(4)], {
        beforeCommit: () => {
          throw new Error('disk full');
        },
      }),
    ).toThrow('disk full');
    expect(count('SELECT COUNT(*) AS n FROM businesses')).toBe(1);
    expect(readSiteCounts(database.sqlite).totalBusinesses).toBe(1);
    ftsIntegrityCheck(database.sqlite);
  });
});

describe('staging', () => {
  it('keeps the staged rows on the importing connection only, never in the database file', () => {
    createStager(database.sqlite, 1)([stagedRow(2), stagedRow(3)]);
    expect(count('SELECT COUNT(*) AS n FROM temp.import_staging')).toBe(2);
    const other = openSqlite(database.path);
    try {
      expect(other.prepare(`SELECT name FROM sqlite_schema WHERE name LIKE 'import_staging%'`).all()).toEqual(
        [],
      );
    } finally {
      other.close();
    }
  });
});
