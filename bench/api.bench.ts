// The JSON API on a 1,000,000-business database, loaded from this process (autocannon) while the
// server runs in its own: requests/s and p50/p99 at 10 connections, 10 s per call, beside a bare
// Express route answering a constant JSON string of the slug answer's size, in the same run.
//   npx tsx bench/api.bench.ts [--db bench/out/million.db] [--seconds 10]
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { hashPassword } from '../server/domain/admin/password-hash.ts';
import { machineLine, writeResultSection } from './lib/results.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: join('bench', 'out', 'million.db') },
    seconds: { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const dbPath = values.db!;
const API_PORT = 3901;
const CONST_PORT = 3902;

// Inputs drawn from the data, so that every request hits a real row, city or word.
const sqlite = new BetterSqlite3(dbPath, { readonly: true });
const total = sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number;
const slugs = sqlite
  .prepare('SELECT slug FROM businesses WHERE id % ? = 0 LIMIT 2000')
  .pluck()
  .all(Math.max(1, Math.floor(total / 2000))) as string[];
const cities = sqlite
  .prepare('SELECT name FROM city_stats ORDER BY business_count DESC LIMIT 40')
  .pluck()
  .all() as string[];
const words = [
  'dentist',
  'plumber',
  'restaurant',
  'hair',
  'lawyer',
  'auto',
  'coffee',
  'school',
  'cleaning',
  'pizza',
];
sqlite.close();

function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

function startChild(args: string[], env: NodeJS.ProcessEnv, readyText: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onData = (chunk: Buffer) => {
      if (readyText.test(chunk.toString())) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

interface Row {
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

async function load(call: string, port: number, nextPath: () => string): Promise<Row> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  return {
    call,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
  };
}

const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  SESSION_SECRET: randomBytes(48).toString('base64'),
  ADMIN_PASSWORD_HASH: await hashPassword(randomBytes(16).toString('hex')),
  HOST: '127.0.0.1',
};
const api = await startChild(
  ['cli/directory.mjs', 'serve', '--db', dbPath, '--port', String(API_PORT)],
  env,
  /Serving/,
);
const sample = await (
  await fetch(`http://127.0.0.1:${API_PORT}/api/businesses/slug/${encodeURIComponent(slugs[0]!)}`)
).text();
const bodyFile = join('bench', 'out', 'const-body.json');
writeFileSync(bodyFile, sample);
const constant = await startChild(
  ['--import', 'tsx', 'bench/lib/const-json-server.ts', String(CONST_PORT), bodyFile],
  env,
  /ready/,
);

const rows: Row[] = [];
try {
  const slug = cycle(slugs);
  const city = cycle(cities);
  const word = cycle(words);
  rows.push(await load('constant JSON, bare Express route (yardstick)', CONST_PORT, () => '/const'));
  rows.push(
    await load(
      'GET /api/businesses/slug/{slug}',
      API_PORT,
      () => `/api/businesses/slug/${encodeURIComponent(slug())}`,
    ),
  );
  rows.push(await load('GET /api/businesses?search=…', API_PORT, () => `/api/businesses?search=${word()}`));
  rows.push(
    await load(
      'GET /api/search?q=…&location=…',
      API_PORT,
      () => `/api/search?q=${word()}&location=${encodeURIComponent(city())}`,
    ),
  );
  rows.push(
    await load('GET /api/city/{name}', API_PORT, () => `/api/city/${encodeURIComponent(city())}?limit=20`),
  );
  rows.push(await load('GET /api/statistics', API_PORT, () => '/api/statistics'));
  rows.push(await load('GET /api/categories', API_PORT, () => '/api/categories'));
} finally {
  api.kill('SIGTERM');
  constant.kill('SIGTERM');
}

const yardstick = rows[0]!.rps;
const slugShare = rows[1]!.rps / yardstick;
const table = `## JSON API on ${total.toLocaleString('en-US')} businesses

${machineLine()}; autocannon in the bench process, the server in its own (NODE_ENV=production, request logging on), 10 connections, ${seconds} s per call, one run.

| call | req/s | p50 | p99 | non-2xx/errors | bytes/answer |
|---|---|---|---|---|---|
${rows.map((r) => `| ${r.call} | ${r.rps.toLocaleString('en-US')} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.bytes.toLocaleString('en-US')} |`).join('\n')}

Slug lookup: **${Math.round(slugShare * 100)} %** of the yardstick's requests/s (target ≥ 40 %). Worst p99 of the API calls: **${Math.max(...rows.slice(1).map((r) => r.p99))} ms** (target < 50 ms).`;
console.log(table);
writeResultSection('api', table);
