// What a server render leaves to the garbage collector: bytes allocated per render, and the part of
// them promoted into the old generation (which is what brings the mark-compacts behind visitors'
// slow requests, decision 0017). Each page kind renders in a process of its own (bench/lib/render-loop.ts,
// no HTTP) under V8's --trace-gc-nvp; the young collections between its two marker lines are summed.
// Rounds are interleaved across page kinds; each figure is the median of the rounds.
//   npx tsx bench/render-garbage.bench.ts [--renders 1500] [--rounds 3]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MARK_END, MARK_START } from './lib/render-loop-marks.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { builtCli } from './lib/server-child.ts';

const { values } = parseArgs({
  options: {
    renders: { type: 'string', default: '1500' },
    rounds: { type: 'string', default: '3' },
  },
});
const renders = Number(values.renders);
const rounds = Number(values.rounds);
const KINDS = ['details', 'city', 'home'] as const;

interface Figures {
  allocatedKb: number;
  promotedKb: number;
}

/** Sums the young collections that ran between the marker lines of one render loop's output. */
function gcFigures(output: string, perRenders: number): Figures {
  const from = output.indexOf(MARK_START);
  const to = output.indexOf(MARK_END);
  if (from < 0 || to < from) throw new Error('the render loop did not finish');
  let allocated = 0;
  let promoted = 0;
  for (const line of output.slice(from, to).split('\n')) {
    if (!/ gc=s /.test(line)) continue;
    allocated += Number(/ allocated=(\d+)/.exec(line)?.[1] ?? 0);
    promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
  }
  return { allocatedKb: allocated / 1024 / perRenders, promotedKb: promoted / 1024 / perRenders };
}

function renderLoop(dbPath: string, kind: string): Figures {
  const child = spawnSync(
    process.execPath,
    [
      '--trace-gc-nvp',
      '--import',
      'tsx',
      join('bench', 'lib', 'render-loop.ts'),
      dbPath,
      kind,
      String(renders),
    ],
    { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 256 * 1024 * 1024 },
  );
  if (child.status !== 0) throw new Error(`render loop (${kind}) failed: ${child.stderr}`);
  return gcFigures(child.stdout, renders);
}

function cli(args: string[]): void {
  const run = spawnSync(process.execPath, [builtCli(), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`directory ${args[0]} failed: ${run.stderr}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'render-garbage-'));
try {
  const dbPath = join(dir, 'site.db');
  cli(['migrate', '--db', dbPath]);
  cli(['seed', '--db', dbPath]);
  const results = new Map<string, Figures[]>(KINDS.map((kind) => [kind, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const kind of KINDS) {
      const figures = renderLoop(dbPath, kind);
      results.get(kind)!.push(figures);
      console.error(
        `round ${round}, ${kind}: ${figures.allocatedKb.toFixed(0)} KB allocated, ${figures.promotedKb.toFixed(1)} KB promoted per render`,
      );
    }
  }
  const rows = [...results].map(([kind, list]) => {
    const allocated = median(list.map((f) => f.allocatedKb));
    const promoted = median(list.map((f) => f.promotedKb));
    return `| ${kind} | ${allocated.toFixed(0)} KB | ${promoted.toFixed(1)} KB | ${((promoted / allocated) * 100).toFixed(1)} % | ${list.map((f) => f.promotedKb.toFixed(1)).join(', ')} |`;
  });
  const table = `## What a server render leaves to the garbage collector

${machineLine()}; the demo data (300 businesses); ${renders} renders per page kind after 300 to warm up, in one process per kind with no HTTP (bench/lib/render-loop.ts), young collections summed from V8's --trace-gc-nvp; medians of ${rounds} interleaved rounds.

| page | allocated per render | promoted per render | promoted share | rounds |
|---|---|---|---|---|
${rows.join('\n')}

Promoted bytes are what survives two young collections; nearly all of it is dead by the next mark-compact, which it brings closer (decision 0017).`;
  console.log(table);
  writeResultSection('render-garbage', table);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
