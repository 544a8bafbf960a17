// The admin's bulk actions write a few statements for the whole lot; their counts must still be what
// a recount gives (a city's display name included: the smallest spelling left), on both dialects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importSpreadsheet } from '../server/domain/import/import-spreadsheet.ts';
import { mapsRow, writeWorkbook } from '../server/domain/import/testing/workbook.ts';
import { sqlIn } from '../server/domain/testing/sql-in.ts';
import { createTestStore, DIALECTS, type TestStore } from '../server/domain/testing/test-store.ts';
import { deleteBusinessRows, setVerifiedRows } from './admin-business-repository.ts';
import { refreshAggregatesIn } from './aggregates.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-bulk-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.each(DIALECTS)('bulk actions on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    const rows = [
      ...Array.from({ length: 6 }, () => mapsRow()),
      ...Array.from({ length: 4 }, () =>
        mapsRow({
          category: 'Bakery',
          full_address: '9 High St, Springfield, IL 62701',
          postal_code: '62701',
        }),
      ),
    ];
    const file = join(dir, `${dialect}.xlsx`);
    writeWorkbook(file, rows);
    const { store } = test;
    await importSpreadsheet(store.dialect === 'sqlite' ? store : { store, url: test.address }, {
      filePath: file,
      startedBy: 'test',
    });
    // Two businesses spell their city otherwise; the recount makes the smallest spelling the name.
    await sqlIn(store, `UPDATE businesses SET city = 'CHICAGO' WHERE id IN (1, 2)`);
    await store.transaction((tx) => refreshAggregatesIn(tx));
  });
  afterEach(async () => {
    await test.dispose();
  });

  /** The stored counts, less the data version. */
  async function counts() {
    const { store } = test;
    return {
      cities: await sqlIn(store, 'SELECT city_key, name, business_count FROM city_stats ORDER BY city_key'),
      categories: await sqlIn(store, 'SELECT * FROM category_stats ORDER BY category'),
      countries: await sqlIn(store, 'SELECT * FROM country_stats ORDER BY country'),
      site: (
        await sqlIn<{ key: string; value: number }>(store, 'SELECT key, value FROM site_stats ORDER BY key')
      )
        .filter((row) => row.key !== 'data_version')
        .map((row) => ({ key: row.key, value: Number(row.value) })),
    };
  }

  /** What a recount of the same rows gives (the counts are recounted for real afterwards). */
  async function recounted() {
    await test.store.transaction((tx) => refreshAggregatesIn(tx));
    return counts();
  }

  it('takes deleted businesses out of the counts as a recount would', async () => {
    const before = await counts();
    expect(before.cities).toContainEqual(expect.objectContaining({ city_key: 'chicago', name: 'CHICAGO' }));
    const outcome = await test.store.transaction((tx) => deleteBusinessRows(tx, [1, 2, 7, 99, 7]));
    expect(outcome.changed.map((row) => row.id)).toEqual([1, 2, 7]);
    expect(outcome.missing).toEqual([99, 7]);
    const after = await counts();
    expect(after.cities).toContainEqual(expect.objectContaining({ city_key: 'chicago', name: 'Chicago' }));
    expect(after).not.toEqual(before);
    expect(after).toEqual(await recounted());
  });

  it('moves the verified count as a recount would, each business once', async () => {
    const outcome = await test.store.transaction((tx) =>
      setVerifiedRows(tx, [3, 4, 3, 8], true, new Date().toISOString()),
    );
    expect(outcome.changed.map((row) => row.id)).toEqual([3, 4, 8]);
    expect(outcome.unchanged).toEqual([3]);
    const after = await counts();
    expect(after.site).toContainEqual({ key: 'verified_businesses', value: 3 });
    expect(after).toEqual(await recounted());
  });
});
