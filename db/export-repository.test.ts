import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureRowToBusiness, insertBusinesses } from '../fixtures/generator/database-rows.ts';
import { generateRows } from '../fixtures/generator/rows.ts';
import {
  countBusinesses,
  countrySpellings,
  EXPORT_SOURCE_COLUMNS,
  exportPageSql,
  iterateBusinessesForExport,
} from './export-repository.ts';
import { createTempDatabase, type TempDatabase } from './testing/temp-database.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase('export-repository-');
});
afterEach(async () => {
  await database.dispose();
});

function seed(count: number, country?: (index: number) => string): void {
  const now = '2025-01-28T00:00:00.000Z';
  const records = [...generateRows({ count, seed: 21 })].map((row, index) => {
    const record = fixtureRowToBusiness(row, index, now);
    return country ? { ...record, country: country(index) } : record;
  });
  insertBusinesses(database.sqlite, records);
}

describe('iterateBusinessesForExport', () => {
  it('yields every business once, in id order, across many pages', () => {
    seed(257);
    const ids = [...iterateBusinessesForExport(database.sqlite, { pageSize: 10 })].map((row) => row.id);
    expect(ids).toHaveLength(257);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(257);
  });

  it('returns each business’s stored values under the right column names', () => {
    seed(25);
    database.sqlite.prepare("UPDATE businesses SET phone_international = '+1' || id, hours = '{}'").run();
    const stored = database.sqlite
      .prepare(`SELECT ${EXPORT_SOURCE_COLUMNS.join(', ')} FROM businesses ORDER BY id`)
      .all();
    expect([...iterateBusinessesForExport(database.sqlite, { pageSize: 4 })]).toEqual(stored);
  });

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

  it('filters by country, exactly but ignoring case; an unknown country yields nothing', () => {
    seed(40, (index) =>
      index % 4 === 0 ? 'United Kingdom' : index % 4 === 1 ? 'UNITED KINGDOM' : 'Türkiye',
    );
    const uk = [...iterateBusinessesForExport(database.sqlite, { country: 'united kingdom', pageSize: 7 })];
    expect(uk).toHaveLength(20);
    expect(uk.map((row) => row.id)).toEqual([...uk.map((row) => row.id)].sort((a, b) => a - b));
    expect([...iterateBusinessesForExport(database.sqlite, { country: 'TÜRKIYE' })]).toHaveLength(20);
    expect([...iterateBusinessesForExport(database.sqlite, { country: 'Narnia' })]).toHaveLength(0);
    expect([...iterateBusinessesForExport(database.sqlite, { country: 'United' })]).toHaveLength(0);
    expect([...iterateBusinessesForExport(database.sqlite, { country: '%' })]).toHaveLength(0);
    expect(countrySpellings(database.sqlite, ' united kingdom ')).toEqual([
      'UNITED KINGDOM',
      'United Kingdom',
    ]);
  });

  it('counts all businesses or one country’s', () => {
    seed(12, (index) => (index < 5 ? 'United Kingdom' : 'United States of America'));
    expect(countBusinesses(database.sqlite)).toBe(12);
    expect(countBusinesses(database.sqlite, 'united states of america')).toBe(7);
    expect(countBusinesses(database.sqlite, 'Atlantis')).toBe(0);
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
