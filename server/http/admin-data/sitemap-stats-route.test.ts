// GET /api/admin/sitemap-stats: the SitemapStats shape with this site's URLs.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AdminTestEnv, createAdminTestEnv, SITE_URL } from './testing/admin-test-app.ts';
import { seedBusinesses } from './testing/seed.ts';

let env: AdminTestEnv;
beforeEach(async () => {
  env = await createAdminTestEnv();
});
afterEach(async () => {
  await env.dispose();
});

describe('GET /api/admin/sitemap-stats', () => {
  it('answers the figures and file URLs', async () => {
    seedBusinesses(env.database.sqlite, 12);
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
