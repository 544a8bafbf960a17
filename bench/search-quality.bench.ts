// Search quality on a big database: the judged query set of fixtures/search-judgements.ts (the one the
// quality test runs on 3,000 rows) through searchDirectory, per kind of query: mean precision@10, mean
// recall against the plain form, queries without results while their plain form has some, and the
// median time of a first page. Scoring: server/domain/search/testing/judge.ts.
// The database: --db, else bench/out/million.db when it exists (npm run bench -- build-database), else
// a generated one of --rows businesses (default 20,000, seed 7) kept under bench/out/.
//   npx tsx bench/search-quality.bench.ts [--db PATH] [--rows 20000] [--seed 7] [--worst 20]
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { lockHolderAlive } from '../db/lock-repository.ts';
import type { ImportRunTable } from '../db/schema.ts';
import { createSqliteStore } from '../db/store/sqlite-store.ts';
import { writeFixtureXlsx } from '../fixtures/generate.ts';
import { SEARCH_JUDGEMENTS } from '../fixtures/search-judgements.ts';
import { importSpreadsheet } from '../server/domain/import/import-spreadsheet.ts';
import { openAndPrepareDatabase } from '../server/domain/open-database.ts';
import { searchDirectory } from '../server/domain/search/search.ts';
import {
  judgeAll,
  kindTable,
  needLabel,
  PRECISION_DEPTH,
  type QueryScore,
  RECALL_DEPTH,
  summariseByKind,
  weakQueries,
} from '../server/domain/search/testing/judge.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    rows: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '7' },
    worst: { type: 'string', default: '20' },
  },
});
const rows = Number(values.rows);
const seed = Number(values.seed);
const outDir = join('bench', 'out');
mkdirSync(outDir, { recursive: true });
const million = join(outDir, 'million.db');
const dbPath =
  values.db ?? (existsSync(million) ? million : join(outDir, `search-quality-${rows}-${seed}.db`));

if (!existsSync(dbPath)) {
  // Built under another name first: a run stopped half way must not leave a database taken as done.
  const xlsx = join(outDir, `search-quality-${rows}-${seed}.xlsx`);
  const partial = `${dbPath}.partial`;
  console.error(`generating ${rows.toLocaleString('en-US')} businesses (seed ${seed}) into ${dbPath}…`);
  if (!existsSync(xlsx)) {
    await writeFixtureXlsx(`${xlsx}.partial`, { count: rows, seed });
    renameSync(`${xlsx}.partial`, xlsx);
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  const building = await openAndPrepareDatabase(partial);
  await importSpreadsheet(building, { filePath: xlsx, startedBy: 'bench' });
  building.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await building.close();
  renameSync(partial, dbPath);
}

// Opening prepares the database (migrations, search index, interrupted imports): not while an import
// is still writing it (build-database builds million.db file after file).
const probe = new BetterSqlite3(dbPath, { readonly: true });
const runs = probe
  .prepare(`SELECT host, pid, heartbeat_at FROM import_runs WHERE status = 'running'`)
  .all() as Pick<ImportRunTable, 'host' | 'pid' | 'heartbeat_at'>[];
probe.close();
if (runs.some((run) => lockHolderAlive(run))) {
  console.error(`${dbPath}: an import is still writing it; run again when it is done, or pass --db`);
  process.exit(1);
}

const handle = await openAndPrepareDatabase(dbPath);
const sqlite = handle.sqlite;
const total = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
console.error(
  `${dbPath}: ${total.toLocaleString('en-US')} businesses; ${SEARCH_JUDGEMENTS.length} judged queries…`,
);

const started = performance.now();
const store = createSqliteStore(sqlite, dbPath);
const scores = await judgeAll(sqlite, SEARCH_JUDGEMENTS, (need, pageSize) =>
  searchDirectory(store, { q: need.q, location: need.location, page: 1, pageSize }),
);
const seconds = (performance.now() - started) / 1000;
await handle.close();

const summaries = summariseByKind(scores);
const unscorable = scores.filter((s) => s.relevantTotal === 0);
const worst = weakQueries(scores, { precisionBelow: 0.9, recallBelow: 0.5 });
const figure = (value: number | null) => (value === null ? '–' : value.toFixed(2));
const line = (s: QueryScore) =>
  `- ${s.judgement.kind} ${needLabel(s.judgement)}: precision ${figure(s.precision)}, recall ${figure(s.recall)}, ` +
  `${s.totalCount.toLocaleString('en-US')} found (plain ${needLabel(s.judgement.plain)}: ${s.plainTotalCount.toLocaleString('en-US')})` +
  (s.unfuzzedOk === false ? ', corrected although it must not be' : '') +
  (s.top.length ? `; first: ${s.top[0]!.name} (${s.top[0]!.category}, ${s.top[0]!.place})` : '');

const markdown = `## Search quality

${machineLine()}; ${SEARCH_JUDGEMENTS.length} judged queries (fixtures/search-judgements.ts) on ${total.toLocaleString('en-US')} businesses (\`${dbPath}\`), page 1 of ${PRECISION_DEPTH} and the first ${RECALL_DEPTH.toLocaleString('en-US')} results plus the plain form's page 1 each, ${seconds.toFixed(1)} s in all. Precision@10: relevant share of the first min(10, relevant in the data) results; recall: share of the plain form's relevant page-1 results that the query finds (among its first ${RECALL_DEPTH.toLocaleString('en-US')}); zero results: none while the plain form has some; ms: page 1 of ${PRECISION_DEPTH}, first time (definitions in server/domain/search/testing/judge.ts).

${kindTable(summaries, { timing: true })}
${unscorable.length ? `\n${unscorable.length} queries have no relevant business in this database and are not scored.\n` : ''}
${worst.length ? `Weakest queries (${worst.length} below precision 0.9 or recall 0.5, or without results; ${Math.min(worst.length, Number(values.worst))} shown):\n\n${worst.slice(0, Number(values.worst)).map(line).join('\n')}` : 'No query below precision 0.9 or recall 0.5.'}`;
console.log(markdown);
writeResultSection('search-quality', markdown);
