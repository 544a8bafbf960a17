import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import {
  type BusinessRecord,
  fixtureRowToBusiness,
  insertBusinesses,
} from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { exportBusinesses, exportFileName } from './export-businesses.ts';
import { EXPORT_COLUMNS } from './export-columns.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase('export-businesses-');
});
afterEach(async () => {
  await database.dispose();
});

const NOW = '2025-01-28T00:00:00.000Z';

function generated(count: number, seed: number): BusinessRecord[] {
  return [...generateRows({ count, seed })].map((row, index) => fixtureRowToBusiness(row, index, NOW));
}

async function exportToFile(options: {
  country?: string;
}): Promise<{ rows: number; fileName: string; path: string }> {
  const path = join(database.dir, `export-${Math.random().toString(36).slice(2)}.xlsx`);
  const result = await exportBusinesses(
    database.sqlite,
    { ...options, now: new Date('2025-01-28T10:00:00Z') },
    createWriteStream(path),
  );
  return { ...result, path };
}

function readExport(path: string): {
  header: unknown[];
  rows: Record<string, unknown>[];
  sheet: XLSX.WorkSheet;
} {
  const workbook = XLSX.read(readFileSync(path), { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return {
    sheet,
    header: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[0] ?? [],
    rows: XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: null, raw: true }),
  };
}

describe('exportBusinesses', () => {
  it('round-trips a small database through SheetJS to the same column values', async () => {
    const [first, second] = generated(2, 1);
    const tricky: BusinessRecord = {
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
      rating: 4.5,
      review_count: 10,
    };
    insertBusinesses(database.sqlite, [tricky, second!]);

    const { rows, fileName, path } = await exportToFile({});
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
      rating: 4.5,
      reviews: 10,
      place_id: tricky.place_id,
      full_address: tricky.address,
      country: tricky.country,
    });
    // A formula-like name stays a text cell, never a formula.
    const nameCell = back.sheet.A2 as XLSX.CellObject;
    expect(nameCell.t).toBe('s');
    expect(nameCell.f).toBeUndefined();

    const other = back.rows[1]!;
    expect(other).toMatchObject({
      name: second!.name,
      category: second!.category,
      city: second!.city,
      state: second!.state,
      website: second!.website,
      working_hours: second!.hours_text,
      verified: second!.is_verified === 1,
      time_zone: second!.time_zone,
    });
  });

  it('exports one country (case-insensitive) in id order', async () => {
    insertBusinesses(database.sqlite, generated(300, 2));
    const expected = database.sqlite
      .prepare("SELECT place_id FROM businesses WHERE country = 'United Kingdom' ORDER BY id")
      .pluck()
      .all();
    expect(expected.length).toBeGreaterThan(10);
    const { rows, fileName, path } = await exportToFile({ country: 'united kingdom' });
    expect(rows).toBe(expected.length);
    expect(fileName).toBe('businesses_united-kingdom_2025-01-28.xlsx');
    const back = readExport(path).rows;
    expect(back.map((row) => row.place_id)).toEqual(expected);
    expect(new Set(back.map((row) => row.country))).toEqual(new Set(['United Kingdom']));
  });

  it('writes a valid file with only the header row for an unknown country — never all rows', async () => {
    insertBusinesses(database.sqlite, generated(20, 3));
    const { rows, path } = await exportToFile({ country: 'Atlantis' });
    expect(rows).toBe(0);
    const back = readExport(path);
    expect(back.header).toEqual([...EXPORT_COLUMNS]);
    expect(back.rows).toEqual([]);
  });

  it('exports generated businesses whole: every place_id, once, in order', async () => {
    insertBusinesses(database.sqlite, generated(2500, 4));
    const { rows, path } = await exportToFile({});
    expect(rows).toBe(2500);
    const expected = database.sqlite.prepare('SELECT place_id FROM businesses ORDER BY id').pluck().all();
    expect(readExport(path).rows.map((row) => row.place_id)).toEqual(expected);
  });

  it('rejects when the output fails', async () => {
    insertBusinesses(database.sqlite, generated(3000, 5));
    const broken = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('client went away'));
      },
    });
    await expect(exportBusinesses(database.sqlite, {}, broken)).rejects.toThrow('client went away');
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
