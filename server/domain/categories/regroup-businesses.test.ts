import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeDerivationVersion } from '../../../db/category-group-repository.ts';
import type { DatabaseHandle } from '../../../db/connection.ts';
import { groupFacet } from '../../../db/search/analyzer.ts';
import { ftsIndexRows, ftsIntegrityCheck, ftsRemoveRows } from '../../../db/search/fts-index.ts';
import { readDataVersion } from '../../../db/stats-repository.ts';
import { createSqliteStore } from '../../../db/store/sqlite-store.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { importSpreadsheet } from '../import/import-spreadsheet.ts';
import { mapsRow, writeWorkbook } from '../import/testing/workbook.ts';
import { openAndPrepareDatabase } from '../open-database.ts';
import { searchDirectory } from '../search/search.ts';
import { generateSeo } from '../seo/generate-seo.ts';
import { CATEGORY_GROUPING_VERSION } from './category-groups.ts';
import { CATEGORY_GROUPING_KEY, ensureCategoryGroups } from './regroup-businesses.ts';

const SITE = 'https://directory.test';
let database: TempDatabase;
let reopened: DatabaseHandle | undefined;

beforeEach(async () => {
  database = await createTempDatabase('regroup-test-');
});
afterEach(async () => {
  await reopened?.close();
  reopened = undefined;
  rmSync(database.dir, { recursive: true, force: true });
});

interface Row {
  id: number;
  name: string;
  category: string;
  category_group: string;
  about: string | null;
  updated_at: string;
}

const rows = (handle: DatabaseHandle) =>
  handle.sqlite
    .prepare('SELECT id, name, category, category_group, about, updated_at FROM businesses ORDER BY id')
    .all() as Row[];

/** rowids of the search index rows carrying a group's term. */
const indexedInGroup = (handle: DatabaseHandle, group: string) =>
  handle.sqlite
    .prepare('SELECT COUNT(*) FROM search_fts WHERE search_fts MATCH ?')
    .pluck()
    .get(`"${groupFacet(group)}"`) as number;

/** Puts the database in the state the previous rules left: bars under the catch-all, in the rows,
 *  in the search index and in the generated texts, and the old version recorded. */
function groupAsTheOldRulesDid(handle: DatabaseHandle): number[] {
  const { sqlite } = handle;
  const bars = sqlite
    .prepare(`SELECT id FROM businesses WHERE category IN ('Bar', 'Wine bar')`)
    .pluck()
    .all() as number[];
  sqlite.transaction(() => {
    ftsRemoveRows(sqlite, bars);
    const update = sqlite.prepare(
      `UPDATE businesses SET category_group = 'Professional Services',
         about = replace(about, 'Restaurants', 'Professional Services') WHERE id = ?`,
    );
    for (const id of bars) update.run(id);
    ftsIndexRows(sqlite, bars);
    writeDerivationVersion(sqlite, CATEGORY_GROUPING_KEY, '0-old');
  })();
  return bars;
}

