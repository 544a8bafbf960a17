import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { RawRow } from './normalised-business.ts';
import type { SpreadsheetLimits } from './precheck.ts';
import { numberToPlainText, readSpreadsheet } from './read-sheet.ts';
import { SpreadsheetRejected } from './spreadsheet-error.ts';
import {
  DATA_ROWS,
  emptyFormattedRows,
  encryptedEntry,
  formulaCells,
  HEADER,
  hugeDeclaredRange,
  lyingZipBomb,
  manyRows,
  plainXlsx,
  prototypeHeaders,
  prototypePollutionProof,
  testDir,
  traversalEntry,
  zipBomb,
} from './testing/hostile-files.ts';
import { buildXlsx, rowXml, sheetXml, type TestCell } from './testing/xlsx-parts.ts';

const files = testDir();
afterAll(() => files.remove());

/** Writes the bytes to a real file, reads them back and parses them, as the import worker does. */
function readFile(name: string, bytes: Buffer, limits?: Partial<SpreadsheetLimits>) {
  const sheet = readSpreadsheet(readFileSync(files.save(name, bytes)), name, limits);
  return { ...sheet, rows: [...sheet.rows] };
}

function values(rows: RawRow[]): Array<Record<string, unknown>> {
  return rows.map((row) => ({ ...row.values }));
}

function rejection(run: () => unknown): SpreadsheetRejected {
  try {
    run();
  } catch (error) {
    if (error instanceof SpreadsheetRejected) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

/** A workbook written by SheetJS itself, the way most test and demo files are made. */
function sheetJsFile(sheets: Array<[string, unknown[][]]>, bookType: XLSX.BookType = 'xlsx'): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of sheets)
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(workbook, { type: 'buffer', bookType });
}

const EXACT_TEXT = [
  'مطعم الشرق الأوسط', // RTL
  '東京ラーメン 一番', // CJK
  'Pizza 🍕 & Café 👩‍🍳', // emoji, ZWJ sequence, entity-worthy character
  '  leading and trailing spaces  ',
  'two\nlines',
  '<script>alert(1)</script>',
];

