// The browser's problem-rows file must open where the administrator opens it: read back here with
// SheetJS, a strict reader of the Office Open XML package.
import { crc32 as nodeCrc32 } from 'node:zlib';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { ImportResponse } from '../../../server/contract/business.ts';
import { reportSheets } from './import-report.tsx';
import { buildWorkbook, buildXlsx, crc32 } from './problems-xlsx.ts';

async function readBack(blob: Blob): Promise<unknown[][]> {
  const workbook = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('no sheet');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
}

describe('buildXlsx', () => {
  it('writes a workbook whose cells read back as written', async () => {
    const rows = [
      ['row', 'column', 'problem', 'type'],
      [3, 'rating', 'Rating "abc" is not a number between 1 and 5', 'error'],
      [12, 'place_id', 'Duplicate of row 4 <same id> & skipped', 'warning'],
      [40, 'name', '=HYPERLINK("http://evil")', 'error'],
      [41, 'about', 'Café – 東京 🍣', 'error'],
    ];
    const blob = buildXlsx(rows, 'Problems');
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const read = await readBack(blob);
    expect(read).toEqual(rows);
    const workbook = XLSX.read(new Uint8Array(await blob.arrayBuffer()), {
      type: 'array',
      cellFormula: true,
    });
    // A text cell that looks like a formula stays text.
    expect(workbook.Sheets.Problems?.C4?.f).toBeUndefined();
    expect(workbook.SheetNames).toEqual(['Problems']);
  });

  it('writes the update report beside the problems, one sheet each, one line per changed field', async () => {
    const report: ImportResponse = {
      message: 'Import completed',
      stats: { imported: 0, updated: 1, duplicatesSkipped: 0, totalErrors: 0, unchanged: 3 },
      errors: [],
      warnings: [
        { row: 4, column: 'phone', message: 'edited by hand in the panel: kept "1" (the file has "2")' },
      ],
      runId: 1,
      updates: [
        {
          row: 2,
          id: 7,
          placeId: 'ChIJabc',
          name: 'Alpha Dental',
          slug: 'alpha-dental-ChIJabc',
          changes: [
            { field: 'website', old: null, new: 'https://alpha.example/' },
            { field: 'rating', old: 4.1, new: 4.8 },
          ],
        },
      ],
    };
    const blob = buildWorkbook(reportSheets(report));
    const workbook = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    expect(workbook.SheetNames).toEqual(['Problems', 'Changes']);
    const changes = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Changes!, { header: 1, raw: true });
    expect(changes).toEqual([
      ['row', 'place_id', 'business', 'page', 'field', 'before', 'after'],
      [
        2,
        'ChIJabc',
        'Alpha Dental',
        '/details/alpha-dental-ChIJabc',
        'website',
        '',
        'https://alpha.example/',
      ],
      [2, 'ChIJabc', 'Alpha Dental', '/details/alpha-dental-ChIJabc', 'rating', 4.1, 4.8],
    ]);
    const problems = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Problems!, { header: 1, raw: true });
    expect(problems[1]).toEqual([
      4,
      'phone',
      'edited by hand in the panel: kept "1" (the file has "2")',
      'warning',
    ]);
  });

  it('drops control characters that XML cannot hold instead of writing a broken file', async () => {
    const read = await readBack(buildXlsx([['a\u0000b\u0007c\td']]));
    expect(read).toEqual([['abc\td']]);
  });

  it('computes the same CRC-32 as zlib', () => {
    const bytes = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    expect(crc32(bytes)).toBe(nodeCrc32(bytes));
    expect(crc32(new Uint8Array())).toBe(0);
  });
});