describe('regrouping an existing database at start', () => {
  it('moves rows the new rules group differently, with their search terms and about texts', async () => {
    // Three of ten rows move: their index rows are rewritten one by one.
    const file = writeWorkbook(join(database.dir, 'bars.xlsx'), [
      mapsRow({ name: 'Copper Tap House', category: 'Bar' }),
      mapsRow({ name: 'Velvet Room', category: 'Bar' }),
      mapsRow({ name: 'Vino Corner', category: 'Wine bar' }),
      ...Array.from({ length: 7 }, (_, i) =>
        mapsRow({ name: `Smile Dental Loop ${i + 1}`, category: 'Dentist' }),
      ),
    ]);
    await importSpreadsheet(database, { filePath: file, startedBy: 'test' });
    const expectedGroups = [...Array(3).fill('Restaurants'), ...Array(7).fill('Healthcare')];
    expect(rows(database).map((r) => r.category_group)).toEqual(expectedGroups);
    await generateSeo(createSqliteStore(database.sqlite), {
      siteUrl: SITE,
      now: () => new Date('2026-01-01T00:00:00.000Z'),
    });
    const bars = groupAsTheOldRulesDid(database);
    expect(bars).toHaveLength(3);
    const before = rows(database);
    expect(before.filter((r) => r.category_group === 'Professional Services')).toHaveLength(3);
    expect(before[0]?.about).toContain('Professional Services');
    expect(indexedInGroup(database, 'Restaurants')).toBe(0);
    const search = (handle: DatabaseHandle) =>
      searchDirectory(createSqliteStore(handle.sqlite), {
        q: 'copper',
        category: 'restaurants',
        page: 1,
        pageSize: 10,
      });
    expect((await search(database)).businesses).toEqual([]);
    const versionBefore = readDataVersion(database.sqlite);
    await database.close();

    // The next start (server or CLI) opens it through openAndPrepareDatabase.
    reopened = await openAndPrepareDatabase(join(database.dir, 'directory.db'));
    const after = rows(reopened);
    expect(after.map((r) => r.category_group)).toEqual(expectedGroups);
    expect(indexedInGroup(reopened, 'Restaurants')).toBe(3);
    expect(indexedInGroup(reopened, 'Professional Services')).toBe(0);
    expect((await search(reopened)).businesses.map((b) => b.name)).toEqual(['Copper Tap House']);
    ftsIntegrityCheck(reopened.sqlite);
    for (const row of after.slice(0, 3)) {
      expect(row.about).toContain('Restaurants');
      expect(row.about).not.toContain('Professional Services');
      // The text changed, so the page did: sitemaps' lastmod moves.
      expect(row.updated_at).not.toBe('2026-01-01T00:00:00.000Z');
    }
    // The dentists were already right: not touched.
    expect(after.slice(3)).toEqual(before.slice(3));
    expect(indexedInGroup(reopened, 'Healthcare')).toBe(7);
    expect(readDataVersion(reopened.sqlite)).toBeGreaterThan(versionBefore);
    expect(
      reopened.sqlite
        .prepare('SELECT value FROM derivation_versions WHERE key = ?')
        .pluck()
        .get(CATEGORY_GROUPING_KEY),
    ).toBe(CATEGORY_GROUPING_VERSION);

    // Once done, a start does nothing more.
    expect(ensureCategoryGroups(reopened.sqlite)).toEqual({
      regrouped: 0,
      textsRefreshed: 0,
      indexRebuilt: false,
    });
  });

  it('rebuilds the search index when most rows move, and leaves never-generated texts to the SEO run', async () => {
    const file = writeWorkbook(join(database.dir, 'pub.xlsx'), [
      mapsRow({ name: 'The Red Lion', category: 'Bar' }),
      mapsRow({ name: 'Smile Dental Wacker', category: 'Dentist' }),
    ]);
    await importSpreadsheet(database, { filePath: file, startedBy: 'test' });
    groupAsTheOldRulesDid(database);
    expect(indexedInGroup(database, 'Restaurants')).toBe(0);
    const result = ensureCategoryGroups(database.sqlite);
    expect(result).toEqual({ regrouped: 1, textsRefreshed: 0, indexRebuilt: true });
    expect(rows(database)[0]).toMatchObject({ category_group: 'Restaurants', about: null });
    expect(indexedInGroup(database, 'Restaurants')).toBe(1);
    expect(indexedInGroup(database, 'Healthcare')).toBe(1);
    expect(indexedInGroup(database, 'Professional Services')).toBe(0);
    ftsIntegrityCheck(database.sqlite);
    await database.close();
  });

  it('records the version on a new database without touching anything', async () => {
    const none = { regrouped: 0, textsRefreshed: 0, indexRebuilt: false };
    expect(ensureCategoryGroups(database.sqlite)).toEqual(none);
    expect(ensureCategoryGroups(database.sqlite)).toEqual(none);
    expect(
      database.sqlite
        .prepare('SELECT value FROM derivation_versions WHERE key = ?')
        .pluck()
        .get(CATEGORY_GROUPING_KEY),
    ).toBe(CATEGORY_GROUPING_VERSION);
    await database.close();
  });
});
