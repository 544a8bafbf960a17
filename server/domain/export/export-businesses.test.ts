import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { exportRowSource } from '../../../db/export/export-row-source.ts';
import type { Store } from '../../../db/store/store.ts';
import { type BusinessRecord, fixtureRowToBusiness } from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { exportBusinesses, exportFileName } from './export-businesses.ts';
import { EXPORT_COLUMNS } from './export-columns.ts';
import { insertBusinessesIn } from './testing/insert-businesses-in.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'export-businesses-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const NOW = '2025-01-28T00:00:00.000Z';
const EXPORTED_AT = new Date('2025-01-28T10:00:00Z');

function generated(count: number, seed: number): BusinessRecord[] {
  return [...generateRows({ count, seed })].map((row, index) => fixtureRowToBusiness(row, index, NOW));
}

async function exportToFile(
  store: Store,
  options: { country?: string } = {},
): Promise<{ rows: number; fileName: string; path: string }> {
  const path = join(dir, `export-${Math.random().toString(36).slice(2)}.xlsx`);
  const out = createWriteStream(path);
  const result = await exportBusinesses(await exportRowSource(store), { ...options, now: EXPORTED_AT }, out);
  return { ...result, path };
}

function readExport(path: string): {
  header: unknown[];
  rows: Record<string, unknown>[];
  cells: unknown[][];
  sheet: XLSX.WorkSheet;
} {
  const workbook = XLSX.read(readFileSync(path), { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
  return {
    sheet,
    cells,
    header: cells[0] ?? [],
    rows: XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: null, raw: true }),
  };
}

/** Values that test every path of a cell: formula-like text, quotes, markup, characters outside the
 *  BMP, control characters, structured hours, several photos, a leading zero, fractions. */
function trickyPair(): [BusinessRecord, BusinessRecord] {
  const [first, second] = generated(2, 1);
  return [
    {
      ...first!,
      name: '=1+1 "Café" <Ünïcødé> & 🍕',
      phone: '+44 20 7946 0958',
      description: '-5 degrees\nand\ttabs',
      about: 'Generated SEO text that must not be exported',
      attributes: null,
      hours: JSON.stringify({ monday: [{ open: '09:00', close: '17:00' }], sunday: [] }),
      hours_text: null,
      photos: JSON.stringify([
        'https://lh5.googleusercontent.com/p/x=w800',
        'https://lh5.googleusercontent.com/p/y',
      ]),
      zip_code: '02108',
      latitude: 42.3601,
      longitude: -71.0589,
      is_verified: 1,
      rating: 4.35,
      review_count: 10,
    },
    second!,
  ];
}

/** No session of this database is left inside a transaction (PostgreSQL; SQLite's pages hold none). */
async function expectNoOpenTransaction(store: Store): Promise<void> {
  if (store.dialect !== 'postgres') return;
  const open = await store.query(
    "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
  );
  expect(open.rows[0]).toEqual({ n: 0 });
}

