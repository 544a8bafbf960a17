// The merge runs its large statements in batches of staged rows (to report progress) inside its one
// transaction: these tests check that it reports as it goes and writes exactly what one unbatched
// merge writes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ftsIntegrityCheck } from './search/fts-index.ts';
import { idsWithWords as ftsSearchIds } from './search/search-reads.ts';
import type { MergeOptions, MergeProgress } from './import-repository.ts';
import { readSiteCounts } from './stats-repository.ts';
import { stagedRow, stageAndMerge as stageRowsAndMerge, type TestStagedRow } from './testing/staged-row.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let batched: TempDatabase;
let unbatched: TempDatabase;
beforeEach(async () => {
  batched = await createTempDatabase();
  unbatched = await createTempDatabase();
});
afterEach(async () => {
  await batched.dispose();
  await unbatched.dispose();
});

const stageAndMerge = (database: TempDatabase, rows: TestStagedRow[], options: Partial<MergeOptions> = {}) =>
  stageRowsAndMerge(database.sqlite, rows, options);

/** Everything the merge writes, but the clock times (each merge reads its own clock). */
function snapshot(database: TempDatabase) {
  const { sqlite } = database;
  const businesses = (
    sqlite.prepare('SELECT * FROM businesses ORDER BY id').all() as Record<string, unknown>[]
  ).map(({ created_at: _created, updated_at: _updated, ...rest }) => rest);
  const table = (name: string) => sqlite.prepare(`SELECT * FROM ${name} ORDER BY 1`).all();
  ftsIntegrityCheck(sqlite);
  return {
    businesses,
    cityStats: table('city_stats'),
    categoryStats: table('category_stats'),
    countryStats: table('country_stats'),
    siteCounts: readSiteCounts(sqlite),
    search: ['renamed', 'business', 'boston', 'dental'].map((word) => ftsSearchIds(sqlite, word, 5000)),
    staged: sqlite.prepare('SELECT COUNT(*) FROM temp.import_staging').pluck().get(),
  };
}

/** A first import, then a second one in update mode with changed, unchanged, new and colliding rows.
 *  Row numbers have gaps (rejected rows and in-file duplicates are never staged). */
function secondImport(): TestStagedRow[] {
  const rows: TestStagedRow[] = [];
  for (let n = 2; n <= 40; n += 3) {
    rows.push(
      n % 2 === 0 ? stagedRow(n, { name: `Renamed ${n}`, city: 'Boston', city_key: 'boston' }) : stagedRow(n),
    );
  }
  for (let n = 100; n < 125; n++) rows.push(stagedRow(n, { name: `Smile Dental ${n}` }));
  // Takes the slug of row 5 of the first import: the merge must pick a free one.
  rows.push(stagedRow(130, { slug: stagedRow(5).slug }));
  return rows;
}

function firstImport(): TestStagedRow[] {
  const rows: TestStagedRow[] = [];
  for (let n = 2; n <= 40; n++) rows.push(stagedRow(n));
  return rows;
}

describe('mergeStagedRows in batches', () => {
  it('reports progress after every batch and writes what one unbatched merge writes', () => {
    const reports: MergeProgress[] = [];
    for (const [database, batchRows] of [
      [batched, 4],
      [unbatched, undefined],
    ] as const) {
      stageAndMerge(database, firstImport(), { batchRows });
      const result = stageAndMerge(database, secondImport(), {
        updateExisting: true,
        batchRows,
        onProgress: database === batched ? (p) => reports.push(p) : undefined,
      });
      // 13 rows of the first import (7 renamed, 6 unchanged), 25 new, 1 new with a taken slug.
      expect(result).toMatchObject({ imported: 26, updated: 7, existingSkipped: 0, unchanged: 6 });
    }
    expect(snapshot(batched)).toEqual(snapshot(unbatched));
    expect(snapshot(batched).businesses.map((b) => b.slug)).toContain(`${stagedRow(5).slug}-2`);

    // 39 staged rows in batches of 4: ten reports per batched step, after a report at its start.
    const writing = reports.filter((p) => p.step === 'writing').map((p) => p.rowsMerged);
    expect(writing).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 39]);
    expect(reports.filter((p) => p.step === 'matching')).toHaveLength(11);
    expect(reports.every((p) => p.mergeTotal === 39)).toBe(true);
    const steps = reports.map((p) => p.step).filter((step, i, all) => step !== all[i - 1]);
    expect(steps).toEqual(['matching', 'writing', 'indexing', 'counting', 'committing']);
    // The recount moves too: its five parts (cities, categories, countries, rank bins, totals) after
    // its start.
    const counting = reports.filter((p) => p.step === 'counting').map((p) => p.rowsMerged);
    expect(counting).toEqual([0, 8, 16, 23, 31, 39]);
  });

  it('builds the whole search index in batches when a large import rebuilds it', () => {
    const rows: TestStagedRow[] = [];
    for (let n = 2; n < 1300; n++) rows.push(stagedRow(n, n % 7 === 0 ? { name: `Smile Dental ${n}` } : {}));
    const reports: MergeProgress[] = [];
    stageAndMerge(batched, rows, { batchRows: 100, onProgress: (p) => reports.push(p) });
    stageAndMerge(unbatched, rows);
    expect(snapshot(batched)).toEqual(snapshot(unbatched));
    expect(ftsSearchIds(batched.sqlite, 'dental', 5000)).toHaveLength(185);
    const indexing = reports.filter((p) => p.step === 'indexing').map((p) => p.rowsMerged);
    expect(indexing.length).toBeGreaterThan(2);
    expect(indexing.at(-1)).toBe(1298);
    expect(indexing).toEqual([...indexing].sort((a, b) => a - b));
  });

  it('keeps a batched merge atomic: a failure at the end leaves the old data', () => {
    stageAndMerge(batched, firstImport());
    const before = snapshot(batched);
    const reports: MergeProgress[] = [];
    expect(() =>
      stageAndMerge(batched, secondImport(), {
        updateExisting: true,
        batchRows: 3,
        onProgress: (p) => reports.push(p),
        beforeCommit: () => {
          throw new Error('disk full');
        },
      }),
    ).toThrow('disk full');
    expect(reports.filter((p) => p.step === 'writing').length).toBeGreaterThan(2);
    expect({ ...snapshot(batched), staged: 0 }).toEqual({ ...before, staged: 0 });
  });
});
