// What other work on the machine does to visitors' p99, with nothing of ours involved: the same steady
// visitor load as the import benchmark, idle and then while another process (a) writes to the disk
// (300 MB files with fsync, in a loop) or (b) spins one core at nice 10 or (c) under SCHED_IDLE, as
// an import's process does (docs/decisions/0016). Windows alternate, several
// rounds, samples pooled. It tells how much of the import's effect (import-under-load) is the machine's.
//   npx tsx bench/visitor-noise.bench.ts [--seconds 12] [--rounds 3] [--rate 40]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineLine, writeResultSection } from './lib/results.ts';
import { productionEnv, startDirectoryServer } from './lib/server-child.ts';
import { latencyFigures, type SteadyLoadResult } from './lib/steady-load.ts';
import { steadyLoadInThread } from './lib/steady-load-thread.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: '40' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const rate = Number(values.rate);
const PORT = 3932;
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'visitor-noise-'));

/** The other work, each started as its own process group so that it can be stopped whole. */
const NOISES: Record<string, string> = {
  'disk writes': `while true; do dd if=/dev/zero of=${join(dir, 'junk')} bs=1M count=300 conv=fsync status=none; done`,
  'one core busy at nice 10': `exec nice -n 10 ${process.execPath} -e "for (;;) {}"`,
  'one core busy, SCHED_IDLE': `exec chrt --idle 0 ${process.execPath} -e "for (;;) {}"`,
};

const server = await startDirectoryServer(
  join(dir, 'site.db'),
  PORT,
  { ...(await productionEnv()), SITE_URL: base, RESPONSE_CACHE: 'off', LOG_LEVEL: 'warn' },
  ['--demo'],
);
const samples = new Map<string, number[]>([
  ['idle', []],
  ...Object.keys(NOISES).map((name) => [name, []] as [string, number[]]),
]);
try {
  const slugs = (
    (await (await fetch(`${base}/api/businesses?limit=100`)).json()) as { businesses: { slug: string }[] }
  ).businesses.map((b) => `/details/${encodeURIComponent(b.slug)}`);
  await (await fetch(`${base}${slugs[0]}`)).arrayBuffer();
  const window = () => steadyLoadInThread({ base, paths: slugs, ratePerSecond: rate, maxMs: seconds * 1000 });
  const keep = (name: string, result: SteadyLoadResult) =>
    samples.get(name)!.push(...result.samples.map((s) => s.ms));

  for (let round = 1; round <= rounds; round++) {
    for (const [name, command] of Object.entries(NOISES)) {
      keep('idle', await window());
      const noise: ChildProcess = spawn('bash', ['-c', command], { stdio: 'ignore', detached: true });
      try {
        keep(name, await window());
      } finally {
        process.kill(-noise.pid!, 'SIGKILL');
      }
      console.error(`round ${round}: ${name} done`);
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}

const figures = [...samples].map(([name, latencies]) => ({
  name,
  requests: latencies.length,
  ...latencyFigures(latencies),
}));
const idleP99 = figures[0]!.p99;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const table = `## Visitors' p99 while other processes work (no import)

${machineLine()}; production server (page cache off), demo data; visitors: one request every ${Math.round(1000 / rate)} ms on business pages (gzip, br), windows of ${seconds} s alternating idle and busy, ${rounds} rounds, samples pooled.

| other work | requests | p50 | p99 | p99 / idle |
|---|---|---|---|---|
${figures.map((f) => `| ${f.name} | ${f.requests} | ${ms(f.p50)} | ${ms(f.p99)} | ${(f.p99 / idleP99).toFixed(2)}× |`).join('\n')}`;
console.log(table);
writeResultSection('visitor-noise', table);