describe.each(DIALECTS)('exportBusinesses on %s', (dialect) => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore(dialect);
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('round-trips a small database through SheetJS to the same column values', async () => {
    const [tricky, second] = trickyPair();
    await insertBusinessesIn(test.store, [tricky, second]);

    const { rows, fileName, path } = await exportToFile(test.store);
    expect(rows).toBe(2);
    expect(fileName).toBe('businesses_all_2025-01-28.xlsx');
    const back = readExport(path);
    expect(back.header).toEqual([...EXPORT_COLUMNS]);
    expect(back.rows).toHaveLength(2);
    const row = back.rows[0]!;
    expect(row).toMatchObject({
      name: '=1+1 "Café" <Ünïcødé> & 🍕',
      phone: '+44 20 7946 0958',
      description: '-5 degrees\nand\ttabs',
      about: null,
      working_hours: '{"Monday":["9AM-5PM"],"Sunday":["Closed"]}',
      photo: 'https://lh5.googleusercontent.com/p/x=w800, https://lh5.googleusercontent.com/p/y',
      postal_code: '02108',
      latitude: 42.3601,
      longitude: -71.0589,
      verified: true,
      rating: 4.35,
      reviews: 10,
      id: 1,
      place_id: tricky.place_id,
      full_address: tricky.address,
      country: tricky.country,
    });
    // A formula-like name stays a text cell, never a formula.
    const nameCell = back.sheet.A2 as XLSX.CellObject;
    expect(nameCell.t).toBe('s');
    expect(nameCell.f).toBeUndefined();

    expect(back.rows[1]).toMatchObject({
      id: 2,
      name: second.name,
      category: second.category,
      city: second.city,
      state: second.state,
      website: second.website,
      working_hours: second.hours_text,
      verified: second.is_verified === 1,
      time_zone: second.time_zone,
    });
  });

  it('exports one country (case-insensitive, every stored spelling) in id order', async () => {
    const records = generated(300, 2).map((record, index) =>
      index % 7 === 3 ? { ...record, country: 'UNITED KINGDOM' } : record,
    );
    await insertBusinessesIn(test.store, records);
    const expected = records
      .filter((record) => record.country === 'United Kingdom' || record.country === 'UNITED KINGDOM')
      .map((record) => record.place_id);
    expect(expected.length).toBeGreaterThan(50);
    const { rows, fileName, path } = await exportToFile(test.store, { country: ' united kingdom' });
    expect(rows).toBe(expected.length);
    expect(fileName).toBe('businesses_united-kingdom_2025-01-28.xlsx');
    const back = readExport(path).rows;
    expect(back.map((row) => row.place_id)).toEqual(expected);
    expect(new Set(back.map((row) => row.country))).toEqual(new Set(['United Kingdom', 'UNITED KINGDOM']));
    const source = await exportRowSource(test.store);
    expect(await source.count('United kingdom')).toBe(expected.length);
    expect(await source.count()).toBe(300);
  });

  it('writes a valid file with only the header row for an unknown country — never all rows', async () => {
    await insertBusinessesIn(test.store, generated(20, 3));
    for (const country of ['Atlantis', 'United', '%']) {
      const { rows, path } = await exportToFile(test.store, { country });
      expect(rows).toBe(0);
      const back = readExport(path);
      expect(back.header).toEqual([...EXPORT_COLUMNS]);
      expect(back.rows).toEqual([]);
    }
    expect(await (await exportRowSource(test.store)).count('Atlantis')).toBe(0);
  });

  it('exports generated businesses whole, across pages: every place_id, once, in order', async () => {
    const records = generated(2500, 4);
    await insertBusinessesIn(test.store, records);
    const { rows, path } = await exportToFile(test.store);
    expect(rows).toBe(2500);
    expect(readExport(path).rows.map((row) => row.place_id)).toEqual(records.map((r) => r.place_id));
  });

  it('reads pages of the asked size and waits for each before reading on', async () => {
    await insertBusinessesIn(test.store, generated(25, 6));
    const source = await exportRowSource(test.store);
    const sizes: number[] = [];
    const ids: number[] = [];
    await source.read({ pageSize: 10 }, async (page) => {
      sizes.push(page.length);
      ids.push(...page.map((row) => row.id));
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(sizes).toEqual([10, 10, 5]);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
  });

  it('stops reading when a page fails, mid-cursor, and leaves no transaction open', async () => {
    await insertBusinessesIn(test.store, generated(30, 10));
    const source = await exportRowSource(test.store);
    let pages = 0;
    await expect(
      source.read({ pageSize: 10 }, () => {
        pages++;
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(pages).toBe(1);
    await expectNoOpenTransaction(test.store);
    let rows = 0;
    await source.read({ pageSize: 10 }, (page) => {
      rows += page.length;
    });
    expect(rows).toBe(30);
  });

  it('rejects when the output fails, and leaves the database usable', async () => {
    await insertBusinessesIn(test.store, generated(3000, 5));
    const broken = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('client went away'));
      },
    });
    await expect(exportBusinesses(await exportRowSource(test.store), {}, broken)).rejects.toThrow(
      'client went away',
    );
    // The cursor was closed and its transaction ended: the next export runs whole.
    expect((await exportToFile(test.store)).rows).toBe(3000);
    await expectNoOpenTransaction(test.store);
  });
});

