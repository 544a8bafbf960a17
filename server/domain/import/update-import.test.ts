// Update imports never erase: a blank cell or a missing column keeps the stored value, the site's own
// fields (Verified, slug, creation time) and the administrator's hand edits survive, and the report
// lists what changed, old → new. Real files through the real import process.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateBusinessRow } from '../../../db/admin-business-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { importSpreadsheet } from './import-spreadsheet.ts';
import { mapsRow, type SheetRow, writeWorkbook } from './testing/workbook.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase('update-import-');
});
afterEach(async () => {
  await database.dispose();
});

let fileNumber = 0;
const importRows = (rows: SheetRow[], updateExisting = true) =>
  importSpreadsheet(database, {
    filePath: writeWorkbook(join(database.dir, `file-${++fileNumber}.xlsx`), rows),
    startedBy: 'test',
    updateExisting,
  });

type Stored = Record<string, unknown>;
const stored = (placeId: string): Stored =>
  database.sqlite.prepare('SELECT * FROM businesses WHERE place_id = ?').get(placeId) as Stored;

/** A row with every column the importer reads filled in. */
function fullRow(overrides: SheetRow = {}): SheetRow {
  return mapsRow({
    city: 'Chicago',
    state: 'IL',
    description: 'Family dentistry since 1998.',
    email: 'hello@smile.example',
    website: 'https://smile.example/',
    latitude: 41.8819,
    longitude: -87.6278,
    time_zone: 'America/Denver',
    business_status: 'OPERATIONAL',
    verified: true,
    ...overrides,
  });
}

/** Each spreadsheet column, and the stored columns it fills. */
const COLUMNS: Record<string, string[]> = {
  category: ['category', 'category_group'],
  full_address: ['address'],
  city: ['city', 'city_key'],
  state: ['state'],
  postal_code: ['zip_code'],
  country: ['country', 'country_code'],
  phone: ['phone', 'phone_international'],
  email: ['email'],
  website: ['website'],
  rating: ['rating'],
  reviews: ['review_count'],
  photo: ['photos'],
  working_hours: ['hours', 'hours_text'],
  about: ['attributes'],
  description: ['description'],
  location_link: ['location_link'],
  latitude: ['latitude'],
  longitude: ['longitude'],
  time_zone: ['time_zone'],
  business_status: ['business_status'],
  verified: ['is_verified'],
};

const KEPT_COLUMNS = [...new Set(Object.values(COLUMNS).flat()), 'slug', 'created_at', 'name'];

function pick(row: Stored, columns: readonly string[]): Stored {
  return Object.fromEntries(columns.map((column) => [column, row[column]]));
}

describe('update imports never erase', () => {
  it('keeps every stored field when its cell is blank (one row per field)', async () => {
    const originals = Object.keys(COLUMNS).map(() => fullRow());
    await importRows(originals, false);
    const before = originals.map((row) => stored(row.place_id as string));
    for (const row of before) expect(row.is_verified).toBe(1);

    // Row i blanks column i and keeps the rest: nothing at all changes.
    const blanked = Object.keys(COLUMNS).map((column, i) => ({ ...originals[i], [column]: '' }));
    const report = await importRows(blanked);
    expect(report.updates).toEqual([]);
    expect(report.stats).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: blanked.length,
      duplicatesSkipped: 0,
    });
    Object.keys(COLUMNS).forEach((column, i) => {
      const after = stored(originals[i]!.place_id as string);
      expect(pick(after, KEPT_COLUMNS), `blank ${column}`).toEqual(pick(before[i]!, KEPT_COLUMNS));
      expect(after.updated_at, `blank ${column}`).toBe(before[i]!.updated_at);
    });
  });

  it('keeps every field a correction file does not have, and writes the one it has', async () => {
    const original = fullRow();
    await importRows([original], false);
    const before = stored(original.place_id as string);

    const report = await importRows([
      { place_id: original.place_id, name: original.name, phone: '+1 312-555-0199' },
    ]);
    expect(report.stats).toMatchObject({ updated: 1, unchanged: 0 });
    const after = stored(original.place_id as string);
    expect(after.phone).toBe('+1 312-555-0199');
    expect(after.phone_international).toBe('+13125550199');
    const others = KEPT_COLUMNS.filter((column) => column !== 'phone' && column !== 'phone_international');
    expect(pick(after, others)).toEqual(pick(before, others));
  });

  it('keeps Verified, the slug and the creation time whatever the file says', async () => {
    const original = fullRow({ name: 'Old Name Dental' });
    await importRows([original], false);
    const before = stored(original.place_id as string);
    await importRows([{ ...original, name: 'New Name Dental', verified: false }]);
    const after = stored(original.place_id as string);
    expect(after).toMatchObject({ name: 'New Name Dental', is_verified: 1, slug: before.slug });
    expect(after.created_at).toBe(before.created_at);
  });

  it('keeps a known time zone when the file only lets one be guessed, and fills a missing one', async () => {
    const zoned = fullRow({ time_zone: 'America/Denver' });
    const unzoned = fullRow({ time_zone: '', latitude: '', longitude: '', location_link: '' });
    await importRows([zoned, unzoned], false);
    // The guess from the state (IL) is America/Chicago.
    await importRows([
      { ...zoned, time_zone: '', latitude: '', longitude: '', location_link: '' },
      { ...unzoned, time_zone: '', latitude: '', longitude: '', location_link: '' },
    ]);
    expect(stored(zoned.place_id as string).time_zone).toBe('America/Denver');
    expect(stored(unzoned.place_id as string).time_zone).toBe('America/Chicago');
  });
});

