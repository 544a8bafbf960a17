// One import at a time, across the server and the CLI (security-and-reliability.md, case 33): the
// second gets 409 at once, while the panel can follow the running one. Each test on a SQLite file and
// on a PostgreSQL database (one per dialect for the file, emptied before each test).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../cli/testing/run-cli.ts';
import { listRecentImportRuns } from '../../../db/import-runs-repository.ts';
import { writeFixtureXlsx } from '../../../fixtures/generate.ts';
import { mapsRow, writeWorkbook } from '../../domain/import/testing/workbook.ts';
import { countIn, execIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv } from './testing/admin-test-app.ts';
import { replaceBusinesses } from './testing/replace-businesses.ts';

// Big enough that an import lasts several seconds, the time a CLI process needs to start.
const BIG_ROWS = 16_000;
const WAIT = { timeout: 60_000, interval: 50 };

let dir: string;
let big: string;
let small: string;
let env: AdminTestEnv;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-import-concurrency-'));
  big = join(dir, 'big.xlsx');
  await writeFixtureXlsx(big, { count: BIG_ROWS, seed: 21 });
  small = writeWorkbook(join(dir, 'small.xlsx'), [mapsRow()]);
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const upload = (file: string) =>
  request(env.app).post('/api/admin/import').set('Cookie', env.cookie).attach('excelFile', file);
const get = (path: string) => request(env.app).get(path).set('Cookie', env.cookie);

describe.each(DIALECTS)('a second import while one runs, on %s', (dialect) => {
  beforeAll(async () => {
    env = await createAdminTestEnv({}, { dialect });
  }, 60_000);
  afterAll(async () => {
    await env?.dispose();
  });
  beforeEach(async () => {
    // As a new database: no businesses, import runs or activity.
    await replaceBusinesses(env.store, []);
    await execIn(env.store, 'DELETE FROM import_runs; DELETE FROM activity_log');
  });
  afterEach(() => {
    expect(env.uploads()).toEqual([]);
  });

  it('is refused with 409 over HTTP and from the CLI while an HTTP import runs', {
    timeout: 120_000,
  }, async () => {
    let firstSettled = false;
    const first = upload(big).then((answer) => {
      firstSettled = true;
      return answer;
    });

    // The panel's progress bar: the running run, with live figures from this process.
    const running = await vi.waitFor(async () => {
      const answer = await get('/api/admin/import-runs/current');
      expect(answer.body.run?.progress).toBeTruthy();
      return answer.body.run;
    }, WAIT);
    expect(running).toMatchObject({
      fileName: 'big.xlsx',
      startedBy: 'admin:admin',
      status: 'running',
      progress: { phase: expect.any(String), rowsRead: expect.any(Number) },
    });
    expect((await get(`/api/admin/import-runs/${running.id}`)).body.status).toBe('running');

    const second = await upload(small);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('import_running');
    const deleteAll = await request(env.app).delete('/api/admin/delete-all').set('Cookie', env.cookie);
    expect(deleteAll.status).toBe(409);

    // SEO generation is allowed beside an import (it writes in short batches).
    expect((await request(env.app).post('/api/admin/generate-seo').set('Cookie', env.cookie)).status).toBe(
      200,
    );

    const cli = await runCli(['import', small, '--db', env.address, '--json']);
    expect(firstSettled).toBe(false); // otherwise this test proved nothing
    expect(cli.exitCode).toBe(1);
    expect(JSON.parse(String(cli.stdout))[0]).toMatchObject({ ok: false, error: { code: 'import_running' } });

    const answer = await first;
    expect(answer.status).toBe(200);
    expect(answer.body.stats).toMatchObject({ imported: BIG_ROWS, totalErrors: 0 });
    const finished = await get(`/api/admin/import-runs/${running.id}`);
    expect(finished.body).toMatchObject({
      status: 'done',
      imported: BIG_ROWS,
      rowsRead: BIG_ROWS,
      progress: null,
    });
    expect((await get('/api/admin/import-runs/current')).body).toEqual({ run: null });
    // The slot is free again.
    expect((await upload(small)).status).toBe(200);
  });

  it('is refused with 409 over HTTP while a CLI import runs', { timeout: 120_000 }, async () => {
    const cli = runCli(['import', big, '--db', env.address]);
    await vi.waitFor(async () => {
      expect((await listRecentImportRuns(env.store, 1))[0]).toMatchObject({
        status: 'running',
        started_by: 'cli',
      });
    }, WAIT);

    const answer = await upload(small);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      code: 'import_running',
      message: expect.stringMatching(/Another import/),
    });
    // Another process's run shows without live figures.
    expect((await get('/api/admin/import-runs/current')).body.run).toMatchObject({
      startedBy: 'cli',
      status: 'running',
      progress: null,
    });

    expect((await cli).exitCode).toBe(0);
    expect(await countIn(env.store, 'businesses')).toBe(BIG_ROWS);
  });
});
