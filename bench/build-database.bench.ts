// Builds a 1,000,000-business database from generated real-shape .xlsx files (10 × 100,000 rows),
// through the real importer, and reports time, rows/s and the database size. The database is kept at
// bench/out/million.db for the other benchmarks.   npx tsx bench/build-database.bench.ts [--files N] [--rows R]
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFixtureXlsx } from '../fixtures/generate.ts';
import { importSpreadsheet } from '../server/domain/import/import-spreadsheet.ts';
import { openAndPrepareDatabase } from '../server/domain/open-database.ts';
import { maxRssMb, median, watchChildrenPeakRss } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const { values } = parseArgs({
  options: { files: { type: 'string', default: '10' }, rows: { type: 'string', default: '100000' } },
});
const files = Number(values.files);
const rows = Number(values.rows);
const outDir = join('bench', 'out');
mkdirSync(outDir, { recursive: true });

const paths: string[] = [];
for (let i = 0; i < files; i++) {
  const path = join(outDir, `build-${rows}-${i + 1}.xlsx`);
  if (!existsSync(path)) {
    console.error(`generating ${path}…`);
    // Written under another name first: a run stopped half way must not leave a truncated file that
    // the next run would take as done.
    await writeFixtureXlsx(`${path}.partial`, {
      count: rows,
      seed: 100 + i,
      badRowRate: 0,
      variant: i % 2 ? 'newer' : 'classic',
    });
    renameSync(`${path}.partial`, path);
  }
  paths.push(path);
}

const dbPath = join(outDir, 'million.db');
for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
const handle = await openAndPrepareDatabase(dbPath);
const perFile: number[] = [];
const started = performance.now();
const importPeakRss = watchChildrenPeakRss();
let imported = 0;
for (const path of paths) {
  const t = performance.now();
  const report = await importSpreadsheet(handle, { filePath: path, startedBy: 'bench' });
  perFile.push(performance.now() - t);
  imported += report.stats.imported;
  console.error(`${path}: ${report.stats.imported} imported in ${Math.round(perFile.at(-1)!)} ms`);
}
const totalMs = performance.now() - started;
const importRssMb = importPeakRss();
handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
await handle.close();
const sizeMb = statSync(dbPath).size / 2 ** 20;

const table = `## Building a ${imported.toLocaleString('en-US')}-business database

${machineLine()}; ${files} generated files of ${rows.toLocaleString('en-US')} rows imported one after another through the real importer (one run).

| figure | value |
|---|---|
| total time | ${(totalMs / 1000).toFixed(0)} s (${Math.round(imported / (totalMs / 1000)).toLocaleString('en-US')} rows/s) |
| median per file | ${(median(perFile) / 1000).toFixed(1)} s; first ${(perFile[0]! / 1000).toFixed(1)} s, last ${(perFile.at(-1)! / 1000).toFixed(1)} s |
| database size | ${sizeMb.toFixed(0)} MB (${Math.round((sizeMb * 2 ** 20) / imported)} bytes per business, with indexes and FTS) |
| peak RSS | ${maxRssMb()} MB this process; ${importRssMb} MB its import processes (the largest, sampled every 100 ms) |`;
console.log(table);
writeResultSection('build-database', table);
