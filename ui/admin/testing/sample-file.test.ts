// The sample file offered to administrators must be what the script makes, and must import cleanly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { importSpreadsheet } from '../../../server/domain/import/import-spreadsheet.ts';
import { SAMPLE_COLUMNS, SAMPLE_FILE, SAMPLE_ROWS, writeSampleFile } from './sample-file.ts';

let database: TempDatabase;
beforeEach(async () => {
  database = await createTempDatabase('sample-file-');
});
afterEach(async () => {
  await database.dispose();
});

describe('the Import tab sample file', () => {
  it('is up to date with its generator and has the columns of §3', async () => {
    const fresh = join(database.dir, 'sample.xlsx');
    await writeSampleFile(fresh);
    expect(readFileSync(SAMPLE_FILE).equals(readFileSync(fresh))).toBe(true);
    const workbook = XLSX.read(readFileSync(SAMPLE_FILE));
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet!, { header: 1 });
    expect(rows[0]).toEqual([...SAMPLE_COLUMNS]);
    expect(rows).toHaveLength(SAMPLE_ROWS + 1);
  });

  it('imports every row without an error', async () => {
    const report = await importSpreadsheet(database, { filePath: SAMPLE_FILE, startedBy: 'test' });
    expect(report.stats).toMatchObject({ imported: SAMPLE_ROWS, totalErrors: 0 });
    expect(report.errors).toEqual([]);
  });
});
