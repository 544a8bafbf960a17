// robots.txt and the sitemaps on the whole app: the files the index lists are the files served and
// exactly the URLs the admin's sitemap figures name; every URL absolute and canonical. Each test runs
// on SQLite and on PostgreSQL, the same generated businesses in each.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../domain/admin/password-hash.ts';
import { assertWellFormedXml } from '../../domain/sitemap/testing/sitemap-test-support.ts';
import { approveSubmission } from '../../domain/submissions/moderate-submissions.ts';
import { settledDataVersion } from '../../domain/testing/settled-data-version.ts';
import { rowsIn } from '../../domain/testing/sql-in.ts';
import { DIALECTS } from '../../domain/testing/test-store.ts';
import { createSiteTestEnv, type SiteTestEnv, TEST_SITE_URL } from '../../ssr/testing/site-test-env.ts';

const ADMIN_PASSWORD = 'another test password';
let env: SiteTestEnv;
let submittedSlug: string;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
const pathOf = (url: string) => url.slice(TEST_SITE_URL.length);

describe.each(DIALECTS)('on %s', (dialect) => {
  beforeAll(async () => {
    env = await createSiteTestEnv({
      dialect,
      businesses: 40,
      env: { ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD, { N: 1024, r: 8, p: 1 }) },
    });
    // A business from the form (place_id "submission:…") before the first sitemap request.
    const submitted = await request(env.app).post('/api/businesses/submissions').send({
      name: 'Sitemap Test Plumbing',
      category: 'Plumber',
      address: '1 Pipe Lane',
      city: 'Denver',
      country: 'United States',
      ownerEmail: 'pipes@example.com',
    });
    expect(submitted.status).toBe(201);
    // Held for review until approved (decision 0022): published here as the admin's Approve does.
    const [queued] = await rowsIn<{ id: number }>(
      env.store,
      'SELECT id FROM submission_queue WHERE place_id = ?',
      [`submission:${submitted.body.id}`],
    );
    submittedSlug =
      (await approveSubmission(env.store, queued!.id, { actor: 'admin:test', verified: false }))?.slug ?? '';
    // The sitemaps are cached by data version: this process must have heard of the approval's.
    await settledDataVersion(env.store);
  }, 60_000);

  afterAll(async () => {
    await env?.dispose();
  });

  describe('/robots.txt', () => {
    it('disallows the admin area and the API and names the sitemap index by absolute URL', async () => {
      const answer = await request(env.app).get('/robots.txt');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.text).toBe(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /admin-login',
          'Disallow: /admin-panel',
          'Disallow: /api/',
          '',
          `Sitemap: ${TEST_SITE_URL}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    });
  });

  describe('/sitemap.xml and its files', () => {
    it('lists exactly the files of the admin’s sitemap figures, each served, well-formed and absolute', async () => {
      const login = await request(env.app)
        .post('/api/admin/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD });
      const cookie = ((login.headers['set-cookie'] as unknown as string[]) ?? [])
        .map((line) => line.split(';')[0])
        .join('; ');
      const stats = (await request(env.app).get('/api/admin/sitemap-stats').set('Cookie', cookie)).body;
      expect(stats.totalBusinesses).toBe(41);

      const index = await request(env.app).get('/sitemap.xml').set('Accept-Encoding', 'gzip');
      expect(index.status).toBe(200);
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(index.headers['content-encoding']).toBe('gzip');
      assertWellFormedXml(index.text);
      expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(stats.sitemapUrls.main).toBe(`${TEST_SITE_URL}/sitemap.xml`);
      expect(locsOf(index.text)).toEqual([
        stats.sitemapUrls.mainPages,
        stats.sitemapUrls.categories,
        stats.sitemapUrls.cities,
        ...stats.sitemapUrls.businesses,
      ]);
      expect(stats.totalSitemaps).toBe(locsOf(index.text).length);

      const pageUrls: string[] = [];
      for (const url of locsOf(index.text)) {
        expect(url.startsWith(`${TEST_SITE_URL}/`)).toBe(true);
        const file = await request(env.app).get(pathOf(url));
        expect(file.status, url).toBe(200);
        expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
        assertWellFormedXml(file.text);
        expect(file.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        pageUrls.push(...locsOf(file.text));
      }
      // Absolute, canonical, never a search or admin page.
      for (const url of pageUrls) {
        expect(url.startsWith(`${TEST_SITE_URL}/`), url).toBe(true);
        expect(url).not.toMatch(/\/search|\/admin|\/business\/|\/api\//);
      }
      const businessUrls = pageUrls.filter((url) => url.includes('/details/'));
      expect(businessUrls).toHaveLength(stats.totalBusinesses);
      expect(businessUrls).toContain(`${TEST_SITE_URL}/details/${submittedSlug}`);
      expect(pageUrls).toContain(`${TEST_SITE_URL}/add-business`);
      expect(pageUrls).toContain(`${TEST_SITE_URL}/city/Denver`);
    });

    it('unpacks for a client that takes no gzip, answers 304 to a matching ETag, and HEAD', async () => {
      const plain = await request(env.app).get('/sitemap-main.xml').set('Accept-Encoding', 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      assertWellFormedXml(plain.text);

      const again = await request(env.app)
        .get('/sitemap-main.xml')
        .set('Accept-Encoding', 'identity')
        .set('If-None-Match', String(plain.headers.etag));
      expect(again.status).toBe(304);

      const head = await request(env.app).head('/sitemap.xml').set('Accept-Encoding', 'gzip');
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    });

    it('answers 404 for a business file past the end and for names that are not sitemap files', async () => {
      for (const path of ['/sitemap-businesses-2.xml', '/sitemap-businesses-0.xml', '/sitemap-other.xml']) {
        const answer = await request(env.app).get(path);
        expect(answer.status, path).toBe(404);
      }
    });
  });
});