describe('exportBusinesses on PostgreSQL', () => {
  let test: TestStore;
  beforeEach(async () => {
    test = await createTestStore('postgres');
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('reads one snapshot: rows changed while the export runs are exported as they were', async () => {
    const { store } = test;
    if (store.dialect !== 'postgres') throw new Error('a PostgreSQL store was asked for');
    const records = generated(30, 7);
    await insertBusinessesIn(store, records);
    const source = await exportRowSource(store);
    const seen: string[] = [];
    await source.read({ pageSize: 10 }, async (page) => {
      if (seen.length === 0) {
        await store.query("UPDATE businesses SET name = 'Changed' WHERE id = 25");
        await store.query('DELETE FROM businesses WHERE id = 30');
        await insertBusinessesIn(store, [{ ...generated(1, 8)[0]!, place_id: 'new', slug: 'new' }]);
      }
      seen.push(...page.map((row) => row.name));
    });
    expect(seen).toEqual(records.map((record) => record.name));
  });
});

describe('the same data on SQLite and PostgreSQL', () => {
  it('exports to byte-identical files with identical cells', async () => {
    const stores = await Promise.all(DIALECTS.map((dialect) => createTestStore(dialect)));
    try {
      const records = [...trickyPair(), ...generated(1200, 9)].map((record, index) =>
        index % 5 === 0 ? { ...record, country: 'Côte d’Ivoire' } : record,
      );
      const files: Buffer[][] = [];
      for (const { store } of stores) {
        await insertBusinessesIn(store, records);
        files.push([
          readFileSync((await exportToFile(store)).path),
          readFileSync((await exportToFile(store, { country: 'CÔTE D’IVOIRE' })).path),
        ]);
      }
      const [sqlite, postgres] = files as [Buffer[], Buffer[]];
      const cellsOf = (file: Buffer) => {
        const book = XLSX.read(file, { type: 'buffer' });
        return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, {
          header: 1,
          raw: true,
          defval: null,
        });
      };
      expect(cellsOf(postgres[0]!)).toEqual(cellsOf(sqlite[0]!));
      expect(cellsOf(sqlite[1]!)).toHaveLength(1 + Math.ceil(records.length / 5));
      expect(cellsOf(postgres[1]!)).toEqual(cellsOf(sqlite[1]!));
      expect(postgres[0]!.equals(sqlite[0]!)).toBe(true);
      expect(postgres[1]!.equals(sqlite[1]!)).toBe(true);
    } finally {
      await Promise.all(stores.map((test) => test.dispose()));
    }
  });
});

describe('exportFileName', () => {
  const date = new Date('2025-03-09T23:30:00Z');
  it('names the file businesses_{country or all}_{date}.xlsx with a file-safe country', () => {
    expect(exportFileName(undefined, date)).toBe('businesses_all_2025-03-09.xlsx');
    expect(exportFileName('United Kingdom', date)).toBe('businesses_United-Kingdom_2025-03-09.xlsx');
    expect(exportFileName("Côte d'Ivoire", date)).toBe('businesses_Cote-d-Ivoire_2025-03-09.xlsx');
    expect(exportFileName('../../etc/passwd', date)).toBe('businesses_etc-passwd_2025-03-09.xlsx');
    expect(exportFileName('a"\r\nb; filename=x.exe', date)).toBe(
      'businesses_a-b-filename-x-exe_2025-03-09.xlsx',
    );
    expect(exportFileName('日本', date)).toBe('businesses_country_2025-03-09.xlsx');
    expect(exportFileName('x'.repeat(200), date)).toMatch(/^businesses_x{60}_2025-03-09\.xlsx$/);
  });
});
