// Import of a generated 100,000-row real-shape .xlsx into an empty database, end to end, beside a
// bare SheetJS parse of the same file, interleaved in one run. Target: import ≤ 1.3× the bare parse,
// peak RSS < 1 GB.   npx tsx bench/import.bench.ts [--rows N] [--rounds R]
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFixtureXlsx } from '../fixtures/generate.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { median, runChild, type Sample } from './lib/measure.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' } },
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

const parse: Sample[] = [];
const full: Sample[] = [];
for (let round = 1; round <= rounds; round++) {
  parse.push(runChild('import-child.ts', ['parse', file]));
  const db = join(outDir, `import-bench-${round}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  full.push(runChild('import-child.ts', ['import', file, db]));
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  console.error(
    `round ${round}: parse ${Math.round(parse.at(-1)!.ms)} ms, import ${Math.round(full.at(-1)!.ms)} ms`,
  );
}

const parseMs = median(parse.map((s) => s.ms));
const importMs = median(full.map((s) => s.ms));
const importRss = median(full.map((s) => s.maxRssMb));
const parseRss = median(parse.map((s) => s.maxRssMb));
const ratio = importMs / parseMs;
const table = `## Import of ${rows.toLocaleString('en-US')} rows (.xlsx, real export shape)

${machineLine()}; medians of ${rounds} interleaved rounds, each step in a fresh process.

| step | time | rows/s | peak RSS |
|---|---|---|---|
| bare SheetJS parse (same options, rows walked) | ${(parseMs / 1000).toFixed(1)} s | ${Math.round(rows / (parseMs / 1000)).toLocaleString('en-US')} | ${parseRss} MB |
| whole import into an empty database | ${(importMs / 1000).toFixed(1)} s | ${Math.round(rows / (importMs / 1000)).toLocaleString('en-US')} | ${importRss} MB |

Import / bare parse: **${ratio.toFixed(2)}×** (target ≤ 1.3×); peak RSS ${importRss < 1024 ? 'under' : 'OVER'} 1 GB (target < 1 GB).`;
console.log(table);
writeResultSection('import', table);
