// GET /api/admin/activity and /api/admin/import-runs/:id: the dashboard's Recent Activity and an
// import's record, on both dialects.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logActivityIn } from '../../../db/activity-repository.ts';
import { createImportRunIn } from '../../../db/import-runs-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { mapsRow, writeWorkbook } from '../../domain/import/testing/workbook.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv } from './testing/admin-test-app.ts';

/** Marks a run as held by a process that cannot be alive on this host. */
async function giveRunToDeadProcess(store: Store, runId: number, pid: number): Promise<void> {
  if (store.dialect === 'sqlite')
    store.sqlite.prepare('UPDATE import_runs SET pid = ? WHERE id = ?').run(pid, runId);
  else await store.query('UPDATE import_runs SET pid = $1 WHERE id = $2', [pid, runId]);
}

describe.each(DIALECTS)('on %s', (dialect) => {
  let env: AdminTestEnv;
  beforeEach(async () => {
    env = await createAdminTestEnv({}, { dialect });
  });
  afterEach(async () => {
    await env.dispose();
  });

  const get = (path: string) => request(env.app).get(path).set('Cookie', env.cookie);

  describe('GET /api/admin/activity', () => {
    it('merges import runs and other admin actions, newest first', async () => {
      const file = writeWorkbook(`${env.uploadDir}/../shops.xlsx`, [mapsRow(), mapsRow()]);
      const imported = await request(env.app)
        .post('/api/admin/import')
        .set('Cookie', env.cookie)
        .attach('excelFile', file);
      expect(imported.status).toBe(200);
      expect((await get('/api/admin/export')).status).toBe(200);
      await logActivityIn(env.store, {
        kind: 'sitemap',
        actor: 'cli',
        detail: 'Wrote the sitemaps',
        count: 4,
      });

      const answer = await get('/api/admin/activity');
      expect(answer.status).toBe(200);
      expect(answer.body.items).toEqual([
        {
          id: expect.stringMatching(/^activity-\d+$/),
          kind: 'sitemap',
          at: expect.any(String),
          actor: 'cli',
          summary: 'Wrote the sitemaps',
          count: 4,
          status: null,
          runId: null,
        },
        expect.objectContaining({ kind: 'export', actor: 'admin:admin', count: 2 }),
        {
          id: `import-${imported.body.runId}`,
          kind: 'import',
          at: expect.any(String),
          actor: 'admin:admin',
          summary: 'Imported "shops.xlsx": 2 new, 0 updated, 0 duplicates skipped, 0 rows rejected',
          count: 2,
          status: 'done',
          runId: imported.body.runId,
        },
      ]);
      const times = (answer.body.items as Array<{ at: string }>).map((item) => item.at);
      expect([...times].sort().reverse()).toEqual(times);

      expect((await get('/api/admin/activity?limit=1')).body.items).toHaveLength(1);
    });

    it('answers at most 20 items by default and 400 for a bad limit', async () => {
      for (let n = 0; n < 25; n++)
        await logActivityIn(env.store, { kind: 'export', actor: 'cli', detail: `#${n}` });
      const answer = await get('/api/admin/activity');
      expect(answer.body.items).toHaveLength(20);
      expect(answer.body.items[0].summary).toBe('#24');
      for (const bad of ['0', '101', 'abc', '1.5', '-1']) {
        const refused = await get(`/api/admin/activity?limit=${bad}`);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'limit' });
      }
      expect((await get('/api/admin/activity?limit=1&limit=2')).status).toBe(400);
    });

    it('shows a run left "running" by a dead process as interrupted', async () => {
      const runId = await createImportRunIn(env.store, {
        fileName: 'x.xlsx',
        startedBy: 'cli',
        updateMode: false,
        dryRun: false,
      });
      // A pid that cannot belong to a live process on this host.
      await giveRunToDeadProcess(env.store, runId, 2 ** 31 - 2);
      expect((await get(`/api/admin/import-runs/${runId}`)).body.status).toBe('interrupted');
      expect((await get('/api/admin/import-runs/current')).body).toEqual({ run: null });
      expect((await get('/api/admin/activity')).body.items[0]).toMatchObject({
        kind: 'import',
        status: 'interrupted',
        summary: 'Import of "x.xlsx" was interrupted; nothing from it was kept',
      });
    });
  });

  describe('GET /api/admin/import-runs/:id', () => {
    it('answers the run record, 404 for an unknown id and 400 for a malformed one', async () => {
      const runId = await createImportRunIn(env.store, {
        fileName: 'y.xlsx',
        startedBy: 'admin:admin',
        updateMode: true,
        dryRun: false,
      });
      const answer = await get(`/api/admin/import-runs/${runId}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        id: runId,
        fileName: 'y.xlsx',
        startedBy: 'admin:admin',
        status: 'running',
        updateMode: true,
        dryRun: false,
        startedAt: expect.any(String),
        finishedAt: null,
        rowsRead: 0,
        imported: 0,
        updated: 0,
        duplicatesSkipped: 0,
        totalErrors: 0,
        totalWarnings: 0,
        message: null,
        // This process holds no import: no live figures.
        progress: null,
      });
      expect((await get('/api/admin/import-runs/999')).status).toBe(404);
      for (const bad of ['abc', '0', '-1', '1e3', '9'.repeat(20)]) {
        const refused = await get(`/api/admin/import-runs/${bad}`);
        expect(refused.status).toBe(400);
        expect(refused.body.error.parameter).toBe('id');
      }
    });
  });
});
