// GET /api/admin/sitemap-stats: the SitemapStats shape with this site's URLs. Each test on a SQLite
// file and on a PostgreSQL database (one per dialect for the file, given its businesses by each test).
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { type AdminTestEnv, createAdminTestEnv, SITE_URL } from './testing/admin-test-app.ts';
import { replaceWithGeneratedBusinesses } from './testing/replace-businesses.ts';

let env: AdminTestEnv;

/** `count` generated businesses in place of any there were (the ones seedBusinesses makes), with the
 *  counts the figures read (site_stats) made as an import leaves them. */
const seed = (count: number) => replaceWithGeneratedBusinesses(env.store, count);

describe.each(DIALECTS)('GET /api/admin/sitemap-stats on %s', (dialect) => {
  beforeAll(async () => {
    env = await createAdminTestEnv({}, { dialect });
  }, 60_000);
  afterAll(async () => {
    await env?.dispose();
  });
  beforeEach(async () => {
    await seed(0);
  });

  it('answers the figures and file URLs', async () => {
    await seed(12);
    const answer = await request(env.app).get('/api/admin/sitemap-stats').set('Cookie', env.cookie);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      totalBusinesses: 12,
      totalSitemaps: 4,
      businessesPerSitemap: 45_000,
      sitemapUrls: {
        main: `${SITE_URL}/sitemap.xml`,
        mainPages: `${SITE_URL}/sitemap-main.xml`,
        categories: `${SITE_URL}/sitemap-categories.xml`,
        cities: `${SITE_URL}/sitemap-cities.xml`,
        businesses: [`${SITE_URL}/sitemap-businesses-1.xml`],
      },
    });
  });

  it('counts no business files for an empty directory', async () => {
    const answer = await request(env.app).get('/api/admin/sitemap-stats').set('Cookie', env.cookie);
    expect(answer.body).toMatchObject({
      totalBusinesses: 0,
      totalSitemaps: 3,
      sitemapUrls: { businesses: [] },
    });
  });
});
