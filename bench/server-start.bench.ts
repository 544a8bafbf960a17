// How long the server takes from its spawn to its first answered page, and its resident memory then:
// from the build (dist/, plain node, as `npm start` runs it) against the TypeScript sources through
// tsx (how production ran before decision 0028, and how development still runs), interleaved in one
// run on the same demo database. Medians of the rounds.
//   npx tsx bench/server-start.bench.ts [--rounds 10]
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { processEntry } from '../server/runtime/entry-points.ts';
import { median } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { builtCli, productionEnv, START_NODE_FLAGS, serverMemory, stopServer } from './lib/server-child.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
const rounds = Number(values.rounds);
const PORT = 3971;

builtCli(); // a clear stop when nothing was built
const source = processEntry('cli', true);
const variants = [
  { name: 'build (dist/, plain node)', args: [...START_NODE_FLAGS, processEntry('cli', false).script] },
  { name: 'sources through tsx', args: [...START_NODE_FLAGS, ...source.nodeArgs, source.script] },
] as const;

const dir = mkdtempSync(join(tmpdir(), 'server-start-bench-'));
const seeded = join(dir, 'seeded.db');
const env = { ...process.env, ...(await productionEnv()), LOG_LEVEL: 'warn' };
// One start seeds the demo data, so that every measured start opens the same, ready database.
await stopServer(await firstPage(variants[0].args, seeded, ['--demo']).then((start) => start.child));

interface Start {
  child: ChildProcess;
  /** From the spawn to the end of the first 200 answer of the home page. */
  firstPageMs: number;
  rssMb: number;
}

async function firstPage(args: readonly string[], db: string, extra: string[] = []): Promise<Start> {
  const begun = performance.now();
  const child = spawn(process.execPath, [...args, 'serve', ...extra, '--db', db, '--port', String(PORT)], {
    env,
    stdio: 'ignore',
  });
  const deadline = begun + 60_000;
  for (;;) {
    if (performance.now() > deadline || child.exitCode !== null)
      throw new Error(`${args.join(' ')} did not serve`);
    try {
      const page = await fetch(`http://127.0.0.1:${PORT}/`);
      await page.arrayBuffer();
      if (page.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const firstPageMs = performance.now() - begun;
  return { child, firstPageMs, rssMb: serverMemory(child.pid).rssMb };
}

const results = new Map<string, { firstPageMs: number[]; rssMb: number[] }>(
  variants.map((v) => [v.name, { firstPageMs: [], rssMb: [] }]),
);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? variants : [...variants].reverse();
  for (const v of order) {
    const db = join(dir, `round.db`);
    copyFileSync(seeded, db);
    const start = await firstPage(v.args, db);
    await stopServer(start.child);
    results.get(v.name)!.firstPageMs.push(start.firstPageMs);
    results.get(v.name)!.rssMb.push(start.rssMb);
  }
}
rmSync(dir, { recursive: true, force: true });

const figure = (name: string, key: 'firstPageMs' | 'rssMb') => median(results.get(name)![key]);
const [built, tsx] = [variants[0].name, variants[1].name];
const markdown = `## Start of the server

${machineLine()}; ${rounds} starts of each, interleaved, on a copy of the same 300-business demo database (production settings); medians. From the spawn of \`directory serve\` to the end of its first 200 answer of the home page, and its resident memory then (\`npx tsx bench/server-start.bench.ts\`).

| the server runs | spawn to first page | RSS after it |
|---|---:|---:|
${variants.map((v) => `| ${v.name} | ${figure(v.name, 'firstPageMs').toFixed(0)} ms | ${figure(v.name, 'rssMb').toFixed(0)} MB |`).join('\n')}

The build serves its first page **${(figure(tsx, 'firstPageMs') / figure(built, 'firstPageMs')).toFixed(1)}×** as fast, in **${(figure(tsx, 'rssMb') - figure(built, 'rssMb')).toFixed(0)} MB** less memory.`;
console.log(markdown);
writeResultSection('server-start', markdown);
