// Several server instances on one PostgreSQL database (issue 18, item 5): two `directory serve`
// processes on their own ports share the database. A change made through one of them, or through the
// CLI, shows on the other within a second with its answer cache on (each follows the data version by
// LISTEN/NOTIFY); an admin session made on one is good on the other; one import at a time across all.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/testing/run-cli.ts';
import { type ServingCli, serveInChild } from '../../cli/testing/serve-in-child.ts';
import { acquireNamedLock } from '../../db/locks/named-lock.ts';
import { FIXTURE_FILES_DIR, writeFixtureXlsx } from '../../fixtures/generate.ts';
import { hashPassword } from '../domain/admin/password-hash.ts';
import { IMPORT_LOCK } from '../domain/import/import-lock.ts';
import { createSeededTestStore } from '../domain/testing/seeded-store.ts';
import type { TestStore } from '../domain/testing/test-store.ts';

const PASSWORD = 'two instances, one database';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
/** The promise of issue 18: a change seen on every instance within a second. */
const WITHIN_MS = 1_000;

let database: TestStore;
let sitemapDir: string;
let a: ServingCli;
let b: ServingCli;

beforeAll(async () => {
  database = await createSeededTestStore('postgres', { businesses: 30 });
  sitemapDir = mkdtempSync(join(tmpdir(), 'instances-sitemaps-'));
  const env = {
    // One session key and one admin for both, as a deployment gives every instance.
    SESSION_SECRET: 'k'.repeat(48),
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    RESPONSE_CACHE: 'on',
    METRICS_TOKEN,
    SITEMAP_CACHE_DIR: sitemapDir,
  };
  [a, b] = await Promise.all([serveInChild(database.address, env), serveInChild(database.address, env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.dispose();
  rmSync(sitemapDir, { recursive: true, force: true });
});

interface Statistics {
  totalBusinesses: number;
}

/** Polls `read` until `done` holds; the time it took from the call, or throws after `limitMs`. */
async function timeUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 5_000) {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const elapsed = performance.now() - started;
    if (done(value)) return { value, elapsedMs: elapsed };
    if (elapsed > limitMs) throw new Error(`not seen within ${limitMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function cachedAnswers(instance: ServingCli): Promise<number> {
  const response = await fetch(`${instance.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await response.text())
    .split('\n')
    .find((l) => l.startsWith('directory_answer_cache_entries '));
  return Number(line?.split(' ')[1]);
}

async function adminFetch(instance: ServingCli, cookie: string, path: string, init: RequestInit = {}) {
  return fetch(`${instance.url}${path}`, {
    ...init,
    headers: { cookie, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

describe('two server instances on one PostgreSQL database', () => {
  it('each boots ready and serves the site, the API and the panel’s page', async () => {
    for (const instance of [a, b]) {
      expect(await instance.getJson('/readyz')).toEqual({ status: 'ready' });
      expect((await instance.getJson<Statistics>('/api/statistics')).totalBusinesses).toBe(30);
      const home = await fetch(`${instance.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<title>');
    }
    expect(a.url).not.toBe(b.url);
  });

  it('an admin session made on one instance is good on the other', async () => {
    const cookie = await a.signIn('admin', PASSWORD);
    const onB = await adminFetch(b, cookie, '/api/admin/check-auth');
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ authenticated: true });
    expect((await fetch(`${b.url}/api/admin/check-auth`)).status).not.toBe(200);
  });

  it('an edit through one instance shows on the other within a second, its cache on', async () => {
    const cookie = await a.signIn('admin', PASSWORD);
    const before = await b.getJson<{ name: string }>('/api/businesses/1');
    // The answer is now in B's cache.
    expect((await b.getJson<{ name: string }>('/api/businesses/1')).name).toBe(before.name);
    expect(await cachedAnswers(b)).toBeGreaterThan(0);

    const edited = await adminFetch(a, cookie, '/api/admin/businesses/1', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Renamed On Instance A' }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const seen = await timeUntil(
      () => b.getJson<{ name: string }>('/api/businesses/1'),
      (business) => business.name === 'Renamed On Instance A',
    );
    expect(seen.elapsedMs).toBeLessThan(WITHIN_MS);
  });

  it('an import by the CLI shows on both within a second', async () => {
    for (const instance of [a, b]) await instance.getJson('/api/statistics');
    const imported = await runCli([
      'import',
      `${FIXTURE_FILES_DIR}/demo-businesses.xlsx`,
      '--db',
      database.address,
      '--json',
    ]);
    expect(imported.exitCode, String(imported.stderr)).toBe(0);
    for (const instance of [a, b]) {
      const seen = await timeUntil(
        () => instance.getJson<Statistics>('/api/statistics'),
        (statistics) => statistics.totalBusinesses > 30,
      );
      expect(seen.elapsedMs).toBeLessThan(WITHIN_MS);
    }
  }, 60_000);

  it('refuses a panel import while an import holds the lock anywhere, then runs one', async () => {
    const cookie = await b.signIn('admin', PASSWORD);
    const upload = async () => {
      const form = new FormData();
      const file = await readFile(`${FIXTURE_FILES_DIR}/demo-businesses.xlsx`);
      form.append('excelFile', new Blob([file]), 'demo-businesses.xlsx');
      form.append('update', 'true');
      return fetch(`${b.url}/api/admin/import`, { method: 'POST', headers: { cookie }, body: form });
    };
    // Held as another process's import holds it (a CLI import, or the panel of another instance).
    const held = await acquireNamedLock(database.store, IMPORT_LOCK, 'cli:elsewhere');
    if (!held.acquired) throw new Error('the import lock is taken');
    try {
      const refused = await upload();
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('import_running');
    } finally {
      await held.lock.release();
    }
    const accepted = await upload();
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const { runId } = (await accepted.json()) as { runId: number };
    // The run B's panel started is the record A's panel shows.
    const run = await adminFetch(a, await a.signIn('admin', PASSWORD), `/api/admin/import-runs/${runId}`);
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ status: 'done' });
  }, 60_000);
});

describe('one import at a time across instances', () => {
  it('refuses a panel import on B while A’s panel import runs, and B’s panel shows A’s run', async () => {
    const file = join(sitemapDir, 'many.xlsx');
    await writeFixtureXlsx(file, { count: 20_000, seed: 3, badRowRate: 0 });
    const bytes = await readFile(file);
    const upload = (instance: ServingCli, cookie: string) => {
      const form = new FormData();
      form.append('excelFile', new Blob([bytes]), 'many.xlsx');
      return fetch(`${instance.url}/api/admin/import`, { method: 'POST', headers: { cookie }, body: form });
    };
    const [cookieA, cookieB] = await Promise.all([a.signIn('admin', PASSWORD), b.signIn('admin', PASSWORD)]);
    const onA = upload(a, cookieA);
    // B's panel sees the run A's panel started (its record, from the database).
    await timeUntil(
      async () =>
        (await (await adminFetch(b, cookieB, '/api/admin/import-runs/current')).json()) as {
          run: { status: string; startedBy: string } | null;
        },
      (current) => current.run?.status === 'running',
      30_000,
    );
    const refused = await upload(b, cookieB);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('import_running');
    const done = await onA;
    expect(done.status, await done.clone().text()).toBe(200);
  }, 120_000);
});

describe('several server processes of one instance on PostgreSQL (SERVER_PROCESSES)', () => {
  it('serve from both processes, count them together in /metrics, without SQLite’s file sizes', async () => {
    const group = await serveInChild(database.address, {
      SERVER_PROCESSES: '2',
      SESSION_SECRET: 'k'.repeat(48),
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
      METRICS_TOKEN,
      SITEMAP_CACHE_DIR: sitemapDir,
    });
    try {
      for (let i = 0; i < 4; i++) {
        const answer = await fetch(`${group.url}/readyz`, { headers: { Connection: 'close' } });
        expect(await answer.json()).toEqual({ status: 'ready' });
      }
      const metrics = await fetch(`${group.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await metrics.text();
      expect(text).toMatch(/^directory_import_runs_total\{outcome="done"\} [1-9]/m);
      expect(text).not.toContain('directory_database_size_bytes');
    } finally {
      await group.stop();
    }
  }, 60_000);
});
