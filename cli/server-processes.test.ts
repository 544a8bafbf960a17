// Several server processes on one port (SERVER_PROCESSES, decision 0032): they share the port, a
// session made through one is valid on every one, a change made through one is seen by all at once,
// /metrics counts all of them, a process that dies is replaced, and SIGTERM drains them all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { hashPassword } from '../server/domain/admin/password-hash.ts';
import { mapsRow, writeWorkbook } from '../server/domain/import/testing/workbook.ts';
import { runCli } from './testing/run-cli.ts';
import { type ServingCli, serveInChild } from './testing/serve-in-child.ts';

const PASSWORD = 'correct horse battery staple';
const TOKEN = 'metrics-token-0123456789';
let dir: string;
let server: ServingCli;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'directory-processes-'));
  const db = join(dir, 'site.db');
  await runCli([
    'import',
    writeWorkbook(join(dir, 'some.xlsx'), [mapsRow(), mapsRow(), mapsRow()]),
    '--db',
    db,
  ]);
  server = await serveInChild(db, {
    SERVER_PROCESSES: '2',
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    METRICS_TOKEN: TOKEN,
    LOG_LEVEL: 'info',
  });
});
afterAll(async () => {
  if (server.child.exitCode === null) await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The server processes under the primary (by their command line: not a helper process of the
 *  TypeScript loader's, such as esbuild's service, which a file transformed for the first time starts). */
async function serverProcesses(): Promise<number[]> {
  const { stdout } = await execa('pgrep', ['-P', String(server.child.pid), '-f', ' serve '], {
    reject: false,
  });
  return stdout.split('\n').filter(Boolean).map(Number);
}

/** Pids that answered requests, from the request log lines. */
function pidsThatAnswered(path: string): Set<number> {
  const pids = new Set<number>();
  for (const line of server.stdout().split('\n')) {
    if (!line.includes(`"url":"${path}`)) continue;
    pids.add((JSON.parse(line) as { pid: number }).pid);
  }
  return pids;
}

it('serves from several processes sharing one port, sessions and data', async () => {
  const pids = await serverProcesses();
  expect(pids).toHaveLength(2);

  const cookie = await server.signIn('admin', PASSWORD);
  // Each new connection goes to the next process: the session holds on both.
  for (let i = 0; i < 6; i++) {
    const answer = await fetch(`${server.url}/api/admin/check-auth`, {
      headers: { Cookie: cookie, Connection: 'close' },
    });
    expect(answer.status).toBe(200);
  }
  await vi.waitFor(() => expect(pidsThatAnswered('/api/admin/check-auth')).toEqual(new Set(pids)));

  // A change through one process is seen by every one, straight away (their caches follow the
  // database's data version).
  const list = await server.getJson<{ businesses: { id: number; name: string }[] }>(
    '/api/businesses?limit=1',
  );
  const { id } = list.businesses[0]!;
  for (let i = 0; i < 4; i++)
    await fetch(`${server.url}/api/businesses/${id}`, { headers: { Connection: 'close' } });
  const patch = await fetch(`${server.url}/api/admin/businesses/${id}`, {
    method: 'PATCH',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ name: 'Renamed Through One Process' }),
  });
  expect(patch.status).toBe(200);
  for (let i = 0; i < 6; i++) {
    const answer = await fetch(`${server.url}/api/businesses/${id}`, { headers: { Connection: 'close' } });
    expect(((await answer.json()) as { name: string }).name).toBe('Renamed Through One Process');
  }

  // /metrics counts the requests of both processes together.
  const metrics = await (
    await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  ).text();
  const adminRequests = metrics
    .split('\n')
    .filter((line) => line.startsWith('directory_http_request_duration_seconds_count{kind="admin-api"'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  expect(adminRequests).toBeGreaterThanOrEqual(8);
});

it('replaces a process that dies, and drains them all on SIGTERM', async () => {
  const [victim, survivor] = await serverProcesses();
  process.kill(victim!, 'SIGKILL');
  await vi.waitFor(
    async () => {
      const now = await serverProcesses();
      expect(now).toHaveLength(2);
      expect(now).toContain(survivor);
      expect(now).not.toContain(victim);
      // The replacement listens (on the same port: the others' requests below reach it too).
      const replacement = now.find((pid) => pid !== survivor);
      expect(server.stdout()).toContain(`"pid":${replacement},`);
      expect(server.stdout()).toMatch(new RegExp(`"pid":${replacement},[^\n]*"msg":"listening"`));
    },
    { timeout: 15_000, interval: 200 },
  );
  for (let i = 0; i < 4; i++)
    expect((await fetch(`${server.url}/healthz`, { headers: { Connection: 'close' } })).status).toBe(200);

  const all = await serverProcesses();
  server.child.kill('SIGTERM');
  const result = await server.child;

  expect(result.exitCode, result.stderr?.toString()).toBe(0);
  for (const pid of all) expect(() => process.kill(pid, 0)).toThrow();
});
