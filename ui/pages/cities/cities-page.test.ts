// Server render of /cities and the JSON API behind it: every city with its count, linked, paged.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityPath } from '../../../server/contract/paths.ts';
import {
  canonicalOf,
  createSiteTestEnv,
  decodeEntities,
  metaContent,
  type SiteTestEnv,
  TEST_SITE_URL,
  titlesOf,
} from '../../../server/ssr/testing/site-test-env.ts';
import { h1Of, hasSkeletons, visibleText } from '../browse/testing/list-html.ts';

let env: SiteTestEnv;

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 300 });
});

afterAll(async () => {
  await env?.dispose();
});

const get = (path: string) => request(env.app).get(path);

describe('GET /api/cities', () => {
  it('answers a page of cities, most businesses first, with the total in X-Total-Count', async () => {
    const all = await get('/api/cities?limit=200');
    expect(all.status).toBe(200);
    const cities = all.body as { name: string; businessCount: number }[];
    expect(Number(all.headers['x-total-count'])).toBe(cities.length);
    const counts = cities.map((c) => c.businessCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const page = await get('/api/cities?limit=5&offset=5');
    expect(page.body).toEqual(cities.slice(5, 10));
    expect(page.headers['x-total-count']).toBe(String(cities.length));
  });

  it('refuses a page larger than 200', async () => {
    expect((await get('/api/cities?limit=201')).status).toBe(400);
  });
});

describe('/cities', () => {
  it('lists every city with its count, linked to its city page', async () => {
    const res = await get('/cities');
    expect(res.status).toBe(200);
    expect(titlesOf(res.text)[0]).toContain('All Cities');
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/cities`);
    expect(metaContent(res.text, 'robots')).toBe('index, follow');
    expect(h1Of(res.text)).toBe('All Cities');
    expect(hasSkeletons(res.text)).toBe(false);

    const cities = (await get('/api/cities?limit=200')).body as { name: string; businessCount: number }[];
    const links = [...res.text.matchAll(/<a href="([^"]*)" class="lists-links__link"/g)].map((m) =>
      decodeEntities(m[1] ?? ''),
    );
    expect(links).toEqual(cities.map((c) => cityPath(c.name)));
    const [top] = cities;
    expect(visibleText(res.text)).toContain(`${top!.name} ${top!.businessCount} businesses`);
    expect(visibleText(res.text)).toContain(`${cities.length} Cities`);
  });

  it('answers 404 past the last page and for a page that is not a number', async () => {
    expect((await get('/cities?page=2')).status).toBe(404);
    expect((await get('/cities?page=zero')).status).toBe(404);
  });
});
