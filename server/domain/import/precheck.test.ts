import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  checkInflatedSizes,
  checkSpreadsheetFile,
  DEFAULT_SPREADSHEET_LIMITS,
  MAX_PART_BYTES,
  type SpreadsheetLimits,
} from './precheck.ts';
import { SpreadsheetRejected } from './spreadsheet-error.ts';
import {
  csvBytes,
  docxRenamed,
  elfBytes,
  encryptedEntry,
  HEADER,
  htmlBytes,
  hugeDeclaredSize,
  lyingZipBomb,
  manyEntries,
  plainXlsx,
  testDir,
  traversalEntry,
  xlsbRenamed,
  zipBomb,
} from './testing/hostile-files.ts';
import { realisticSheetRows, SPEC_HEADERS } from './testing/realistic-rows.ts';
import { workbookEntries } from './testing/xlsx-parts.ts';
import { buildZip, listZipParts, repackWithZlib, repeatedDeflate, zip64Extra } from './testing/zip-writer.ts';

const files = testDir();
afterAll(() => files.remove());

/** Every hostile input goes through a real file on disk, as an upload would. */
function onDisk(name: string, bytes: Buffer): Buffer {
  return readFileSync(files.save(name, bytes));
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

function sheetJsWorkbook(bookType: XLSX.BookType): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([HEADER, ['Colonie', 'ChIJY8i4', 'Food', 4.5]]),
    'Data',
  );
  return XLSX.write(workbook, { type: 'buffer', bookType });
}

describe('checkSpreadsheetFile: what is accepted', () => {
  it('accepts an .xlsx written by SheetJS and an .xls (BIFF8), whatever the extension case', () => {
    expect(checkSpreadsheetFile(onDisk('ok.xlsx', sheetJsWorkbook('xlsx')), 'ok.xlsx')).toEqual({
      kind: 'xlsx',
    });
    expect(checkSpreadsheetFile(sheetJsWorkbook('xlsx'), 'REPORT.XLSX')).toEqual({ kind: 'xlsx' });
    expect(checkSpreadsheetFile(onDisk('ok.xls', sheetJsWorkbook('biff8')), 'ok.xls')).toEqual({
      kind: 'xls',
    });
    expect(checkSpreadsheetFile(sheetJsWorkbook('biff8'), 'Old.XLS')).toEqual({ kind: 'xls' });
  });

  it('accepts a Uint8Array as well as a Buffer (the worker receives transferred bytes)', () => {
    const bytes = new Uint8Array(plainXlsx());
    expect(checkSpreadsheetFile(bytes, 'ok.xlsx')).toEqual({ kind: 'xlsx' });
  });

  it('reports what the content is: a ZIP workbook named .xls is an xlsx', () => {
    expect(checkSpreadsheetFile(plainXlsx(), 'renamed.xls')).toEqual({ kind: 'xlsx' });
  });

  it('lets a realistic Google Maps export through, and its shape fits the defaults at 500,000 rows', () => {
    // Built with SheetJS, re-packed with zlib as real exporters compress (figures: decision 0002).
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet(realisticSheetRows(2000, 7, SPEC_HEADERS)),
      'Sheet1',
    );
    const sample = repackWithZlib(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: true }));
    expect(checkSpreadsheetFile(onDisk('realistic.xlsx', sample), 'realistic.xlsx')).toEqual({
      kind: 'xlsx',
    });

    const scale = 500_000 / 2000;
    const parts = listZipParts(sample).map((part) => ({
      packed: part.compressed.length,
      unpacked: part.method === 8 ? inflateRawSync(part.compressed).length : part.compressed.length,
    }));
    const unpacked = parts.reduce((sum, part) => sum + part.unpacked, 0);
    expect(sample.length * scale).toBeLessThan(DEFAULT_SPREADSHEET_LIMITS.maxFileBytes);
    expect(unpacked * scale).toBeLessThan(DEFAULT_SPREADSHEET_LIMITS.maxUncompressedBytes);
    for (const part of parts) expect(part.unpacked * scale).toBeLessThan(MAX_PART_BYTES);
    // Real data compresses ~6:1; the bomb cap must sit far above that.
    expect(unpacked / sample.length).toBeLessThan(DEFAULT_SPREADSHEET_LIMITS.maxCompressionRatio / 5);
  });
});

