// Export benchmark: fills a SQLite database with N generated businesses, copies it to PostgreSQL
// (`directory copy`'s code), then exports all of them from each to an .xlsx file, reporting time and
// peak memory per database — SQLite's keyset pages beside PostgreSQL's server-side cursor.
//
//   npx tsx bench/export.bench.ts [--rows 1000000] [--country "United Kingdom"] [--rebuild]
//                                 [--postgres postgres://…/db | --sqlite-only]
//
// Without --postgres the copy goes to a new database on the test server (TEST_DATABASE_URL, else the
// local PostgreSQL), dropped afterwards; with it, that existing database is reused when it already
// holds N businesses, else replaced. docs/benchmarks.md is rewritten only by a run at the default size.
//
// Each export runs in a child process of its own, so its peak RSS (sampled every 100 ms, and the
// kernel's maxRSS) measures the export alone, not the building or copying of the database.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type DatabaseAddress, parseDatabaseAddress } from '../db/address.ts';
import { openDatabase } from '../db/connection.ts';
import { exportRowSource } from '../db/export/export-row-source.ts';
import { countBusinesses } from '../db/export-repository.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres/connection.ts';
import { createPostgresStore } from '../db/store/postgres-store.ts';
import { createSqliteStore } from '../db/store/sqlite-store.ts';
import type { StoreHandle } from '../db/store/store.ts';
import { createPostgresDatabase } from '../db/testing/postgres-database.ts';
import { fixtureRowToBusiness, insertBusinesses } from '../fixtures/generator/database-rows.ts';
import { generateRows } from '../fixtures/generator/rows.ts';
import { copySite } from '../server/domain/copy/copy-site.ts';
import { exportBusinesses } from '../server/domain/export/export-businesses.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, 'out');
const MB = 1024 * 1024;
const DEFAULT_ROWS = 1_000_000;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: String(DEFAULT_ROWS) },
    country: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    phase: { type: 'string', default: 'all' },
    db: { type: 'string' },
    postgres: { type: 'string' },
    'sqlite-only': { type: 'boolean', default: false },
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

/** Opens the database as the export finds it: no migration or index check, which would add their
 *  own memory to the figure. */
function openForExport(address: DatabaseAddress): StoreHandle {
  if (address.dialect === 'sqlite') {
    const handle = openDatabase(address.path);
    return { store: createSqliteStore(handle.sqlite, address.path), close: () => handle.close() };
  }
  const handle = openPostgres(address.url, address.display, { poolSize: 2 });
  return { store: createPostgresStore(handle.pool, address.display), close: () => handle.close() };
}

async function exportPhase(address: DatabaseAddress): Promise<void> {
  const handle = openForExport(address);
  const file = join(outDir, `export-bench-${rows}-${address.dialect}.xlsx`);
  const baseline = process.memoryUsage().rss;
  const sampler = startRssSampler();
  const started = performance.now();
  const source = await exportRowSource(handle.store);
  const result = await exportBusinesses(source, { country: values.country }, createWriteStream(file));
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

/** A PostgreSQL database holding the same businesses as the SQLite file, and what drops it after. */
async function loadPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const from = parseDatabaseAddress(dbPath);
  if (values.postgres !== undefined) {
    const address = parseDatabaseAddress(values.postgres);
    if (address.dialect !== 'postgres') throw new Error('--postgres takes a postgres:// URL');
    const handle = openForExport(address);
    const existing = await (await exportRowSource(handle.store)).count().catch(() => -1);
    await handle.close();
    if (existing === rows && !values.rebuild) {
      console.log(`PostgreSQL ${address.display} already holds ${rows} businesses`);
    } else {
      await copyTimed(from, address);
    }
    return { url: address.url, drop: async () => {} };
  }
  const database = await createPostgresDatabase();
  try {
    await copyTimed(from, parseDatabaseAddress(database.url));
  } catch (error) {
    await database.drop();
    throw error;
  }
  return { url: database.url, drop: () => database.drop() };
}

async function copyTimed(from: DatabaseAddress, to: DatabaseAddress): Promise<void> {
  const started = performance.now();
  const report = await copySite(from, to, { replace: true });
  const copied = report.tables.find((table) => table.table === 'businesses')?.rows ?? 0;
  console.log(
    `copied ${copied} businesses to ${to.display} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

type ExportFigures = Record<string, number | string>;

/** Runs the export phase in a child process and reads its figures. */
function exportInChild(address: string): ExportFigures {
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    '--phase',
    'export',
    '--rows',
    String(rows),
  ];
  args.push('--db', address);
  if (values.country !== undefined) args.push('--country', values.country);
  const output = execFileSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as ExportFigures;
}

async function main(): Promise<void> {
  if (values.phase === 'export') return exportPhase(parseDatabaseAddress(values.db ?? dbPath));
  await build();
  const results: [string, ExportFigures][] = [['SQLite', exportInChild(dbPath)]];
  if (!values['sqlite-only']) {
    const postgres = await loadPostgres();
    try {
      results.push(['PostgreSQL', exportInChild(postgres.url)]);
    } finally {
      await postgres.drop();
    }
  }
  for (const [name, result] of results) {
    console.log(
      `${name}: exported ${result.rows} rows (${result.fileName}) in ${result.seconds} s (${result.rowsPerSecond} rows/s), ` +
        `${result.fileMB} MB file; RSS baseline ${result.baselineRssMB} MB, peak sampled ${result.peakRssMB} MB, ` +
        `maxRSS ${result.maxRssMB} MB (target < 512 MB)`,
    );
  }
  // A smaller run (a check that the bench works) prints its figures but leaves the recorded ones alone.
  if (rows !== DEFAULT_ROWS) return;
  const first = results[0]![1];
  const line = (name: string, result: ExportFigures) =>
    `| ${name} | ${result.seconds} s (${Number(result.rowsPerSecond).toLocaleString('en-US')} rows/s) | ${result.fileMB} MB | ${result.maxRssMB} MB (baseline ${result.baselineRssMB} MB) |`;
  writeResultSection(
    `export${values.country ? `-${values.country}` : ''}`,
    `## Export of ${Number(first.rows).toLocaleString('en-US')} businesses${values.country ? ` (${values.country})` : ''}

${machineLine()}; the export alone, in its own process, from a database of ${rows.toLocaleString('en-US')} generated businesses: SQLite's keyset pages, and PostgreSQL's server-side cursor (pg-query-stream in a REPEATABLE READ READ ONLY transaction) on the same rows copied there. Target: peak RSS < 512 MB.

| database | time | file | peak RSS |
|---|---|---|---|
${results.map(([name, result]) => line(name, result)).join('\n')}`,
  );
}

await main();
