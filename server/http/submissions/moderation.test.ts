// The moderation queue end to end, on the production boot path (startServer: the answer cache in
// front of Express, the pages, the API) over a real SQLite file and a real PostgreSQL database, the
// same generated businesses in each: a held submission is on no public surface — search, the browse
// list and its search, its city and category, the statistics, the sitemaps, its address (404) — and
// every answer cached before stays right; once approved it is on all of them (the cached answers were
// dropped); a rejected one never appears and its reason is logged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config.ts';
import type { Statistics } from '../../contract/business.ts';
import type { HeldSubmissionPage } from '../../contract/submission-queue.ts';
import { hashPassword } from '../../domain/admin/password-hash.ts';
import { submissionSlugCandidates } from '../../domain/submissions/submission-slug.ts';
import { createSeededTestStore } from '../../domain/testing/seeded-store.ts';
import { DIALECTS, type TestStore } from '../../domain/testing/test-store.ts';
import { type RunningServer, startServer } from '../../index.ts';
import { sitemapText as sitemapTextIn } from './testing/sitemap-text.ts';

const ADMIN_PASSWORD = 'moderation test password';
const SITE_URL = 'https://directory.test';

let database: TestStore;
let config: Config;
let server: RunningServer;
let base: string;
let cookie: string;

/** A listing with words no seeded business has: its city and category are new to the site. */
const LISTING = {
  name: 'Zephyrine Pottery Atelier',
  category: 'Pottery Studio',
  address: '12 Kiln Street',
  city: 'Quillmouth',
  state: 'ME',
  country: 'United States',
  phone: '(207) 555-0199',
  ownerEmail: 'potter@example.com',
  hoursMonday: '9AM-5PM',
};

describe.each(DIALECTS)('on %s', (dialect) => {
  /** PostgreSQL has no file to keep the sitemaps beside: a folder of the test's own, not ./data. */
  let sitemapDir: string | undefined;

  beforeAll(async () => {
    // The same 30 generated businesses on either dialect.
    database = await createSeededTestStore(dialect, { businesses: 30 });
    sitemapDir = dialect === 'postgres' ? mkdtempSync(join(tmpdir(), 'moderation-sitemaps-')) : undefined;
    config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.address,
      ...(sitemapDir ? { SITEMAP_CACHE_DIR: sitemapDir } : {}),
      SITE_URL,
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 's'.repeat(40),
      RESPONSE_CACHE: 'on',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD, { N: 1024, r: 8, p: 1 }),
    });
    server = await startServer(config);
    base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.dispose();
    if (sitemapDir) rmSync(sitemapDir, { recursive: true, force: true });
  });

  describe('a held submission', () => {
    it('is on no public surface, and cached answers stay right; approved, it is on every one', async () => {
      const name = LISTING.name;
      // Every answer asked once before, so the answer cache holds it.
      const before = await publicSurfaces(name, 'zephyrine-pottery-atelier-0000000');

      const heldReference = await submit({ ...LISTING, fromPage: '/about' });
      // The address it will get once approved: the name part and the first 7 characters of its uuid.
      const heldSlug = submissionSlugCandidates(name, `submission:${heldReference}`)[0] ?? '';
      expect(heldSlug).toBe(`zephyrine-pottery-atelier-${heldReference.replace(/-/g, '').slice(0, 7)}`);
      // Asked now, these answers (its address among them) are cached while it is held.
      const held = await publicSurfaces(name, heldSlug);
      expect(held).toEqual(before);
      expect(held.slugApi).toBe(404);
      expect(held.page).toBe(404);
      for (const list of [held.search, held.searchByPlace, held.browseSearch, held.city, held.category])
        expect(list).not.toContain(name);
      expect(names(held.browse)).not.toContain(name);
      expect(held.cityPage).toBe(false);
      expect(held.sitemapBusinesses).toBe(false);
      expect(held.sitemapCities).toBe(false);
      // Answers not cached before say the same (the cache is not what hides it).
      expect(names((await get('/api/businesses?search=zephyrine&limit=7')).json())).not.toContain(name);
      expect((await get(`/details/${heldSlug}?from=uncached`)).status).toBe(404);

      // The admin sees it, with the owner's e-mail and the page it came from; the badge counts it.
      expect((await admin('GET', '/api/admin/submissions/count')).body).toEqual({ held: 1 });
      const id = await queueIdOf(heldReference);
      const approved = await admin('POST', `/api/admin/submissions/${id}/approve`, { verified: false });
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({
        message: `"${name}" is now published.`,
        business: { id: expect.any(Number), slug: heldSlug, name, isVerified: false },
      });
      expect((await admin('GET', '/api/admin/submissions/count')).body).toEqual({ held: 0 });

      const after = await publicSurfaces(name, heldSlug);
      for (const list of [after.search, after.searchByPlace, after.browseSearch, after.city, after.category])
        expect(list).toContain(name);
      expect(after.browse.totalCount).toBe(before.browse.totalCount + 1);
      expect(after.statistics.totalBusinesses).toBe(before.statistics.totalBusinesses + 1);
      expect(after.statistics.verifiedBusinesses).toBe(before.statistics.verifiedBusinesses);
      expect(after.statistics.totalCities).toBe(before.statistics.totalCities + 1);
      expect(after.statistics.categories).toBe(before.statistics.categories + 1);
      expect(after.slugApi).toBe(200);
      expect(after.page).toBe(200);
      expect(after.cityPage).toBe(true);
      expect(after.sitemapBusinesses).toBe(true);
      expect(after.sitemapCities).toBe(true);
      const business = (await get(`/api/businesses/slug/${heldSlug}`)).json();
      expect(business).toMatchObject({
        name,
        isVerified: false,
        city: 'Quillmouth',
        placeId: `submission:${heldReference}`,
      });
      // The owner's e-mail is not the business's public e-mail.
      expect(JSON.stringify(business)).not.toContain('potter@example.com');

      // Approving it again: it is no longer held.
      const again = await admin('POST', `/api/admin/submissions/${id}/approve`, { verified: true });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({
        error: {
          code: 'not_found',
          message: `There is no submission ${id} waiting for review: it has been approved or rejected already, or never existed.`,
        },
      });
      expect((await admin('POST', `/api/admin/submissions/${id}/reject`, { reason: 'late' })).status).toBe(
        404,
      );
    });

    it('approved with Verified, counts as verified', async () => {
      const before = (await get('/api/statistics')).json() as Statistics;
      const reference = await submit({ ...LISTING, name: 'Verified Kiln Works' });
      const id = await queueIdOf(reference);
      const approved = await admin('POST', `/api/admin/submissions/${id}/approve`, { verified: true });
      expect(approved.status).toBe(200);
      expect(approved.body.message).toBe('"Verified Kiln Works" is now published as Verified.');
      const slug = (approved.body.business as { slug: string }).slug;
      expect((await get(`/api/businesses/slug/${slug}`)).json()).toMatchObject({ isVerified: true });
      const after = (await get('/api/statistics')).json() as Statistics;
      expect(after.verifiedBusinesses).toBe(before.verifiedBusinesses + 1);
      expect(after.totalBusinesses).toBe(before.totalBusinesses + 1);
    });

    it('rejected, it never appears, and the reason is in the activity log', async () => {
      const before = (await get('/api/statistics')).json();
      const reference = await submit({ ...LISTING, name: 'Spammy Clay Deals', city: 'Rejectville' });
      const slug = submissionSlugCandidates('Spammy Clay Deals', `submission:${reference}`)[0];
      const id = await queueIdOf(reference);
      const rejected = await admin('POST', `/api/admin/submissions/${id}/reject`, {
        reason: 'Advertising, not a business',
      });
      expect(rejected).toEqual({
        status: 200,
        body: { message: '"Spammy Clay Deals" was rejected and removed.' },
      });
      expect((await admin('GET', '/api/admin/submissions/count')).body).toEqual({ held: 0 });
      expect((await get('/api/statistics')).json()).toEqual(before);
      expect(names((await get('/api/search?q=spammy+clay')).json())).not.toContain('Spammy Clay Deals');
      expect((await get(`/details/${slug}`)).status).toBe(404);
      expect(await sitemapText('sitemap-cities.xml')).not.toContain('Rejectville');

      const activity = (await admin('GET', '/api/admin/activity')).body as {
        items: { kind: string; summary: string }[];
      };
      expect(activity.items).toContainEqual(
        expect.objectContaining({
          kind: 'reject',
          summary:
            'Rejected the submitted listing "Spammy Clay Deals" (Rejectville, United States): Advertising, not a business',
        }),
      );
      // Approving what was rejected: nothing to approve.
      expect((await admin('POST', `/api/admin/submissions/${id}/approve`, { verified: false })).status).toBe(
        404,
      );
    });
  });
});

