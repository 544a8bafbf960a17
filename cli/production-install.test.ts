// The production install, as an operator makes it: a clean copy of the project, `npm run build`, then
// `npm ci --omit=dev` (no tsx, esbuild or Vite), `npm start`. It must serve, answer its health
// checks and metrics, and run the CLI (the import's process included) with plain Node from dist/.
// Slow by nature (better-sqlite3 compiles from source in the fresh install: about two minutes).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../server/domain/admin/password-hash.ts';
import { INSTALL_ROOT } from '../server/runtime/entry-points.ts';

const METRICS_TOKEN = 'metrics-token-for-the-production-install-test';
let dir: string;
let app: string;
let port: number;
let server: ResultPromise | undefined;
let said = '';

/** The project as a clean clone of this working tree holds it: tracked and new files, no ignored ones
 *  (node_modules, dist, databases). */
function copyProject(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: INSTALL_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = join(INSTALL_ROOT, file);
    if (!existsSync(from)) continue; // deleted in the working tree, not yet in the index
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(from, join(to, file));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The node processes whose command line runs this copy's built server. */
function serverProcesses(): string[][] {
  const found: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (
        words.some(
          (word) => word === join(app, 'dist/server/directory.mjs') || word === 'dist/server/directory.mjs',
        )
      )
        if (readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`PORT=${port}`)) found.push(words);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'production-install-'));
  app = join(dir, 'app');
  copyProject(app);
  // The build needs the development packages: borrowed for it, then gone before the install.
  symlinkSync(join(INSTALL_ROOT, 'node_modules'), join(app, 'node_modules'));
  await execa('npm', ['run', 'build'], { cwd: app, env: { NODE_ENV: 'production' } });
  rmSync(join(app, 'node_modules'));
  await execa('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: app });

  port = await freePort();
  server = execa('npm', ['start', '--', '--demo'], {
    cwd: app,
    detached: true, // its own process group: npm, the shell and node are stopped together
    reject: false,
    env: {
      NO_COLOR: '1',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'a'.repeat(48),
      ADMIN_PASSWORD_HASH: await hashPassword('a long enough password'),
      METRICS_TOKEN,
    },
  });
  await new Promise<void>((resolve, reject) => {
    server!.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (/^Serving /m.test(said)) resolve();
    });
    void server!.then(() => reject(new Error(`npm start exited:\n${said}`)));
  });
}, 600_000);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await server;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the production install (npm ci --omit=dev after npm run build)', () => {
  it('holds no TypeScript loader, bundler or Vite', () => {
    for (const name of ['tsx', 'esbuild', 'vite', 'vitest'])
      expect(existsSync(join(app, 'node_modules', name)), name).toBe(false);
    expect(existsSync(join(app, 'dist/server/directory.mjs'))).toBe(true);
  });

  it('runs npm start with plain node on dist/, with the heap flag of the start script', () => {
    const [command] = serverProcesses();
    expect(command).toBeDefined();
    expect(command!.some((word) => /tsx/.test(word))).toBe(false);
    expect(command).toContain('--heap-growing-percent=200');
  });

  it('serves pages with their scripts, and says where at start', async () => {
    expect(said).toContain(`Serving Local Business Directory on http://127.0.0.1:${port}`);
    expect(said).toMatch(/demo data +300 demo businesses loaded now/);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/entry-client-[\w-]+\.js"/);
    const search = await fetch(`http://127.0.0.1:${port}/api/search?q=plumbers`);
    expect(((await search.json()) as { businesses: unknown[] }).businesses.length).toBeGreaterThan(0);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });

  it('answers /metrics only with its token', async () => {
    const anonymous = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(anonymous.status).toBe(401);
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
  });

  it('runs the directory command from any folder, its import process included', async () => {
    const cli = join(app, 'dist/server/directory.mjs');
    const db = join(dir, 'cli.db');
    const fixture = join(app, 'fixtures/files/google-maps-classic.xlsx');
    const imported = await execa('node', [cli, 'import', fixture, '--db', db, '--json'], {
      cwd: tmpdir(),
      env: { NO_COLOR: '1' },
    });
    expect(JSON.parse(imported.stdout)).toMatchObject([{ ok: true, report: { stats: { imported: 200 } } }]);
    const stats = await execa('node', [cli, 'stats', '--db', db, '--json'], { cwd: tmpdir() });
    expect(JSON.parse(stats.stdout).totalBusinesses).toBe(200);
    // SEO text and the export run in the CLI's own process; the export re-imports.
    const seo = await execa('node', [cli, 'seo', '--db', db, '--json'], { cwd: tmpdir() });
    expect(JSON.parse(seo.stdout)).toMatchObject({ updated: 200 });
    const exported = join(dir, 'export.xlsx');
    await execa('node', [cli, 'export', '--db', db, '--out', exported], { cwd: tmpdir() });
    const again = await execa('node', [cli, 'import', exported, '--db', join(dir, 'again.db'), '--json'], {
      cwd: tmpdir(),
    });
    expect(JSON.parse(again.stdout)).toMatchObject([{ ok: true, report: { stats: { imported: 200 } } }]);
    const version = await execa('node', [cli, '--version'], { cwd: tmpdir() });
    expect(version.stdout).toBe(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).version);
    // The thread that reads a large directory's grid of coordinates (decision 0056) runs from dist/
    // with the production dependencies alone.
    const thread = join(app, 'dist/server/grid-reader.mjs');
    const script = join(dir, 'grid-thread.mjs');
    writeFileSync(
      script,
      `import { Worker } from 'node:worker_threads';
       new Worker(${JSON.stringify(thread)}, { workerData: { path: ${JSON.stringify(db)}, expected: 0 } })
         .once('message', (columns) => console.log(columns.map((column) => column.length).join(' ')));`,
    );
    const grid = await execa('node', [script], { cwd: tmpdir() });
    const sqlite = new BetterSqlite3(db, { readonly: true });
    const withPoint = sqlite
      .prepare('SELECT COUNT(*) FROM businesses WHERE latitude IS NOT NULL AND longitude IS NOT NULL')
      .pluck()
      .get();
    sqlite.close();
    const lengths = grid.stdout.split(' ').map(Number);
    expect(lengths).toEqual(Array(5).fill(withPoint));
    expect(withPoint).toBeGreaterThan(100);
  });
});
