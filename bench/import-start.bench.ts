// How long an import's process takes to start: from its spawn until its modules are loaded and it
// waits for the job, run from the bundle (server/domain/import/child-script) and through the TypeScript
// loader (import-child.mjs), interleaved in one run. Until it is loaded the panel's progress bar cannot
// move (decision 0018). Each start is a process of its own on an idle machine; medians of the rounds.
//   npx tsx bench/import-start.bench.ts [--rounds 20]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { importChildScript, LOADER_ENTRY } from '../server/domain/import/child-script/child-script.ts';
import { median } from './lib/measure.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);

const bundle = await importChildScript();
if (!bundle.bundled) throw new Error(`no bundle: ${bundle.problem}`);
const variants = [
  { name: 'bundle', path: bundle.path },
  { name: 'TypeScript loader', path: LOADER_ENTRY },
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

function start(path: string): Start {
  const code = `await import(${JSON.stringify(path)});
const cpu = process.cpuUsage();
console.log(JSON.stringify({ loadedMs: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000 }));`;
  const begun = performance.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  const wallMs = performance.now() - begun;
  if (result.status !== 0) throw new Error(`${path} did not load: ${result.stderr}`);
  return { wallMs, ...JSON.parse(result.stdout) };
}

const starts = new Map<string, Start[]>(variants.map((v) => [v.name, []]));
// One unmeasured start of each: the first after a build or an edit fills the file cache (and tsx's).
for (const v of variants) start(v.path);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? variants : [...variants].reverse();
  for (const v of order) starts.get(v.name)!.push(start(v.path));
}

const figure = (name: string, key: keyof Start) => median(starts.get(name)!.map((s) => s[key]));
const rows = variants.map(
  (v) =>
    `| ${v.name} | ${figure(v.name, 'wallMs').toFixed(0)} ms | ${figure(v.name, 'loadedMs').toFixed(0)} ms | ${figure(v.name, 'cpuMs').toFixed(0)} ms |`,
);
const ratio = (key: keyof Start) => figure('TypeScript loader', key) / figure('bundle', key);
const markdown = `## Start of an import's process

${machineLine()}; ${rounds} starts of each, interleaved; medians. From the spawn to the end of loading the import's modules, when the process waits for its job and the panel's progress can begin (\`npx tsx bench/import-start.bench.ts\`).

| the process runs | spawn to loaded (wall) | of which in the process | CPU |
|---|---:|---:|---:|
${rows.join('\n')}

The bundle starts **${ratio('wallMs').toFixed(1)}×** as fast, on **${ratio('cpuMs').toFixed(1)}×** less CPU time (what counts where the import runs under SCHED_IDLE beside a busy server).`;
console.log(markdown);
writeResultSection('import-start', markdown);
