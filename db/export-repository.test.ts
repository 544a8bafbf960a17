// The rows an export reads, on a SQLite file and a PostgreSQL database, each test on both through the
// store's row source (exportRowSource: SQLite's keyset pages, PostgreSQL's cursor): every business
// once in id order, the stored values, the country filter and the counts. SQLite only: its page
// iterator leaving the connection free between rows, its country spellings and its query plan.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureRowToBusiness, insertBusinesses } from '../fixtures/generator/database-rows.ts';
import { generateRows } from '../fixtures/generator/rows.ts';
import { execIn, rowsIn } from '../server/domain/testing/sql-in.ts';
import { DIALECTS } from '../server/domain/testing/test-store.ts';
import { testStoresForFile } from '../server/domain/testing/test-stores-for-file.ts';
import { replaceBusinesses } from '../server/http/admin-data/testing/replace-businesses.ts';
import { exportRowSource } from './export/export-row-source.ts';
import {
  countrySpellings,
  EXPORT_SOURCE_COLUMNS,
  type ExportQuery,
  type ExportSourceRow,
  exportPageSql,
  iterateBusinessesForExport,
} from './export-repository.ts';
import type { Store } from './store/store.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

function records(count: number, country?: (index: number) => string) {
  const now = '2025-01-28T00:00:00.000Z';
  return [...generateRows({ count, seed: 21 })].map((row, index) => {
    const record = fixtureRowToBusiness(row, index, now);
    return country ? { ...record, country: country(index) } : record;
  });
}

/** Each dialect's database, made once for the file. */
const opened = testStoresForFile();

describe.each(DIALECTS)('the export row source on %s', (dialect) => {
  let store: Store;
  beforeEach(() => {
    store = opened[dialect].store;
  });
  const seed = (count: number, country?: (index: number) => string) =>
    replaceBusinesses(store, records(count, country));

  /** Every row the source gives, and the size of each page it gave them in. */
  async function read(query: ExportQuery = {}): Promise<{ rows: ExportSourceRow[]; pages: number[] }> {
    const rows: ExportSourceRow[] = [];
    const pages: number[] = [];
    await (await exportRowSource(store)).read(query, (page) => {
      rows.push(...page);
      pages.push(page.length);
    });
    return { rows, pages };
  }
  const count = async (country?: string) => (await exportRowSource(store)).count(country);

  it('yields every business once, in id order, across many pages', async () => {
    await seed(257);
    const { rows, pages } = await read({ pageSize: 10 });
    const ids = rows.map((row) => row.id);
    expect(ids).toHaveLength(257);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(257);
    expect(Math.max(...pages)).toBeLessThanOrEqual(10);
  });

  it('returns each business’s stored values under the right column names', async () => {
    await seed(25);
    await execIn(store, "UPDATE businesses SET phone_international = '+1' || id, hours = '{}'");
    const stored = await rowsIn(
      store,
      `SELECT ${EXPORT_SOURCE_COLUMNS.join(', ')} FROM businesses ORDER BY id`,
    );
    expect((await read({ pageSize: 4 })).rows).toEqual(stored);
  });

  it('filters by country, exactly but ignoring case; an unknown country yields nothing', async () => {
    await seed(40, (index) =>
      index % 4 === 0 ? 'United Kingdom' : index % 4 === 1 ? 'UNITED KINGDOM' : 'Türkiye',
    );
    const uk = (await read({ country: 'united kingdom', pageSize: 7 })).rows;
    expect(uk).toHaveLength(20);
    expect(uk.map((row) => row.id)).toEqual([...uk.map((row) => row.id)].sort((a, b) => a - b));
    expect((await read({ country: 'TÜRKIYE' })).rows).toHaveLength(20);
    expect((await read({ country: 'Narnia' })).rows).toHaveLength(0);
    expect((await read({ country: 'United' })).rows).toHaveLength(0);
    expect((await read({ country: '%' })).rows).toHaveLength(0);
  });

  it('counts all businesses or one country’s', async () => {
    await seed(12, (index) => (index < 5 ? 'United Kingdom' : 'United States of America'));
    expect(await count()).toBe(12);
    expect(await count('united states of america')).toBe(7);
    expect(await count('Atlantis')).toBe(0);
  });
});

describe('SQLite’s export reads', () => {
  let database: TempDatabase;
  beforeEach(async () => {
    database = await createTempDatabase('export-repository-');
  });
  afterEach(async () => {
    await database.dispose();
  });
  const seed = (count: number, country?: (index: number) => string) =>
    insertBusinesses(database.sqlite, records(count, country));

  it('reads one page at a time: the connection is usable between rows', () => {
    seed(30);
    const rows = iterateBusinessesForExport(database.sqlite, { pageSize: 10 });
    rows.next();
    // With a statement iterator still open, better-sqlite3 refuses any other statement.
    expect(() =>
      database.sqlite.prepare('UPDATE businesses SET rating = 1 WHERE id = 30').run(),
    ).not.toThrow();
    expect([...rows]).toHaveLength(29);
  });

  it('finds every spelling of a country, ignoring case and spaces around it', () => {
    seed(40, (index) =>
      index % 4 === 0 ? 'United Kingdom' : index % 4 === 1 ? 'UNITED KINGDOM' : 'Türkiye',
    );
    expect(countrySpellings(database.sqlite, ' united kingdom ')).toEqual([
      'UNITED KINGDOM',
      'United Kingdom',
    ]);
  });

  it('uses the country index for a one-country export (no scan of the whole table)', () => {
    seed(5);
    const plan = (sql: string, ...params: unknown[]): string =>
      (database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((step) => step.detail)
        .join(' | ');
    const oneCountry = plan(exportPageSql(1), 'United Kingdom', 0, 10);
    expect(oneCountry).toMatch(
      /SEARCH businesses USING INDEX businesses_country \(country=\? AND rowid>\?\)/,
    );
    expect(oneCountry).not.toMatch(/TEMP B-TREE/);
    expect(plan(exportPageSql(), 0, 10)).toMatch(/SEARCH businesses USING INTEGER PRIMARY KEY \(rowid>\?\)/);
  });
});