describe('hand edits survive an import', () => {
  it('leaves a field the administrator edited, says so, and still updates the others', async () => {
    const original = fullRow({ phone: '+1 312-555-0100', rating: 4.1 });
    await importRows([original], false);
    const id = stored(original.place_id as string).id as number;
    await updateBusinessRow(database.store, id, { phone: '+1 312-555-0777' }, new Date().toISOString());

    const report = await importRows([{ ...original, phone: '+1 312-555-0123', rating: 4.8 }]);
    const after = stored(original.place_id as string);
    expect(after.phone).toBe('+1 312-555-0777');
    expect(after.rating).toBe(4.8);
    expect(report.stats).toMatchObject({ updated: 1, keptEdits: 1 });
    expect(report.warnings).toContainEqual({
      row: 2,
      column: 'phone',
      message: 'edited by hand in the panel: kept "+1 312-555-0777" (the file has "+1 312-555-0123")',
    });
    expect(report.updates).toEqual([
      expect.objectContaining({ changes: [{ field: 'rating', old: 4.1, new: 4.8 }] }),
    ]);
  });
});

describe('the update report', () => {
  it('lists each changed business with old → new values, and counts unchanged rows apart from duplicates', async () => {
    const a = fullRow({ name: 'Alpha Dental', website: 'https://alpha.example/' });
    const b = fullRow({ name: 'Beta Dental' });
    const c = fullRow({ name: 'Gamma Dental' });
    await importRows([a, b, c], false);
    const report = await importRows([
      { ...a, website: 'https://alpha-dental.example/', reviews: 130 },
      b,
      b, // the same place twice in one file: a duplicate
      fullRow({ name: 'Delta Dental' }),
    ]);
    expect(report.stats).toMatchObject({
      imported: 1,
      updated: 1,
      unchanged: 1,
      duplicatesSkipped: 1,
      totalErrors: 0,
    });
    expect(report.message).toMatch(/1 updated, 1 unchanged, 1 duplicate skipped/);
    expect(report.updates).toEqual([
      {
        row: 2,
        id: stored(a.place_id as string).id,
        placeId: a.place_id,
        name: 'Alpha Dental',
        slug: stored(a.place_id as string).slug,
        changes: [
          { field: 'website', old: 'https://alpha.example/', new: 'https://alpha-dental.example/' },
          { field: 'reviewCount', old: 120, new: 130 },
        ],
      },
    ]);
  });

  it('reports what would change in a dry run and writes nothing', async () => {
    const a = fullRow({ email: 'old@alpha.example' });
    await importRows([a], false);
    const report = await importSpreadsheet(database, {
      filePath: writeWorkbook(join(database.dir, 'dry.xlsx'), [{ ...a, email: 'new@alpha.example' }]),
      startedBy: 'test',
      updateExisting: true,
      dryRun: true,
    });
    expect(report.updates?.[0]?.changes).toEqual([
      { field: 'email', old: 'old@alpha.example', new: 'new@alpha.example' },
    ]);
    expect(stored(a.place_id as string).email).toBe('old@alpha.example');
  });
});

describe('slugs from a file', () => {
  it('keeps an export’s slug, and gives a new one (with a warning) when another business has it', async () => {
    const first = fullRow({ name: 'Corner Cafe', slug: 'corner-cafe-ChIJkep' });
    await importRows([first], false);
    expect(stored(first.place_id as string).slug).toBe('corner-cafe-ChIJkep');

    const second = fullRow({ name: 'Corner Cafe', slug: 'corner-cafe-ChIJkep' });
    const report = await importRows([second], false);
    const slug = stored(second.place_id as string).slug as string;
    expect(slug).not.toBe('corner-cafe-ChIJkep');
    expect(slug).toMatch(/^corner-cafe-/);
    expect(report.warnings).toContainEqual(
      expect.objectContaining({ column: 'slug', message: expect.stringContaining('another business') }),
    );
  });

  it('refuses a slug that is not a page address, with a warning naming row and column', async () => {
    const row = fullRow({ name: 'Path Trick', slug: '../admin' });
    const report = await importRows([row], false);
    expect(stored(row.place_id as string).slug).toMatch(/^path-trick-/);
    expect(report.warnings).toContainEqual(expect.objectContaining({ row: 2, column: 'slug' }));
  });
});
