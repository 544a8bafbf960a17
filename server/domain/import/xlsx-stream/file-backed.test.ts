// An upload read by its structure only: the reader gives exactly the rows (or the refusal) it gives for
// the whole file in memory, while the parts' data never enters the Buffer.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as hostile from '../testing/hostile-files.ts';
import { mapsRow, writeWorkbook } from '../testing/workbook.ts';
import { fileBehind, readSpreadsheetFile } from './file-backed.ts';
import { readXlsxStream } from './read-xlsx-stream.ts';

const dir = hostile.testDir();
afterAll(() => dir.remove());

/** Every row, or the refusal's code: what an import would see. */
async function outcome(bytes: Buffer, name: string): Promise<unknown> {
  try {
    const source = await readXlsxStream(bytes, name);
    const rows: unknown[] = [];
    for await (const row of source.rows) rows.push(row);
    return { sheet: source.sheetName, columns: [...source.columns], rows };
  } catch (error) {
    return { refused: (error as { code?: string }).code ?? String(error) };
  }
}

describe('readSpreadsheetFile', () => {
  it('keeps the data of the parts out of memory and streams them from the file', async () => {
    const path = writeWorkbook(
      join(dir.dir, 'rows.xlsx'),
      Array.from({ length: 300 }, (_, i) => mapsRow({ name: `Shop ${i}` })),
    );
    const whole = readFileSync(path);
    const structure = readSpreadsheetFile(path, 0);
    expect(fileBehind(structure)).toBe(path);
    expect(structure.length).toBe(whole.length);
    // Most of the file (the compressed parts) was never read into the Buffer.
    const zeros = structure.reduce((count, byte) => count + (byte === 0 ? 1 : 0), 0);
    expect(zeros).toBeGreaterThan(whole.length * 0.8);
    const read = (await outcome(structure, 'rows.xlsx')) as { rows: unknown[] };
    expect(read.rows).toHaveLength(300);
    expect(read).toEqual(await outcome(whole, 'rows.xlsx'));
  });

  it('reads a small file whole, as before', () => {
    const path = writeWorkbook(join(dir.dir, 'small.xlsx'), [mapsRow()]);
    const bytes = readSpreadsheetFile(path);
    expect(fileBehind(bytes)).toBeUndefined();
    expect(bytes.equals(readFileSync(path))).toBe(true);
  });

  const files: Array<[string, () => Buffer]> = [
    ['google-maps-classic.xlsx', () => readFileSync(join('fixtures', 'files', 'google-maps-classic.xlsx'))],
    ['google-maps-newer.xlsx', () => readFileSync(join('fixtures', 'files', 'google-maps-newer.xlsx'))],
    ['bad-rows.xlsx', () => readFileSync(join('fixtures', 'files', 'bad-rows.xlsx'))],
    ['legacy.xls', () => readFileSync(join('fixtures', 'files', 'legacy.xls'))],
    ['plain.xlsx', () => hostile.plainXlsx()],
    ['elf.xlsx', () => hostile.elfBytes()],
    ['csv.xlsx', () => hostile.csvBytes()],
    ['html.xlsx', () => hostile.htmlBytes()],
    ['bomb.xlsx', () => hostile.zipBomb(64 * 1024 * 1024)],
    ['lying-bomb.xlsx', () => hostile.lyingZipBomb(16 * 1024 * 1024)],
    ['huge-declared.xlsx', () => hostile.hugeDeclaredSize()],
    ['formulas.xlsx', () => hostile.formulaCells()],
    ['encrypted.xlsx', () => hostile.encryptedEntry()],
    ['traversal.xlsx', () => hostile.traversalEntry()],
    ['prototype.xlsx', () => hostile.prototypePollutionProof()],
    ['truncated.xlsx', () => hostile.plainXlsx().subarray(0, 600)],
  ];
  it.each(files)('reads %s as the whole file reads', async (name, bytes) => {
    const path = join(dir.dir, name);
    writeFileSync(path, bytes());
    expect(await outcome(readSpreadsheetFile(path, 0), name)).toEqual(
      await outcome(readFileSync(path), name),
    );
  });
});