async function get(path: string): Promise<{ status: number; text: string; json: () => unknown }> {
  const answer = await fetch(`${base}${path}`, { headers: { Accept: 'application/json' } });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text) };
}

async function submit(values: Record<string, string>): Promise<string> {
  const answer = await fetch(`${base}/api/businesses/submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify(values),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

async function admin(method: 'GET' | 'POST', path: string, body?: unknown) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      Cookie: cookie,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function queueIdOf(reference: string): Promise<number> {
  const list = (await admin('GET', '/api/admin/submissions?limit=100')).body as unknown as HeldSubmissionPage;
  const held = list.submissions.find((submission) => submission.reference === reference);
  if (!held) throw new Error(`submission ${reference} is not held`);
  return held.id;
}

function sitemapText(file: string): Promise<string> {
  return sitemapTextIn(database.store, file, { siteUrl: SITE_URL });
}

const names = (body: unknown): string[] => {
  const list = Array.isArray(body) ? body : (body as { businesses: unknown[] }).businesses;
  return (list as { name: string }[]).map((business) => business.name);
};

/** Every public surface a business appears on, as it answers now. */
async function publicSurfaces(name: string, slug: string) {
  const city = encodeURIComponent(LISTING.city);
  const category = 'pottery-studio';
  return {
    search: names((await get('/api/search?q=zephyrine+pottery')).json()),
    searchByPlace: names((await get(`/api/search?q=pottery&location=${city}`)).json()),
    browseSearch: names((await get('/api/businesses?search=zephyrine')).json()),
    browse: (await get('/api/businesses?limit=100')).json() as { totalCount: number; businesses: unknown[] },
    city: names((await get(`/api/city/${city}`)).json()),
    category: names((await get(`/api/category/${category}`)).json()),
    statistics: (await get('/api/statistics')).json() as Statistics,
    slugApi: (await get(`/api/businesses/slug/${slug}`)).status,
    page: (await get(`/details/${slug}`)).status,
    cityPage: (await get(`/city/${city}`)).text.includes(name),
    sitemapBusinesses: (await sitemapText('sitemap-businesses-1.xml')).includes(`/details/${slug}<`),
    sitemapCities: (await sitemapText('sitemap-cities.xml')).includes(`/city/${city}<`),
    sitemapIndex: (await sitemapText('sitemap.xml')).length,
  };
}
