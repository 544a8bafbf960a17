// POST /api/admin/generate-seo: the specification's SEO response, written through a worker thread.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { type AdminTestEnv, createAdminTestEnv, SITE_URL } from './testing/admin-test-app.ts';
import { seedBusinesses } from './testing/seed.ts';

let env: AdminTestEnv;
beforeEach(async () => {
  env = await createAdminTestEnv();
});
afterEach(async () => {
  await env.dispose();
});

const generate = () => request(env.app).post('/api/admin/generate-seo').set('Cookie', env.cookie);

describe('POST /api/admin/generate-seo', () => {
  it('answers {message, updated}, writes the text with SITE_URL and logs the activity', async () => {
    seedBusinesses(env.database.sqlite, 25);
    const answer = await generate();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'SEO content generated for 25 businesses', updated: 25 });
    const canonical = env.database.sqlite
      .prepare('SELECT canonical_url FROM businesses WHERE seo_title IS NOT NULL')
      .pluck()
      .all() as string[];
    expect(canonical).toHaveLength(25);
    for (const url of canonical) expect(url.startsWith(`${SITE_URL}/`)).toBe(true);
    expect(await listRecentActivity(env.database.store, 5)).toMatchObject([
      { kind: 'seo', actor: 'admin:admin', count: 25 },
    ]);
  });

  it('refuses a second run while one is going, and runs again afterwards', async () => {
    seedBusinesses(env.database.sqlite, 5);
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
