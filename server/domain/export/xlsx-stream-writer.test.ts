import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  type CellValue,
  columnName,
  createXlsxWriter,
  escapeXmlText,
  MAX_CELL_CHARS,
  safeSheetName,
} from './xlsx-stream-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-writer-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function writeToBuffer(columns: string[], rows: CellValue[][], sheetName = 'Data'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = createXlsxWriter(out, { sheetName, columns });
  for (const row of rows) await writer.writeRow(row);
  await writer.finish();
  return Buffer.concat(chunks);
}

function readBack(buffer: Buffer): { sheet: XLSX.WorkSheet; sheetName: string; rows: unknown[][] } {
  const workbook = XLSX.read(buffer, { type: 'buffer' });
  const sheetName = workbook.SheetNames[0]!;
  const sheet = workbook.Sheets[sheetName]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });
  return { sheet, sheetName, rows };
}

function zipEntry(buffer: Buffer, name: string): string {
  const container = XLSX.CFB.read(buffer, { type: 'buffer' });
  const entry = XLSX.CFB.find(container, `/${name}`);
  if (!entry?.content) throw new Error(`missing ${name}`);
  return Buffer.from(entry.content as Uint8Array).toString('utf8');
}

/** Maps each cell reference of the sheet XML to its style's quotePrefix flag. */
function quotePrefixedCells(buffer: Buffer): Set<string> {
  const styles = zipEntry(buffer, 'xl/styles.xml');
  const cellXfs = styles.slice(styles.indexOf('<cellXfs'), styles.indexOf('</cellXfs>'));
  const xfs = cellXfs.match(/<xf [^>]*>/g) ?? [];
  const sheetXml = zipEntry(buffer, 'xl/worksheets/sheet1.xml');
  const result = new Set<string>();
  for (const match of sheetXml.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?/g)) {
    const style = xfs[Number(match[2] ?? 0)] ?? '';
    if (style.includes('quotePrefix="1"')) result.add(match[1]!);
  }
  return result;
}

