// The .xlsx readers side by side: SheetJS (readSpreadsheet) against the streaming reader
// (readXlsxStream), each iterating every row in a fresh process so peak RSS is its own.
//   npx tsx bench/xlsx-reader.bench.ts [--rows N] [--rounds R]
// Files: the generated real-shape export (inline strings, as our writer makes it) and the same rows
// written by SheetJS with a shared-strings table (as Excel and most exporters write them).
// Child mode (used by the parent): npx tsx bench/xlsx-reader.bench.ts --child sheetjs|stream <file>
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as XLSX from 'xlsx';
import { fixtureColumns, generateRows, writeFixtureXlsx } from '../fixtures/generate.ts';
import type { RawRow } from '../server/domain/import/normalised-business.ts';
import { readSpreadsheet } from '../server/domain/import/read-sheet.ts';
import { readXlsxStream } from '../server/domain/import/xlsx-stream/read-xlsx-stream.ts';
import { maxRssMb, median, runChild, type Sample } from './lib/measure.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    child: { type: 'string' },
  },
  allowPositionals: true,
});

if (values.child) {
  await runOne(values.child, process.argv.at(-1) ?? '');
} else {
  await main(Number(values.rows), Number(values.rounds));
}

async function runOne(mode: string, file: string): Promise<void> {
  const bytes = mode === 'generate-sst' ? Buffer.alloc(0) : readFileSync(file);
  const started = performance.now();
  let rows = 0;
  if (mode === 'sheetjs') {
    for (const _ of readSpreadsheet(bytes, 'bench.xlsx').rows) rows++;
  } else if (mode === 'generate-sst') {
    writeSharedStringsFile(file, Number(values.rows));
    console.log('{}');
    return;
  } else if (mode === 'stream') {
    const sheet = await readXlsxStream(bytes, 'bench.xlsx');
    for await (const _ of sheet.rows as AsyncIterable<RawRow>) rows++;
  } else throw new Error(`unknown mode ${mode}`);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, maxRssMb: maxRssMb(), rows }));
}

async function main(count: number, rounds: number): Promise<void> {
  const outDir = join('bench', 'out');
  mkdirSync(outDir, { recursive: true });
  const generated = join(outDir, `import-${count}.xlsx`);
  if (!existsSync(generated)) {
    console.error(`generating ${generated}…`);
    await writeFixtureXlsx(generated, { count, seed: 42, badRowRate: 0 });
  }
  const shared = join(outDir, `xlsx-reader-sst-${count}.xlsx`);
  if (!existsSync(shared)) {
    console.error(`generating ${shared}…`);
    // In a child: Linux keeps a process's peak RSS across fork and exec, so a parent that grew
    // while writing this file would lend its peak to every measured child.
    runChild('xlsx-reader.bench.ts', ['--rows', String(count), '--child', 'generate-sst', shared]);
  }

  const lines: string[] = [];
  for (const [label, file, sheetJsRounds] of [
    ['generated export, inline strings', generated, rounds],
    ['SheetJS-written, shared strings', shared, 1],
  ] as const) {
    const sheetjs: Sample[] = [];
    const stream: Sample[] = [];
    for (let round = 0; round < Math.max(rounds, sheetJsRounds); round++) {
      if (round < sheetJsRounds) sheetjs.push(runChild('xlsx-reader.bench.ts', ['--child', 'sheetjs', file]));
      stream.push(runChild('xlsx-reader.bench.ts', ['--child', 'stream', file]));
      console.error(
        `${label} round ${round + 1}: sheetjs ${Math.round(sheetjs.at(-1)?.ms ?? 0)} ms, stream ${Math.round(stream.at(-1)?.ms ?? 0)} ms`,
      );
    }
    const mb = (statSync(file).size / 1e6).toFixed(1);
    const row = (name: string, samples: Sample[]) =>
      `| ${label} (${mb} MB) | ${name} | ${(median(samples.map((s) => s.ms)) / 1000).toFixed(2)} s | ${median(samples.map((s) => s.maxRssMb))} MB | ${samples[0]?.rows} | ${samples.length} |`;
    lines.push(row('SheetJS readSpreadsheet', sheetjs), row('readXlsxStream', stream));
  }
  console.log(`## .xlsx readers, ${count.toLocaleString('en-US')} rows (every row iterated, fresh process each)

| file | reader | time (median) | peak RSS (median) | rows | runs |
|---|---|---|---|---|---|
${lines.join('\n')}`);
}

/** The same generated rows, written by SheetJS with a shared-strings table and zlib compression. */
function writeSharedStringsFile(path: string, count: number): void {
  const options = { count, seed: 42, badRowRate: 0 };
  const columns = fixtureColumns({});
  const data: unknown[][] = [columns];
  for (const row of generateRows(options)) data.push(columns.map((column) => row[column] ?? null));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(data), 'Sheet1');
  writeFileSync(
    path,
    XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }),
  );
}
