// Export benchmark: fills a database with N generated businesses, then exports all of them to an
// .xlsx file, reporting time and peak memory.
//
//   npx tsx bench/export.bench.ts [--rows 1000000] [--country "United Kingdom"] [--rebuild]
//
// The export runs in a child process of its own, so its peak RSS (sampled every 100 ms, and the
// kernel's maxRSS) measures the export alone, not the building of the database.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection.ts';
import { countBusinesses } from '../db/export-repository.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { fixtureRowToBusiness, insertBusinesses } from '../fixtures/generator/database-rows.ts';
import { generateRows } from '../fixtures/generator/rows.ts';
import { exportBusinesses } from '../server/domain/export/export-businesses.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, 'out');
const MB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    country: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    phase: { type: 'string', default: 'all' },
    db: { type: 'string' },
  },
});
const rows = Number(values.rows);
if (!Number.isSafeInteger(rows) || rows < 0) throw new Error('--rows must be a whole number');
const dbPath = values.db ?? join(outDir, `export-bench-${rows}.db`);

function startRssSampler(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

async function build(): Promise<void> {
  if (!values.rebuild && existsSync(dbPath)) {
    const handle = openDatabase(dbPath);
    const existing = countBusinesses(handle.sqlite);
    await handle.close();
    if (existing === rows) {
      console.log(`database ${dbPath} already holds ${rows} businesses (use --rebuild to rebuild)`);
      return;
    }
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
  mkdirSync(dirname(dbPath), { recursive: true });
  const handle = openDatabase(dbPath);
  await migrateToLatest(handle.db);
  const sampler = startRssSampler();
  const started = performance.now();
  const now = new Date().toISOString();
  function* records() {
    let index = 0;
    for (const row of generateRows({ count: rows, seed: 1 })) yield fixtureRowToBusiness(row, index++, now);
  }
  insertBusinesses(handle.sqlite, records());
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const seconds = (performance.now() - started) / 1000;
  const peak = sampler.stop();
  await handle.close();
  console.log(
    `built ${rows} businesses in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s, generation included); ` +
      `peak RSS ${Math.round(peak / MB)} MB; database ${Math.round(statSync(dbPath).size / MB)} MB`,
  );
}

async function exportPhase(): Promise<void> {
  const handle = openDatabase(dbPath);
  const file = join(outDir, `export-bench-${rows}.xlsx`);
  const baseline = process.memoryUsage().rss;
  const sampler = startRssSampler();
  const started = performance.now();
  const result = await exportBusinesses(handle.sqlite, { country: values.country }, createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  const peak = sampler.stop();
  await handle.close();
  console.log(
    JSON.stringify({
      rows: result.rows,
      fileName: result.fileName,
      seconds: Number(seconds.toFixed(1)),
      rowsPerSecond: Math.round(result.rows / seconds),
      fileMB: Math.round(statSync(file).size / MB),
      baselineRssMB: Math.round(baseline / MB),
      peakRssMB: Math.round(peak / MB),
      // ru_maxrss is in kilobytes on Linux.
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

async function main(): Promise<void> {
  if (values.phase === 'export') return exportPhase();
  await build();
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    '--phase',
    'export',
    '--rows',
    String(rows),
  ];
  args.push('--db', dbPath);
  if (values.country !== undefined) args.push('--country', values.country);
  const output = execFileSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Record<string, number | string>;
  console.log(
    `exported ${result.rows} rows (${result.fileName}) in ${result.seconds} s (${result.rowsPerSecond} rows/s), ` +
      `${result.fileMB} MB file; RSS baseline ${result.baselineRssMB} MB, peak sampled ${result.peakRssMB} MB, ` +
      `maxRSS ${result.maxRssMB} MB (target < 512 MB)`,
  );
  writeResultSection(
    `export${values.country ? `-${values.country}` : ''}`,
    `## Export of ${Number(result.rows).toLocaleString('en-US')} businesses${values.country ? ` (${values.country})` : ''}

${machineLine()}; the export alone, in its own process, from a database of ${rows.toLocaleString('en-US')} generated businesses.

| figure | value |
|---|---|
| time | ${result.seconds} s (${Number(result.rowsPerSecond).toLocaleString('en-US')} rows/s) |
| file | ${result.fileMB} MB |
| peak RSS | ${result.maxRssMB} MB (baseline ${result.baselineRssMB} MB; target < 512 MB) |`,
  );
}

await main();
