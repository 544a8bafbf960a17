// POST /api/admin/generate-seo: the specification's SEO response, written through a worker thread.
// Each test on a SQLite file and on a PostgreSQL database (one per dialect for the file, given its
// businesses by each test).
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { execIn, rowsIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv, SITE_URL } from './testing/admin-test-app.ts';
import { replaceWithGeneratedBusinesses } from './testing/replace-businesses.ts';

let env: AdminTestEnv;

const generate = () => request(env.app).post('/api/admin/generate-seo').set('Cookie', env.cookie);

/** `count` generated businesses in place of any there were (the ones seedBusinesses makes). */
const seed = (count: number) => replaceWithGeneratedBusinesses(env.store, count);

describe.each(DIALECTS)('POST /api/admin/generate-seo on %s', (dialect) => {
  beforeAll(async () => {
    env = await createAdminTestEnv({}, { dialect });
  }, 60_000);
  afterAll(async () => {
    await env?.dispose();
  });
  beforeEach(async () => {
    await execIn(env.store, 'DELETE FROM activity_log');
  });

  it('answers {message, updated}, writes the text with SITE_URL and logs the activity', async () => {
    await seed(25);
    const answer = await generate();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'SEO content generated for 25 businesses', updated: 25 });
    const canonical = (
      await rowsIn<{ canonical_url: string }>(
        env.store,
        'SELECT canonical_url FROM businesses WHERE seo_title IS NOT NULL',
      )
    ).map((row) => row.canonical_url);
    expect(canonical).toHaveLength(25);
    for (const url of canonical) expect(url.startsWith(`${SITE_URL}/`)).toBe(true);
    expect(await listRecentActivity(env.store, 5)).toMatchObject([
      { kind: 'seo', actor: 'admin:admin', count: 25 },
    ]);
  });

  it('refuses a second run while one is going, and runs again afterwards', async () => {
    await seed(5);
    const [a, b] = await Promise.all([generate(), generate()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.error.code).toBe('seo_running');
    // Nothing changed since: the next run rewrites nothing.
    expect((await generate()).body).toEqual({
      message: 'SEO content generated for 0 businesses',
      updated: 0,
    });
  });
});