describe('checkSpreadsheetFile: case 1, files that are not spreadsheets', () => {
  it.each([
    ['program.xlsx', elfBytes(), /ELF executable/],
    ['export.xlsx', csvBytes(), /plain text \(CSV/],
    ['export.xls', csvBytes(), /plain text \(CSV/],
    ['export.xls', htmlBytes(), /HTML page/],
    ['page.xlsx', htmlBytes(), /HTML page/],
  ])('refuses %s holding the wrong content', (name, bytes, what) => {
    const error = rejection(() => checkSpreadsheetFile(onDisk(name, bytes), name));
    expect(error.code).toBe('not_a_spreadsheet');
    expect(error.message).toContain(`"${name}" is not an Excel workbook`);
    expect(error.message).toMatch(what);
  });

  it.each(['data.csv', 'data.xlsb', 'data.ods', 'data.xlsx.exe', 'README'])(
    'refuses the extension of %s',
    (name) => {
      const error = rejection(() => checkSpreadsheetFile(plainXlsx(), name));
      expect(error.code).toBe('unsupported_type');
      expect(error.message).toMatch(/Only \.xlsx and \.xls files can be imported/);
    },
  );

  it('refuses an empty file', () => {
    const error = rejection(() => checkSpreadsheetFile(onDisk('empty.xlsx', Buffer.alloc(0)), 'empty.xlsx'));
    expect(error.code).toBe('empty_file');
    expect(error.message).toContain('is empty');
  });

  it('refuses a file over maxFileBytes', () => {
    const error = rejection(() => checkSpreadsheetFile(plainXlsx(), 'big.xlsx', { maxFileBytes: 100 }));
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/more than the 100 bytes limit/);
  });

  it('refuses a Word document and a binary .xlsb renamed .xlsx', () => {
    const word = rejection(() => checkSpreadsheetFile(onDisk('doc.xlsx', docxRenamed()), 'doc.xlsx'));
    expect(word.code).toBe('missing_workbook');
    expect(word.message).toMatch(/no xl\/workbook\.xml.*Word document/);
    const xlsb = rejection(() => checkSpreadsheetFile(onDisk('bin.xlsx', xlsbRenamed()), 'bin.xlsx'));
    expect(xlsb.code).toBe('missing_workbook');
    expect(xlsb.message).toContain('binary .xlsb workbooks are not supported');
  });

  it('refuses a workbook that also carries OpenDocument parts SheetJS would read instead', () => {
    const bytes = buildZip([
      ...workbookEntries([{ name: 'S', rows: [HEADER] }]),
      { name: 'META-INF/manifest.xml', data: '<m/>' },
    ]);
    expect(rejection(() => checkSpreadsheetFile(bytes, 'mixed.xlsx')).code).toBe('not_a_spreadsheet');
  });

  it('refuses a truncated archive and one with bytes after its end record', () => {
    const whole = plainXlsx();
    const truncated = rejection(() => checkSpreadsheetFile(whole.subarray(0, whole.length - 30), 'cut.xlsx'));
    expect(truncated.code).toBe('not_a_spreadsheet');
    expect(truncated.message).toMatch(/damaged/);
    const trailing = Buffer.concat([whole, Buffer.from('junk after the end')]);
    expect(rejection(() => checkSpreadsheetFile(trailing, 'tail.xlsx')).code).toBe('not_a_spreadsheet');
  });
});

describe('checkSpreadsheetFile: case 4, zip bombs', () => {
  const bomb = zipBomb(1.5e9);

  it('the test bomb really is one: ~1.5 MB that inflates 1000:1', () => {
    expect(bomb.length).toBeLessThan(2_000_000);
    // Prove the construction on a smaller copy (inflating 1.5 GB here would be the attack itself).
    const sample = repeatedDeflate('<c/>', 64 * 1024 * 1024, 16 * 1024 * 1024);
    expect(inflateRawSync(sample).length).toBe(64 * 1024 * 1024);
    expect(sample.length).toBeLessThan((64 * 1024 * 1024) / 900);
  });

  it('refuses a 1.5 MB file declaring 1.5 GB of XML, without the memory going up', () => {
    const bytes = onDisk('bomb.xlsx', bomb);
    const before = process.memoryUsage().rss;
    const error = rejection(() => checkSpreadsheetFile(bytes, 'bomb.xlsx'));
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toMatch(
      /zip bomb: the part xl\/worksheets\/sheet1\.xml unpacks 1\.5 MB into 1\.5 GB/,
    );
    // SheetJS on this file reaches ~3 GB; the check reads only headers.
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('still refuses the bomb when the ratio cap is lifted (total cap), and when both are (part ceiling)', () => {
    const noRatio: Partial<SpreadsheetLimits> = {
      maxCompressionRatio: 1e6,
      maxUncompressedBytes: 1280 * 1024 * 1024,
    };
    const total = rejection(() => checkSpreadsheetFile(bomb, 'bomb.xlsx', noRatio));
    expect(total.code).toBe('zip_bomb');
    expect(total.message).toMatch(/unpacks into 1\.5 GB, more than the 1\.3 GB limit/);
    // The part ceiling guards the SheetJS path (.xlsx is otherwise streamed, with no such ceiling).
    const ceiling = rejection(() =>
      checkInflatedSizes(bomb, 'bomb.xlsx', { ...noRatio, maxUncompressedBytes: 1e12 }),
    );
    expect(ceiling.code).toBe('too_large');
    expect(ceiling.message).toMatch(/more than the 536\.9 MB the spreadsheet reader can hold/);
  });

  it('refuses a directory that merely declares a huge size', () => {
    const error = rejection(() =>
      checkSpreadsheetFile(onDisk('claims.xlsx', hugeDeclaredSize()), 'claims.xlsx'),
    );
    expect(error.code).toBe('zip_bomb');
  });

  it('judges the ratio only above the floor: a small, very compressible part passes', () => {
    const bytes = buildXlsxWithPart('xl/media/blank.bin', Buffer.alloc(5 * 1024 * 1024));
    expect(checkSpreadsheetFile(bytes, 'small.xlsx', { maxCompressionRatio: 10 })).toEqual({ kind: 'xlsx' });
    const above = buildXlsxWithPart('xl/media/blank.bin', Buffer.alloc(12 * 1024 * 1024));
    expect(rejection(() => checkSpreadsheetFile(above, 'big.xlsx', { maxCompressionRatio: 10 })).code).toBe(
      'zip_bomb',
    );
  });

  it('reads ZIP64 sizes from the extra field', () => {
    const entries = workbookEntries([{ name: 'S', rows: [HEADER] }]).map((e) =>
      e.name === 'xl/worksheets/sheet1.xml'
        ? { ...e, uncompressedSize: 0xffffffff, extra: zip64Extra(6e9) }
        : e,
    );
    const error = rejection(() => checkSpreadsheetFile(buildZip(entries), 'wide.xlsx'));
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toMatch(/into 6\.0 GB/);
  });

  it('refuses a ZIP64 end record SheetJS could not follow', () => {
    const bytes = buildZip(workbookEntries([{ name: 'S', rows: [HEADER] }]), { zip64EndRecord: true });
    const error = rejection(() => checkSpreadsheetFile(bytes, 'zip64.xlsx'));
    expect(error.code).toBe('not_a_spreadsheet');
    expect(error.message).toMatch(/ZIP64/);
  });

  it('refuses more entries than maxEntries', () => {
    const error = rejection(() => checkSpreadsheetFile(manyEntries(50), 'many.xlsx', { maxEntries: 20 }));
    expect(error.code).toBe('too_many_entries');
    expect(error.message).toMatch(/holds 50 packed parts, more than the 20/);
  });
});

describe('checkInflatedSizes: sizes that lie', () => {
  it('lets an honest workbook through', () => {
    expect(() => checkInflatedSizes(sheetJsWorkbook('xlsx'), 'ok.xlsx')).not.toThrow();
    expect(() => checkInflatedSizes(sheetJsWorkbook('biff8'), 'ok.xls')).not.toThrow();
  });

  it('refuses a part that inflates past its declared size, stopping at the declared size', () => {
    const bytes = onDisk('liar.xlsx', lyingZipBomb(256 * 1024 * 1024, 4096));
    // The directory looks harmless, so the cheap check cannot tell…
    expect(checkSpreadsheetFile(bytes, 'liar.xlsx')).toEqual({ kind: 'xlsx' });
    const before = process.memoryUsage().rss;
    const error = rejection(() => checkInflatedSizes(bytes, 'liar.xlsx'));
    expect(error.code).toBe('zip_bomb');
    expect(error.message).toMatch(/unpacks to more than the 4\.1 kB it declares/);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a part whose data is not valid deflate', () => {
    const entries = workbookEntries([{ name: 'S', rows: [HEADER] }]).map((e) =>
      e.name === 'xl/worksheets/sheet1.xml' ? { ...e, deflated: Buffer.from([0xff, 0xff, 0xff, 0xff]) } : e,
    );
    expect(rejection(() => checkInflatedSizes(buildZip(entries), 'bad.xlsx')).code).toBe('not_a_spreadsheet');
  });
});

describe('checkSpreadsheetFile: encrypted and unsafe entries', () => {
  it('refuses an entry flagged encrypted, in the directory or only in its local header', () => {
    const flagged = rejection(() =>
      checkSpreadsheetFile(onDisk('locked.xlsx', encryptedEntry()), 'locked.xlsx'),
    );
    expect(flagged.code).toBe('encrypted');
    expect(flagged.message).toMatch(/password-protected.*remove the password/);
    const localOnly = buildZip(
      workbookEntries([{ name: 'S', rows: [HEADER] }]).map((e) =>
        e.name === 'xl/workbook.xml' ? { ...e, localFlags: 0x0001 } : e,
      ),
    );
    expect(rejection(() => checkSpreadsheetFile(localOnly, 'locked.xlsx')).code).toBe('encrypted');
  });

  it('refuses AES-encrypted entries (method 99)', () => {
    const aes = buildZip(
      workbookEntries([{ name: 'S', rows: [HEADER] }]).map((e) =>
        e.name === 'xl/workbook.xml' ? { ...e, method: 99 } : e,
      ),
    );
    expect(rejection(() => checkSpreadsheetFile(aes, 'aes.xlsx')).code).toBe('encrypted');
  });

  it.each([
    '../../evil.sh',
    'xl/../../evil.xml',
    '..\\evil.xml',
    '/etc/passwd',
    '\\windows\\evil.dll',
    'C:/evil.xml',
  ])('refuses the entry name %s', (name) => {
    const error = rejection(() =>
      checkSpreadsheetFile(onDisk('escape.xlsx', traversalEntry(name)), 'escape.xlsx'),
    );
    expect(error.code).toBe('unsafe_entry');
    expect(error.message).toMatch(/path segment|absolute path/);
  });

  it('accepts names that merely contain dots', () => {
    expect(checkSpreadsheetFile(traversalEntry('xl/media/..image..png'), 'dots.xlsx')).toEqual({
      kind: 'xlsx',
    });
  });

  it('refuses a local header whose name differs from the directory, and duplicate parts', () => {
    const disguised = buildZip(
      workbookEntries([{ name: 'S', rows: [HEADER] }]).map((e) =>
        e.name === 'xl/workbook.xml' ? { ...e, localName: '../workbook.xml' } : e,
      ),
    );
    expect(rejection(() => checkSpreadsheetFile(disguised, 'x.xlsx')).code).toBe('unsafe_entry');
    const twice = buildZip([
      ...workbookEntries([{ name: 'S', rows: [HEADER] }]),
      { name: 'XL/Workbook.xml', data: '<x/>' },
    ]);
    expect(rejection(() => checkSpreadsheetFile(twice, 'x.xlsx')).message).toMatch(/appears twice/);
  });
});

function buildXlsxWithPart(name: string, data: Buffer): Buffer {
  return buildZip([...workbookEntries([{ name: 'S', rows: [HEADER] }]), { name, data }]);
}
