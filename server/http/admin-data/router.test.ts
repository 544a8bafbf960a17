// Every admin data route is closed without a session, and the state-changing ones refuse cross-site calls.
// Each test on a SQLite file and on a PostgreSQL database (one per dialect for the file, emptied of
// businesses before each test).
import { dirname, join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureRowToBusiness } from '../../../fixtures/generator/database-rows.ts';
import { generateRows } from '../../../fixtures/generator/rows.ts';
import { mapsRow, writeWorkbook } from '../../domain/import/testing/workbook.ts';
import { countIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv, expectNoInternals } from './testing/admin-test-app.ts';
import { replaceBusinesses } from './testing/replace-businesses.ts';

let env: AdminTestEnv;

const ROUTES: Array<{ method: 'get' | 'post' | 'delete'; path: string }> = [
  { method: 'post', path: '/api/admin/import' },
  { method: 'get', path: '/api/admin/import-runs/current' },
  { method: 'get', path: '/api/admin/import-runs/1' },
  { method: 'get', path: '/api/admin/activity' },
  { method: 'get', path: '/api/admin/export' },
  { method: 'post', path: '/api/admin/generate-seo' },
  { method: 'delete', path: '/api/admin/delete-all' },
  { method: 'get', path: '/api/admin/sitemap-stats' },
];

const businessCount = () => countIn(env.store, 'businesses');
/** A file of the test's, beside the upload folder (in the test's temporary folder). */
const testFile = (name: string) => join(dirname(env.uploadDir), name);

describe.each(DIALECTS)('on %s', (dialect) => {
  beforeAll(async () => {
    env = await createAdminTestEnv({}, { dialect });
  }, 60_000);
  afterAll(async () => {
    await env?.dispose();
  });
  beforeEach(async () => {
    await replaceBusinesses(env.store, []);
  });

  describe('admin data routes without a session', () => {
    it.each(ROUTES)('$method $path answers 401 JSON and no-store', async ({ method, path }) => {
      const answer = await request(env.app)[method](path);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('does not store an upload sent without a session', async () => {
      const file = writeWorkbook(testFile('a.xlsx'), [mapsRow()]);
      const answer = await request(env.app).post('/api/admin/import').attach('excelFile', file);
      expect(answer.status).toBe(401);
      expect(env.uploads()).toEqual([]);
      expect(await businessCount()).toBe(0);
    });

    it('answers the same routes once logged in', async () => {
      for (const { method, path } of ROUTES.filter((r) => r.method === 'get')) {
        const answer = await request(env.app)[method](path).set('Cookie', env.cookie);
        expect([200, 404]).toContain(answer.status);
        expect(answer.headers['cache-control']).toBe('no-store');
        expectNoInternals(answer.text);
      }
    });
  });

  describe('cross-site requests', () => {
    it('refuses a cross-site POST to import, even with a valid session cookie; nothing is stored', async () => {
      const file = writeWorkbook(testFile('a.xlsx'), [mapsRow()]);
      const answer = await request(env.app)
        .post('/api/admin/import')
        .set('Cookie', env.cookie)
        .set('Sec-Fetch-Site', 'cross-site')
        .attach('excelFile', file);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('cross_site');
      expect(env.uploads()).toEqual([]);
      expect(await businessCount()).toBe(0);
    });

    it('refuses a cross-site DELETE to delete-all (by Fetch Metadata or by Origin); nothing is deleted', async () => {
      await replaceBusinesses(
        env.store,
        [...generateRows({ count: 3, seed: 1 })].map((row, i) =>
          fixtureRowToBusiness(row, i, '2026-01-01T00:00:00Z'),
        ),
      );
      const byFetchMetadata = await request(env.app)
        .delete('/api/admin/delete-all')
        .set('Cookie', env.cookie)
        .set('Sec-Fetch-Site', 'cross-site');
      expect(byFetchMetadata.status).toBe(403);
      const byOrigin = await request(env.app)
        .delete('/api/admin/delete-all')
        .set('Cookie', env.cookie)
        .set('Origin', 'https://evil.example');
      expect(byOrigin.status).toBe(403);
      expect(await businessCount()).toBe(3);
    });

    it('refuses a cross-site POST to generate-seo', async () => {
      const answer = await request(env.app)
        .post('/api/admin/generate-seo')
        .set('Cookie', env.cookie)
        .set('Sec-Fetch-Site', 'same-site');
      expect(answer.status).toBe(403);
    });
  });
});
