// Server-rendered pages on a 1,000,000-business database: a business detail page and a 20-card city
// page, with the page cache off and on, beside a bare node:http server sending the same bytes from
// memory — all in one run, load from this process (autocannon), each server in its own process.
//   npx tsx bench/pages.bench.ts [--db bench/out/million.db] [--seconds 10]
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machineLine, writeResultSection } from './lib/results.ts';
import { sampleInputs } from './lib/sample-inputs.ts';
import { productionEnv, startChild, startDirectoryServer } from './lib/server-child.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
    seconds: { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const dbPath = values.db!;
const PORTS = { uncached: 3911, cached: 3912, plain: 3913 };

const { total, slugs, cities } = sampleInputs(dbPath);

function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

interface Row {
  page: string;
  server: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

async function load(page: string, server: string, port: number, nextPath: () => string): Promise<Row> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  return {
    page,
    server,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
  };
}

async function warm(port: number, paths: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await (await fetch(`http://127.0.0.1:${port}${paths[next++]}`)).arrayBuffer();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

const env = { ...(await productionEnv()), LOG_LEVEL: 'info' };
const serve = (port: number, cache: 'on' | 'off') =>
  startDirectoryServer(dbPath, port, { ...env, RESPONSE_CACHE: cache });
const uncached = await serve(PORTS.uncached, 'off');
const cached = await serve(PORTS.cached, 'on');
const children: ChildProcess[] = [uncached, cached];

const rows: Row[] = [];
try {
  const detailPaths = slugs.map((s) => `/details/${encodeURIComponent(s)}`);
  const cityPaths = cities.map((c) => `/city/${encodeURIComponent(c)}`);
  const pages = [
    { name: 'business detail', paths: detailPaths, path: cycle(detailPaths) },
    { name: 'city page, 20 cards', paths: cityPaths, path: cycle(cityPaths) },
  ];
  for (const page of pages) {
    const samplePath = page.path();
    const sample = Buffer.from(
      await (await fetch(`http://127.0.0.1:${PORTS.uncached}${samplePath}`)).arrayBuffer(),
    );
    const file = join('bench', 'out', `page-sample-${page.name.replace(/\W+/g, '-')}.html`);
    writeFileSync(file, sample);
    const plain = await startChild(
      ['--import', 'tsx', 'bench/lib/plain-http-server.ts', String(PORTS.plain), file],
      env,
      /ready/,
    );
    try {
      rows.push(await load(page.name, 'node:http, same bytes from memory', PORTS.plain, () => '/'));
      rows.push(await load(page.name, 'SSR, page cache off', PORTS.uncached, page.path));
      // The cache holds the busiest pages: each URL is visited once first (the miss is the uncached
      // row's cost), then the run measures answers from the cache (entries live 60 s).
      await warm(PORTS.cached, page.paths);
      rows.push(await load(page.name, 'SSR, page cache on (warm)', PORTS.cached, page.path));
    } finally {
      plain.kill('SIGTERM');
    }
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
}

const lines: string[] = [];
for (const name of [...new Set(rows.map((r) => r.page))]) {
  const [plain, off, on] = rows.filter((r) => r.page === name);
  lines.push(
    `- ${name}: uncached ${off!.rps} req/s, p99 ${off!.p99} ms (targets ≥ 150 req/s, p99 < 100 ms); cached **${Math.round((on!.rps / plain!.rps) * 100)} %** of the plain server (target ≥ 50 %).`,
  );
}
const table = `## Server-rendered pages on ${total.toLocaleString('en-US')} businesses

${machineLine()}; autocannon in the bench process, each server in its own (NODE_ENV=production, request logging on), 10 connections, ${seconds} s per row, one run. Detail pages cycle through ${slugs.length} businesses and city pages through the ${cities.length} largest cities; before a cached row every URL is visited once, so it measures answers from the cache (the first, uncached answer of a URL costs what the cache-off row shows). The load asks for no compression, like the plain server's bytes: the cache keeps only gzip and brotli copies (docs/decisions/0010), so each cached answer here is unzipped first — browsers, which take br or gzip, cost less.

| page | server | req/s | p50 | p99 | non-2xx/errors | bytes/answer |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.page} | ${r.server} | ${r.rps.toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.bytes.toLocaleString('en-US')} |`).join('\n')}

${lines.join('\n')}`;
console.log(table);
writeResultSection('pages', table);