describe('readSpreadsheet: normal workbooks', () => {
  it('checks the installed SheetJS is at least 0.20.2 (CVE-2023-30533 and CVE-2024-22363 fixed)', () => {
    const [major = 0, minor = 0, patch = 0] = XLSX.version.split('.').map(Number);
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(20 * 1e3 + 2);
  });

  it('reads a SheetJS-written .xlsx: aliases mapped, text exact, numbers as numbers', () => {
    const rows: unknown[][] = [
      [
        ' Name ',
        'PLACE ID',
        'Address',
        'site',
        'Postal-Code',
        'reviews_count',
        'Rating',
        'verified',
        'query',
      ],
      ...EXACT_TEXT.map((name, i) => [
        name,
        `ChIJ${i}`,
        '345 Park Ave S, New York, NY 10010',
        'https://x.test',
        2134,
        120,
        4.5,
        true,
        'q',
      ]),
    ];
    const sheet = readFile('sheetjs.xlsx', sheetJsFile([['Businesses', rows]]));
    expect(sheet.sheetName).toBe('Businesses');
    expect(sheet.headerRow).toBe(1);
    expect(sheet.totalRows).toBe(EXACT_TEXT.length);
    expect(sheet.rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(sheet.rows.map((row) => row.values.name)).toEqual(EXACT_TEXT);
    expect(values(sheet.rows)[0]).toEqual({
      name: EXACT_TEXT[0],
      place_id: 'ChIJ0',
      full_address: '345 Park Ave S, New York, NY 10010',
      website: 'https://x.test',
      postal_code: 2134,
      reviews: 120,
      rating: 4.5,
      verified: true,
    });
  });

  it('reads a legacy .xls (BIFF8) the same way', () => {
    const rows = [HEADER, ...DATA_ROWS];
    const sheet = readFile('legacy.xls', sheetJsFile([['Sheet1', rows]], 'biff8'));
    expect(sheet.totalRows).toBe(3);
    expect(values(sheet.rows)).toEqual(
      DATA_ROWS.map(([name, placeId, category, rating]) => ({ name, place_id: placeId, category, rating })),
    );
    const tooMany = rejection(() =>
      readFile('long.xls', sheetJsFile([['Sheet1', rows]], 'biff8'), { maxRows: 2 }),
    );
    expect(tooMany.code).toBe('too_many_rows');
  });

  it('accepts a Uint8Array and yields the same rows on every pass', () => {
    const sheet = readSpreadsheet(new Uint8Array(plainXlsx()), 'u8.xlsx');
    const first = [...sheet.rows].map((row) => row.values.place_id);
    expect(first).toEqual(DATA_ROWS.map((row) => row[1]));
    expect([...sheet.rows].map((row) => row.values.place_id)).toEqual(first);
  });

  it('reads the first sheet whose first non-empty row has a name header, skipping a cover sheet', () => {
    const file = sheetJsFile([
      ['Cover', [['Google Maps export'], ['Generated 2025-01-28'], [], ['name is not a header here']]],
      ['Notes', [[null, 'name', 'place_id'].slice(0, 0)]],
      ['Data', [[], [], [null, 'Name', 'Place_ID'], [null, 'Colonie', 'ChIJY8i4']]],
      ['Later', [HEADER, ['Other', 'ChIJother', 'x', 1]]],
    ]);
    const sheet = readFile('cover.xlsx', file);
    expect(sheet.sheetName).toBe('Data');
    expect(sheet.headerRow).toBe(3);
    expect(sheet.rows).toEqual([{ rowNumber: 4, values: { name: 'Colonie', place_id: 'ChIJY8i4' } }]);
  });

  it('skips fully empty and blank rows without counting them, keeping spreadsheet row numbers', () => {
    const rows: TestCell[][] = [
      HEADER,
      DATA_ROWS[0] ?? [],
      [],
      [null, null, '   ', null],
      DATA_ROWS[1] ?? [],
      [],
    ];
    const sheet = readFile('gaps.xlsx', plainXlsx(rows));
    expect(sheet.totalRows).toBe(2);
    expect(sheet.rows.map((row) => row.rowNumber)).toEqual([2, 5]);
  });

  it('counts a row with values only in unknown columns as empty', () => {
    const sheet = readFile(
      'notes.xlsx',
      plainXlsx([[...HEADER, 'notes'], DATA_ROWS[0] ?? [], [null, null, null, null, 'Total: 1']]),
    );
    expect(sheet.totalRows).toBe(1);
  });

  it('returns place_id as text, numbers without exponent notation', () => {
    const sheet = readFile(
      'numeric-ids.xlsx',
      plainXlsx([
        ['name', 'place_id'],
        ['A', 12345678901234],
        ['B', 1e21],
        ['C', true],
        ['D', ' ChIJ spaced '],
      ]),
    );
    expect(sheet.rows.map((row) => row.values.place_id)).toEqual([
      '12345678901234',
      '1000000000000000000000',
      'true',
      ' ChIJ spaced ',
    ]);
  });

  it('drops error cells (#N/A) and keeps other columns of the row', () => {
    const xml = sheetXml(
      `${rowXml(['name', 'place_id', 'rating'], 1)}<row r="2"><c r="A2" t="inlineStr"><is><t>Colonie</t></is></c><c r="B2" t="inlineStr"><is><t>ChIJ1</t></is></c><c r="C2" t="e"><v>#N/A</v></c></row>`,
    );
    const sheet = readFile('errors.xlsx', buildXlsx([{ name: 'S', xml }]));
    expect(values(sheet.rows)).toEqual([{ name: 'Colonie', place_id: 'ChIJ1' }]);
  });

  it('builds each row on a prototype-free object', () => {
    const [row] = readFile('plain.xlsx', plainXlsx()).rows;
    expect(Object.getPrototypeOf(row?.values)).toBeNull();
  });
});

describe('readSpreadsheet: hostile and awkward files (security-and-reliability.md)', () => {
  it('case 1: refuses a program renamed .xlsx before parsing', () => {
    const elf = Buffer.alloc(1024);
    elf.write('\u007fELF', 'latin1');
    expect(rejection(() => readFile('app.xlsx', elf)).code).toBe('not_a_spreadsheet');
  });

  it('case 4: refuses a zip bomb through the precheck, and a lying one through the inflate check', () => {
    expect(rejection(() => readFile('bomb.xlsx', zipBomb())).code).toBe('zip_bomb');
    const before = process.memoryUsage().rss;
    const liar = rejection(() => readFile('liar.xlsx', lyingZipBomb()));
    expect(liar.code).toBe('zip_bomb');
    expect(liar.message).toMatch(/more than the .* it declares/);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('case 5: a sheet declaring A1:XFD1048576 yields just its real rows', () => {
    // Iterating the declared range would visit 17 billion cells (sheet_to_json: > 30 s); the dense
    // rows take ~3 ms here.
    const sheet = readFile('range.xlsx', hugeDeclaredRange());
    expect(sheet.totalRows).toBe(3);
    expect(sheet.rows.map((row) => row.values.name)).toEqual(DATA_ROWS.map((row) => row[0]));
  });

  it('case 6: a million empty formatted rows are ignored and not counted', () => {
    // ~8 MB file, ~80 MB of sheet XML; reading takes ~5 s and ~450 MB RSS on the dev machine.
    const sheet = readFile('formatted.xlsx', emptyFormattedRows(1_000_000));
    expect(sheet.totalRows).toBe(3);
    expect(sheet.rows.map((row) => row.rowNumber)).toEqual([2, 3, 4]);
  });

  it('case 7: more data rows than the cap is refused before any row is returned', () => {
    const error = rejection(() => readFile('many.xlsx', manyRows(25), { maxRows: 10 }));
    expect(error.code).toBe('too_many_rows');
    expect(error.message).toMatch(/has more than 10 data rows, the limit per file/);
  });

  it('case 7: exactly the cap passes, one more is refused', () => {
    expect(readFile('cap.xlsx', manyRows(10), { maxRows: 10 }).totalRows).toBe(10);
    expect(rejection(() => readFile('cap1.xlsx', manyRows(11), { maxRows: 10 })).code).toBe('too_many_rows');
  });

  it('case 7: refuses rather than silently drops rows pushed past the physical row cap by blank rows', () => {
    // 8 data rows (under the cap of 10), but spread over 20 physical rows: SheetJS reads only the
    // first 12, so the last rows would vanish unseen.
    const rows: TestCell[][] = [HEADER];
    for (let i = 1; i <= 8; i++) rows.push([`B${i}`, `p${i}`, 'Shop', 4], []);
    rows.push([]);
    const error = rejection(() => readFile('spread.xlsx', plainXlsx(rows), { maxRows: 10 }));
    expect(error.code).toBe('too_many_rows');
    expect(error.message).toMatch(/has data past row 12.*remove blank rows/);
    expect(readFile('spread-ok.xlsx', plainXlsx(rows), { maxRows: 20 }).totalRows).toBe(8);
  });

  it('case 8: the CVE-2023-30533 proof leaves Object.prototype untouched', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const sheet = readFile('cve-2023-30533.xlsx', prototypePollutionProof());
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.c).toBeUndefined(); // what SheetJS ≤ 0.19.2 added, via sheet["__proto__"].c
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(sheet.sheetName).toBe('Data');
    expect(values(sheet.rows)).toEqual([{ name: 'Colonie', place_id: 'ChIJY8i4kEVawokR4uFtFh8npMQ' }]);
  });

  it('case 8: SheetJS itself, in its default sparse mode, does not pollute on the proof either', () => {
    XLSX.read(prototypePollutionProof(), { type: 'buffer' });
    expect(({} as Record<string, unknown>).c).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('case 9: headers named __proto__ / constructor are ignored', () => {
    const sheet = readFile('proto-headers.xlsx', prototypeHeaders());
    expect([...sheet.columns.values()]).toEqual(['name', 'place_id']);
    expect(values(sheet.rows)).toEqual([{ name: 'Colonie', place_id: 'ChIJY8i4kEVawokR4uFtFh8npMQ' }]);
  });

  it('case 9: a sheet without place_id, or no sheet with name, is refused naming the column', () => {
    const noPlace = rejection(() =>
      readFile(
        'no-place.xlsx',
        plainXlsx([
          ['name', 'category'],
          ['A', 'B'],
        ]),
      ),
    );
    expect(noPlace.code).toBe('missing_column');
    expect(noPlace.message).toMatch(/The sheet "Businesses" has no "place_id" column/);
    const noName = rejection(() =>
      readFile(
        'no-name.xlsx',
        plainXlsx([
          ['title', 'place_id'],
          ['A', 'B'],
        ]),
      ),
    );
    expect(noName.code).toBe('missing_column');
    expect(noName.message).toMatch(/No sheet has a "name" column/);
    const blank = rejection(() => readFile('blank.xlsx', plainXlsx([])));
    expect(blank.code).toBe('missing_column');
  });

  it('case 10: formula cells give their cached value, never a computed one', () => {
    const sheet = readFile('formulas.xlsx', formulaCells());
    expect(values(sheet.rows)).toEqual([
      // category holds NOW() with no cached value: it stays empty rather than being evaluated
      { name: 'Colonie', place_id: 'ChIJY8i4kEVawokR4uFtFh8npMQ', rating: 4.5, reviews: 120, verified: true },
    ]);
  });

  it('refuses an encrypted entry and a ../ entry', () => {
    expect(rejection(() => readFile('enc.xlsx', encryptedEntry())).code).toBe('encrypted');
    expect(rejection(() => readFile('escape.xlsx', traversalEntry())).code).toBe('unsafe_entry');
  });

  it('refuses a password-protected workbook (an OLE EncryptedPackage) named .xlsx', () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.alloc(512, 4));
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(4096, 1));
    const error = rejection(() => readFile('locked.xlsx', XLSX.CFB.write(cfb, { type: 'buffer' })));
    expect(error.code).toBe('encrypted');
  });

  it('refuses an OLE file that is no workbook (a Word .doc named .xls)', () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, '/WordDocument', Buffer.alloc(4096, 1));
    const error = rejection(() => readFile('letter.xls', XLSX.CFB.write(cfb, { type: 'buffer' })));
    expect(error.code).toBe('not_a_spreadsheet');
    expect(error.message).toMatch(/could not be read as a workbook/);
  });
});

describe('numberToPlainText', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [42, '42'],
    [-7, '-7'],
    [1e21, '1000000000000000000000'],
    [123.45, '123.45'],
    [1.5e-7, '0.00000015'],
    [-2.5e-10, '-0.00000000025'],
  ])('%d → %s', (value, text) => {
    expect(numberToPlainText(value)).toBe(text);
  });

  it('cannot recover integers beyond 2^53: the double already rounded them', () => {
    // A 19-digit cid typed as a number: Excel stores the nearest double.
    expect(numberToPlainText(2 ** 53 + 1)).toBe('9007199254740992');
    expect(numberToPlainText(Number('12345678901234567890'))).toBe('12345678901234567168');
  });

  it('gives nothing for values that are not numbers at all', () => {
    expect(numberToPlainText(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(numberToPlainText(Number.NaN)).toBeUndefined();
  });
});
