// A flood of distinct URLs against a real server process (the audit's case): 9,000 made-up 404 paths
// of 15 KB each, then 9,000 pages with a random ?v= (a cache-buster no page reads). The server's RSS
// must stay under 400 MB: the answer cache keeps no long 404 path and files a page under the query
// parameters it reads only (server/ssr/page-cache-key.ts). RSS is sampled from /proc every 250 answers.
//   npx tsx bench/url-flood.bench.ts [--requests 9000] [--concurrency 16] [--dist]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { processEntry } from '../server/runtime/entry-points.ts';
import { machineLine, writeResultSection } from './lib/results.ts';
import { productionEnv, serverMemory, startChild, stopServer } from './lib/server-child.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '9000' },
    concurrency: { type: 'string', default: '16' },
    dist: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const PORT = 3941;
const base = `http://127.0.0.1:${PORT}`;
const LIMIT_MB = 400;

/** As the start command runs it (package.json: --heap-growing-percent), e.g. BENCH_NODE_FLAGS="--heap-growing-percent=200". */
const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
const dir = mkdtempSync(join(tmpdir(), 'url-flood-'));
const entry = processEntry('cli', !values.dist);
const server = await startChild(
  [
    ...nodeFlags,
    ...entry.nodeArgs,
    entry.script,
    'serve',
    '--db',
    join(dir, 'site.db'),
    '--port',
    String(PORT),
  ],
  { ...(await productionEnv()), SITE_URL: base, LOG_LEVEL: 'warn' },
  /Serving/,
);

interface Phase {
  name: string;
  url: (i: number) => string;
}
const filler = 'x'.repeat(15 * 1024);
const phases: Phase[] = [
  { name: `${requests} distinct 404 paths of 15 KB`, url: (i) => `/${i}-${filler}` },
  {
    name: `${requests} × / and /search?q=pizza with a random ?v=`,
    url: (i) => (i % 2 ? `/?v=${Math.random()}` : `/search?q=pizza&v=${Math.random()}`),
  },
];

const rows: string[] = [];
try {
  const start = serverMemory(server.pid);
  console.error(`after start: RSS ${start.rssMb} MB`);
  for (const phase of phases) {
    let next = 0;
    let done = 0;
    let maxRss = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (next < requests) {
        const i = next++;
        const response = await fetch(`${base}${phase.url(i)}`, {
          headers: { 'accept-encoding': 'gzip, br' },
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (++done % 250 === 0) maxRss = Math.max(maxRss, serverMemory(server.pid).rssMb);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const memory = serverMemory(server.pid);
    maxRss = Math.max(maxRss, memory.rssMb);
    const answers = [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
    console.error(
      `${phase.name}: ${answers}; RSS max ${maxRss} MB, at the end ${memory.rssMb} MB, peak so far ${memory.peakMb} MB (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    rows.push(`| ${phase.name} | ${answers} | ${maxRss} | ${memory.rssMb} | ${memory.peakMb} |`);
  }
  const peak = serverMemory(server.pid).peakMb;
  writeResultSection(
    'url-flood',
    [
      '## A flood of distinct URLs (bench/url-flood.bench.ts)',
      '',
      `${machineLine()}; \`directory serve\` ${values.dist ? 'from dist/' : 'from the sources'} in production mode${nodeFlags.length ? ` (node ${nodeFlags.join(' ')})` : ''}, an empty database, ${concurrency} requests at a time; RSS after start ${start.rssMb} MB. Bound: ${LIMIT_MB} MB.`,
      '',
      '| phase | answers | RSS max (MB) | RSS after (MB) | peak RSS since start (MB) |',
      '| --- | --- | ---: | ---: | ---: |',
      ...rows,
      '',
      peak <= LIMIT_MB
        ? `Peak ${peak} MB: within the bound.`
        : `Peak ${peak} MB: OVER the ${LIMIT_MB} MB bound.`,
    ].join('\n'),
  );
  if (peak > LIMIT_MB) process.exitCode = 1;
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