describe('createXlsxWriter', () => {
  it('writes text, numbers, booleans and empty cells that SheetJS reads back exactly', async () => {
    const rows: CellValue[][] = [
      ['Café Ünïcødé', 4.5, true, null, 'tail'],
      ['emoji 🍕👩‍👩‍👧 and 鮨 and مطعم', 0, false, '', 'x'],
      ['<b>&amp; "quotes" \'apos\' </b>', -12.25, null, 1e21, 'y'],
      ['  leading and trailing spaces  ', 2 ** 53 + 2, null, 123456789012, 'line\nbreak'],
      ['literal _x0041_ and _x005F_ stay', 1e-7, null, null, '&#65; stays'],
    ];
    const buffer = await writeToBuffer(['text', 'number', 'bool', 'extra', 'more'], rows);
    const { rows: back, sheetName } = readBack(buffer);
    expect(sheetName).toBe('Data');
    expect(back[0]).toEqual(['text', 'number', 'bool', 'extra', 'more']);
    expect(back.slice(1)).toEqual(
      rows.map((row) => row.map((value) => (value === '' || value === undefined ? null : value))),
    );
    expect(typeof back[1]![1]).toBe('number');
    expect(typeof back[1]![2]).toBe('boolean');
  });

  it('keeps formula-like text as plain text with the quotePrefix style, and round-trips it exactly', async () => {
    const risky = [
      '=1+1',
      '+44 20 7946 0958',
      '-5',
      '@x',
      '\tTabbed',
      '\rCarriage',
      '=HYPERLINK("http://x")',
    ];
    const safe = ['1+1', 'a=b', 'plain'];
    const buffer = await writeToBuffer(
      ['value'],
      [...risky, ...safe].map((text) => [text]),
    );
    const { rows, sheet } = readBack(buffer);
    expect(rows.slice(1).map((row) => row[0])).toEqual([...risky, ...safe]);
    for (let index = 0; index < risky.length; index++) {
      const cell = sheet[`A${index + 2}`] as XLSX.CellObject;
      expect(cell.t).toBe('s');
      expect(cell.f).toBeUndefined();
    }
    const prefixed = quotePrefixedCells(buffer);
    expect([...prefixed].sort()).toEqual(risky.map((_, index) => `A${index + 2}`).sort());
    // No formula element anywhere in the sheet.
    expect(zipEntry(buffer, 'xl/worksheets/sheet1.xml')).not.toContain('<f>');
  });

  it('keeps a CR inside text as a character reference (SheetJS itself folds CRLF to LF when reading)', async () => {
    const buffer = await writeToBuffer(['value'], [['a\r\nb']]);
    expect(zipEntry(buffer, 'xl/worksheets/sheet1.xml')).toContain('<t xml:space="preserve">a&#xD;\nb</t>');
  });

  it('strips characters XML 1.0 forbids and lone surrogates, keeps tabs and newlines', async () => {
    const buffer = await writeToBuffer(['value'], [['a\u0000b\u0001c\u000Bd\uFFFEe\uD800f\tg\nh']]);
    const { rows } = readBack(buffer);
    expect(rows[1]![0]).toBe('abcdef\tg\nh');
    expect(escapeXmlText('x\u001Fy\uDFFFz')).toBe('xyz');
  });

  it('truncates text beyond Excel’s cell limit without splitting a surrogate pair', async () => {
    const long = `${'a'.repeat(MAX_CELL_CHARS - 1)}😀tail`;
    const buffer = await writeToBuffer(['value'], [[long]]);
    const value = readBack(buffer).rows[1]![0] as string;
    expect(value).toBe('a'.repeat(MAX_CELL_CHARS - 1));
  });

  it('is a minimal OOXML package with the expected parts and inline strings only', async () => {
    const buffer = await writeToBuffer(['a'], [['x']], 'Businesses');
    const container = XLSX.CFB.read(buffer, { type: 'buffer' });
    const names = container.FullPaths.map((path: string) => path.replace(/^[^/]*\//, ''));
    for (const part of [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]) {
      expect(names).toContain(part);
    }
    expect(names.some((name: string) => name.includes('sharedStrings'))).toBe(false);
    expect(zipEntry(buffer, 'xl/worksheets/sheet1.xml')).toContain('t="inlineStr"');
  });

  it('makes the sheet name valid for Excel', () => {
    expect(safeSheetName('a/b:c*?[d]')).toBe('a b c   d');
    expect(safeSheetName("'quoted'")).toBe('quoted');
    expect(safeSheetName('')).toBe('Sheet1');
    expect(Array.from(safeSheetName('x'.repeat(40))).length).toBe(31);
  });

  it('names columns A…Z, AA…', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16383].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });

  it('waits for a slow output (backpressure) and still writes every row', async () => {
    const path = join(dir, 'slow.xlsx');
    const file = createWriteStream(path);
    // A destination that accepts one small chunk at a time, slowly.
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        file.write(chunk, () => setTimeout(callback, 1));
      },
      final(callback) {
        file.end(callback);
      },
    });
    const writer = createXlsxWriter(slow, { sheetName: 'S', columns: ['n', 'text'] });
    let waits = 0;
    for (let index = 0; index < 20_000; index++) {
      const pending = writer.writeRow([index, `row ${index} ${'x'.repeat(40)}`]);
      if (pending) {
        waits++;
        await pending;
      }
    }
    await writer.finish();
    expect(waits).toBeGreaterThan(0);
    const { rows } = readBack(readFileSync(path));
    expect(rows).toHaveLength(20_001);
    expect(rows[20_000]![0]).toBe(19_999);
  });

  it('fails the next write when the output breaks, and abort destroys the output', async () => {
    const broken = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('disk full'));
      },
    });
    const writer = createXlsxWriter(broken, { sheetName: 'S', columns: ['text'] });
    await expect(
      (async () => {
        for (let index = 0; index < 100_000; index++) await writer.writeRow([`row ${index}`]);
        await writer.finish();
      })(),
    ).rejects.toThrow('disk full');

    const out = new PassThrough();
    out.resume();
    const outErrors: Error[] = [];
    out.on('error', (error) => outErrors.push(error));
    const closed = new Promise((resolve) => out.on('close', resolve));
    const aborted = createXlsxWriter(out, { sheetName: 'S', columns: ['text'] });
    aborted.writeRow(['x']);
    aborted.abort(new Error('stop'));
    await closed;
    expect(out.destroyed).toBe(true);
    expect(outErrors.map((error) => error.message)).toEqual(['stop']);
    expect(() => aborted.writeRow(['y'])).toThrow('stop');
  });
});
