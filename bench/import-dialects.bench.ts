// Import of the same generated 100,000-row .xlsx into an empty SQLite file and an empty PostgreSQL
// database, interleaved in one run. Reports the whole import and its merge — the one
// transaction from the first merge step to the commit — in rows per second. Target (issue 18): the
// PostgreSQL merge at ≥ 20,000 rows/s.
//
//   npx tsx bench/import-dialects.bench.ts [--rows 100000] [--rounds 1] [--into 0] [--postgres postgres://…/db]
//
// --into N: the database already holds N other businesses (a file of them imported first, not
// measured): the import a growing site runs, which on PostgreSQL keeps the table's indexes in place
// (an import that at least doubles the table builds them again instead, decision 0038).
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
import { median, runChild, type Sample } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const DEFAULT_ROWS = 100_000;
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: String(DEFAULT_ROWS) },
    rounds: { type: 'string', default: '1' },
    into: { type: 'string', default: '0' },
    postgres: { type: 'string' },
  },
});
const rows = Number(values.rows);
const rounds = Number(values.rounds);
const into = Number(values.into);
const outDir = join('bench', 'out');
mkdirSync(outDir, { recursive: true });
const file = join(outDir, `import-${rows}.xlsx`);
if (!existsSync(file)) {
  console.error(`generating ${file}…`);
  await writeFixtureXlsx(file, { count: rows, seed: 42, badRowRate: 0 });
}
// The import's process as production runs it (the build) where there is one; else from the sources.
const otherFile = join(outDir, `import-other-${into}.xlsx`);
if (into > 0 && !existsSync(otherFile)) {
  console.error(`generating ${otherFile}…`);
  await writeFixtureXlsx(otherFile, { count: into, seed: 7, badRowRate: 0 });
}
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
  /** The measured import, after the other businesses where there are to be some. */
  const measured = (target: string) => {
    if (into > 0) runChild('import-dialects-child.ts', [otherFile, target], env);
    return runChild('import-dialects-child.ts', [file, target], env);
  };
  clear();
  samples.sqlite.push(measured(db));
  clear();
  const postgres = await emptyPostgres();
  try {
    samples.postgres.push(measured(postgres.url));
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
const target =
  into > 0 ? `a database of ${into.toLocaleString('en-US')} other businesses` : 'an empty database';
const table = `## Import on SQLite and PostgreSQL: ${rows.toLocaleString('en-US')} rows into ${target}

${machineLine()}; medians of ${rounds} interleaved round${rounds === 1 ? '' : 's'}, each import in a fresh process${fromBuild ? '' : ' (the import process from the sources: no build)'}; PostgreSQL 15 on the same machine.
Merge: the one transaction, from its first step to its commit (the import process's reports); of it, writing the rows and indexing them, as each dialect's steps report. SQLite writes the rows into the businesses table and its indexes, then indexes them (search index, weekly hours). PostgreSQL writes each batch's rows with their search index rows and weekly hours in one statement (the stager computed the search rows while the file was read, decision 0038), so its writing holds its indexing; an import that at least doubles the table writes without the table's secondary indexes and builds them again within the writing step. After: what follows the commit (SQLite: search index compaction and WAL checkpoint; PostgreSQL: the search index's pending entries merged into its trees).

| database | whole import | rows/s | reading + staging | merge | merge rows/s | of it: writing | of it: indexing | merge rows/s without indexing | after | peak RSS |
|---|---|---|---|---|---|---|---|---|---|---|
${line('SQLite', 'sqlite')}
${line('PostgreSQL', 'postgres')}

PostgreSQL merge: ${Math.round(mergeRate).toLocaleString('en-US')} rows/s (target ≥ 20,000): ${mergeRate >= 20_000 ? 'met' : 'NOT met'}.`;
console.log(table);
if (rows === DEFAULT_ROWS) writeResultSection(into > 0 ? 'import-dialects-into' : 'import-dialects', table);
