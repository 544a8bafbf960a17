// How long an import's process takes to start: from its spawn until its modules are loaded and it
// waits for the job, run from the build (dist/server/import-child.mjs, `npm run build`) and from the
// sources through the TypeScript loader (as development and the tests run it), interleaved in one run. Until it is loaded the panel's progress bar cannot
// move (decision 0018). Each start is a process of its own on an idle machine; medians of the rounds.
//   npx tsx bench/import-start.bench.ts [--rounds 20]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type ProcessEntry, processEntry } from '../server/runtime/entry-points.ts';
import { median } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { builtCli } from './lib/server-child.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);

builtCli(); // stops with a clear message when nothing was built
const variants = [
  { name: 'build (dist/)', entry: processEntry('import-child', false) },
  { name: 'TypeScript loader', entry: processEntry('import-child', true) },
] as const;

interface Start {
  /** From the spawn to the process's exit, which follows the loading (without an IPC channel
   *  nothing keeps the process waiting for a job). */
  wallMs: number;
  /** From the process's own start to the end of the loading. */
  loadedMs: number;
  /** CPU time of the loading (user and system, every thread). */
  cpuMs: number;
}

function start(entry: ProcessEntry): Start {
  const code = `await import(${JSON.stringify(pathToFileURL(entry.script).href)});
const cpu = process.cpuUsage();
console.log(JSON.stringify({ loadedMs: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000 }));`;
  const begun = performance.now();
  const result = spawnSync(process.execPath, [...entry.nodeArgs, '--input-type=module', '-e', code], {
    encoding: 'utf8',
  });
  const wallMs = performance.now() - begun;
  if (result.status !== 0) throw new Error(`${entry.script} did not load: ${result.stderr}`);
  return { wallMs, ...JSON.parse(result.stdout) };
}

const starts = new Map<string, Start[]>(variants.map((v) => [v.name, []]));
// One unmeasured start of each: the first after a build or an edit fills the file cache (and tsx's).
for (const v of variants) start(v.entry);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? variants : [...variants].reverse();
  for (const v of order) starts.get(v.name)!.push(start(v.entry));
}

const figure = (name: string, key: keyof Start) => median(starts.get(name)!.map((s) => s[key]));
const rows = variants.map(
  (v) =>
    `| ${v.name} | ${figure(v.name, 'wallMs').toFixed(0)} ms | ${figure(v.name, 'loadedMs').toFixed(0)} ms | ${figure(v.name, 'cpuMs').toFixed(0)} ms |`,
);
const ratio = (key: keyof Start) => figure('TypeScript loader', key) / figure('build (dist/)', key);
const markdown = `## Start of an import's process

${machineLine()}; ${rounds} starts of each, interleaved; medians. From the spawn to the end of loading the import's modules, when the process waits for its job and the panel's progress can begin (\`npx tsx bench/import-start.bench.ts\`).

| the process runs | spawn to loaded (wall) | of which in the process | CPU |
|---|---:|---:|---:|
${rows.join('\n')}

The build starts **${ratio('wallMs').toFixed(1)}×** as fast, on **${ratio('cpuMs').toFixed(1)}×** less CPU time (what counts where the import runs under SCHED_IDLE beside a busy server).`;
console.log(markdown);
writeResultSection('import-start', markdown);
