// Import of the same generated 100,000-row .xlsx into an empty SQLite file and an empty PostgreSQL
// database, interleaved in one run. Reports the whole import and its merge — the one
// transaction from the first merge step to the commit — in rows per second. Target (issue 18): the
// PostgreSQL merge at ≥ 20,000 rows/s.
//
//   npx tsx bench/import-dialects.bench.ts [--rows 100000] [--rounds 1] [--postgres postgres://…/db]
//
// Without --postgres each round imports into a new database on the test server (TEST_DATABASE_URL,
// else the local PostgreSQL), dropped afterwards; with it, that database is emptied (dropped and
// created again) before each round. The file is bench/out/import-<rows>.xlsx, shared with the import
// benchmark. docs/benchmarks.md is rewritten only by a run at the default size.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPostgresDatabase } from '../db/testing/postgres-database.ts';
import { writeFixtureXlsx } from '../fixtures/generate.ts';
import { SERVER_DIST_DIR } from '../server/runtime/entry-points.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { median, runChild, type Sample } from './lib/measure.ts';

const DEFAULT_ROWS = 100_000;
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: String(DEFAULT_ROWS) },
    rounds: { type: 'string', default: '1' },
    postgres: { type: 'string' },
  },
});
const rows = Number(values.rows);
const rounds = Number(values.rounds);
const outDir = join('bench', 'out');
mkdirSync(outDir, { recursive: true });
const file = join(outDir, `import-${rows}.xlsx`);
if (!existsSync(file)) {
  console.error(`generating ${file}…`);
  await writeFixtureXlsx(file, { count: rows, seed: 42, badRowRate: 0 });
}
// The import's process as production runs it (the build) where there is one; else from the sources.
const fromBuild = existsSync(join(SERVER_DIST_DIR, 'import-child.mjs'));
const env = fromBuild ? {} : { DIRECTORY_CHILDREN_FROM_BUILD: '0' };

async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!values.postgres) return createPostgresDatabase();
  const url = new URL(values.postgres);
  const name = url.pathname.slice(1);
  const server = new URL(url.href);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.href });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return { url: url.href, drop: async () => {} };
}

const samples: Record<'sqlite' | 'postgres', Sample[]> = { sqlite: [], postgres: [] };
for (let round = 1; round <= rounds; round++) {
  const db = join(outDir, `import-dialects-${round}.db`);
  const clear = () => {
    for (const suffix of ['', '-wal', '-shm', '-import-progress.json']) rmSync(db + suffix, { force: true });
  };
  clear();
  samples.sqlite.push(runChild('import-dialects-child.ts', [file, db], env));
  clear();
  const postgres = await emptyPostgres();
  try {
    samples.postgres.push(runChild('import-dialects-child.ts', [file, postgres.url], env));
  } finally {
    await postgres.drop();
  }
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const s = samples[dialect].at(-1)!;
    console.error(
      `round ${round} ${dialect}: import ${Math.round(s.ms)} ms (reading ${Math.round(s.readMs!)}, merge ${Math.round(s.mergeMs!)} of which writing ${Math.round(s.writeMs!)} and indexing ${Math.round(s.indexMs!)}, after ${Math.round(s.afterMs!)})`,
    );
  }
}

const perSecond = (ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');
const line = (label: string, dialect: 'sqlite' | 'postgres') => {
  const s = samples[dialect];
  const m = (key: string) => median(s.map((sample) => sample[key]!));
  const seconds = (key: string) => `${(m(key) / 1000).toFixed(2)} s`;
  return `| ${label} | ${(m('ms') / 1000).toFixed(1)} s | ${perSecond(m('ms'))} | ${(m('readMs') / 1000).toFixed(1)} s | ${seconds('mergeMs')} | **${perSecond(m('mergeMs'))}** | ${seconds('writeMs')} | ${seconds('indexMs')} | ${perSecond(m('mergeMs') - m('indexMs'))} | ${seconds('afterMs')} | ${m('maxRssMb')} MB |`;
};
const mergeRate = rows / (median(samples.postgres.map((s) => s.mergeMs!)) / 1000);
const table = `## Import on SQLite and PostgreSQL: ${rows.toLocaleString('en-US')} rows into an empty database

${machineLine()}; medians of ${rounds} interleaved round${rounds === 1 ? '' : 's'}, each import in a fresh process${fromBuild ? '' : ' (the import process from the sources: no build)'}; PostgreSQL 15 on the same machine.
Merge: the one transaction, from its first step to its commit (the import process's reports); of it, writing the rows (inserts into the businesses table and its indexes) and indexing them (the search index and the weekly-hours patterns, on both). After: what follows the commit (SQLite: search index compaction and WAL checkpoint).

| database | whole import | rows/s | reading + staging | merge | merge rows/s | of it: writing | of it: indexing | merge rows/s without indexing | after | peak RSS |
|---|---|---|---|---|---|---|---|---|---|---|
${line('SQLite', 'sqlite')}
${line('PostgreSQL', 'postgres')}

PostgreSQL merge: ${Math.round(mergeRate).toLocaleString('en-US')} rows/s (target ≥ 20,000): ${mergeRate >= 20_000 ? 'met' : 'NOT met'}.`;
console.log(table);
if (rows === DEFAULT_ROWS) writeResultSection('import-dialects', table);
