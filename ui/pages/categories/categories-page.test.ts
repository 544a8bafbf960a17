// Server render of /categories: the eight navigation groups and every category with its count.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_GROUPS } from '../../../server/contract/category-groups.ts';
import { categoryPath } from '../../../server/contract/paths.ts';
import {
  canonicalOf,
  createSiteTestEnv,
  decodeEntities,
  metaContent,
  type SiteTestEnv,
  TEST_SITE_URL,
  titlesOf,
} from '../../../server/ssr/testing/site-test-env.ts';
import { h1Of, visibleText } from '../browse/testing/list-html.ts';

let env: SiteTestEnv;

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 200 });
});

afterAll(async () => {
  await env?.dispose();
});

describe('/categories', () => {
  it('links the eight groups and every category with its count', async () => {
    const res = await request(env.app).get('/categories');
    expect(res.status).toBe(200);
    expect(titlesOf(res.text)[0]).toContain('All Categories');
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/categories`);
    expect(metaContent(res.text, 'robots')).toBe('index, follow');
    expect(h1Of(res.text)).toBe('All Categories');

    const groups = [...res.text.matchAll(/<a href="([^"]*)" class="lists-groups__link"/g)].map((m) =>
      decodeEntities(m[1] ?? ''),
    );
    expect(groups).toEqual(CATEGORY_GROUPS.map((name) => categoryPath(name)));

    const categories = (await request(env.app).get('/api/categories')).body as {
      category: string;
      businessCount: number;
    }[];
    const links = [...res.text.matchAll(/<a href="([^"]*)" class="lists-links__link"/g)].map((m) =>
      decodeEntities(m[1] ?? ''),
    );
    expect(links.sort()).toEqual(categories.map((c) => categoryPath(c.category)).sort());
    const text = visibleText(res.text);
    for (const c of categories)
      expect(text).toContain(
        `${c.category} ${c.businessCount} ${c.businessCount === 1 ? 'business' : 'businesses'}`,
      );
  });
});
