// Measures a realistic generated export, to size DEFAULT_SPREADSHEET_LIMITS (figures in
// docs/decisions/0002-spreadsheet-precheck-and-reader.md). Not a test; run it by hand:
//   npx tsx server/domain/import/testing/measure-realistic.ts <rows> [sheetjs|zlib] [read] [narrow]
// "sheetjs" keeps SheetJS's own (weak) compression; "zlib" re-packs every part with zlib level 6,
// as Excel, openpyxl and XlsxWriter do. "narrow" keeps only the specification's 13 columns
// instead of the 45 of a full Outscraper export. "read" then times the precheck and the reader on the saved
// file in a fresh process (the generator's own heap would otherwise distort time and memory).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import {
  checkInflatedSizes,
  checkSpreadsheetFile,
  DEFAULT_SPREADSHEET_LIMITS,
  readZipDirectory,
} from '../precheck.ts';
import { readSpreadsheet } from '../read-sheet.ts';
import { REALISTIC_HEADERS, realisticSheetRows, SPEC_HEADERS } from './realistic-rows.ts';
import { repackWithZlib } from './zip-writer.ts';

if (process.argv[2] === 'read-file') measureReading(process.argv[3] ?? '');
else measureFile();

function measureFile(): void {
  const rowCount = Number(process.argv[2] ?? 10_000);
  const packing = process.argv[3] === 'sheetjs' ? 'sheetjs' : 'zlib';
  const alsoRead = process.argv.includes('read');
  const headers = process.argv.includes('narrow') ? SPEC_HEADERS : REALISTIC_HEADERS;

  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet(realisticSheetRows(rowCount, 42, headers)),
    'Sheet1',
  );
  let file: Buffer = XLSX.write(workbook, {
    type: 'buffer',
    bookType: 'xlsx',
    bookSST: true,
    compression: true,
  });
  if (packing === 'zlib') file = repackWithZlib(file);
  const limits = { ...DEFAULT_SPREADSHEET_LIMITS };
  const parts = readZipDirectory(file, 'sample', limits);
  const unpacked = parts.reduce((sum, part) => sum + part.uncompressedSize, 0);
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(
    `${rowCount} rows × ${headers.length} columns, ${packing}: file ${mb(file.length)}, unpacked ${mb(unpacked)}, ratio ${(unpacked / file.length).toFixed(2)}:1`,
  );
  console.log(
    `per row: ${Math.round(file.length / rowCount)} B packed, ${Math.round(unpacked / rowCount)} B unpacked`,
  );
  for (const part of parts.filter((p) => p.uncompressedSize > 100_000)) {
    console.log(
      `  ${part.name}: ${mb(part.compressedSize)} → ${mb(part.uncompressedSize)} (${(part.uncompressedSize / part.compressedSize).toFixed(1)}:1)`,
    );
  }
  console.log(
    `extrapolated to 500,000 rows: file ${mb((file.length / rowCount) * 500_000)}, unpacked ${mb((unpacked / rowCount) * 500_000)}`,
  );
  if (!alsoRead) return;
  const path = join(tmpdir(), `realistic-${rowCount}-${packing}.xlsx`);
  writeFileSync(path, file);
  spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', 'read-file', path], {
    stdio: 'inherit',
  });
  rmSync(path, { force: true });
}

function measureReading(path: string): void {
  const file = readFileSync(path);
  let t = performance.now();
  checkSpreadsheetFile(file, 'sample.xlsx');
  console.log(`checkSpreadsheetFile: ${(performance.now() - t).toFixed(1)} ms`);
  t = performance.now();
  checkInflatedSizes(file, 'sample.xlsx');
  console.log(`checkInflatedSizes: ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  const sheet = readSpreadsheet(file, 'sample.xlsx');
  let rows = 0;
  for (const _ of sheet.rows) rows++;
  console.log(
    `readSpreadsheet (including both checks) + iterate ${rows} rows: ${(performance.now() - t).toFixed(0)} ms`,
  );
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}
