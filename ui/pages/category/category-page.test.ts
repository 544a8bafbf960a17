// Server render of the category page: groups and specific categories, head tags, paging, the 404
// of §2 and escaping of hostile names from the URL.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalOf,
  createSiteTestEnv,
  jsonLdOf,
  metaContent,
  type SiteTestEnv,
  TEST_SITE_URL,
  titlesOf,
} from '../../../server/ssr/testing/site-test-env.ts';
import {
  addBusinesses,
  cardLinks,
  h1Of,
  hasSkeletons,
  pagerLinks,
  visibleText,
} from '../browse/testing/list-html.ts';
import { categoryDisplayName, titleCase } from './category-meta.ts';

let env: SiteTestEnv;

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 300 });
  // 23 of one specific category: two pages of 20.
  addBusinesses(env.database.sqlite, 23, { category: 'Churro shop' });
});

afterAll(async () => {
  await env?.dispose();
});

const get = (path: string) => request(env.app).get(path);

async function apiPage(slug: string, limit: number, offset: number) {
  const res = await get(`/api/category/${slug}?limit=${limit}&offset=${offset}`);
  return {
    links: (res.body as { slug: string }[]).map((b) => `/details/${encodeURIComponent(b.slug)}`),
    total: Number(res.headers['x-total-count']),
  };
}

describe('category names', () => {
  it('turns the path into a title-case name, and the navigation groups into their own spelling', () => {
    expect(categoryDisplayName('mexican-restaurant')).toBe('Mexican Restaurant');
    expect(categoryDisplayName('auto-services')).toBe('Auto Services');
    expect(categoryDisplayName('beauty-wellness')).toBe('Beauty & Wellness');
    expect(categoryDisplayName('Beauty-Wellness')).toBe('Beauty & Wellness');
    expect(titleCase('  hello   WORLD ')).toBe('Hello World');
  });
});

describe('category page', () => {
  it('renders a navigation group complete: title, canonical, hero, count, cards, breadcrumbs', async () => {
    const res = await get('/category/restaurants');
    expect(res.status).toBe(200);
    const api = await apiPage('restaurants', 20, 0);
    expect(api.total).toBeGreaterThan(20);
    expect(titlesOf(res.text)).toEqual([
      'Restaurants – Local Businesses & Services | Local Business Directory',
    ]);
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/category/restaurants`);
    expect(metaContent(res.text, 'robots')).toBe('index, follow');
    expect(h1Of(res.text)).toBe('Restaurants');
    const text = visibleText(res.text);
    expect(text).toContain('Discover quality restaurants businesses and services in your area');
    expect(text).toContain(`${api.total} Businesses Found`);
    expect(cardLinks(res.text)).toEqual(api.links);
    expect(hasSkeletons(res.text)).toBe(false);
    const [crumbs] = jsonLdOf(res.text).map((b) => b.data);
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${TEST_SITE_URL}/` },
        { position: 2, name: 'Restaurants', item: `${TEST_SITE_URL}/category/restaurants` },
      ],
    });
  });

  it('shows a group with its navigation name and one canonical whatever the case of the URL', async () => {
    const res = await get('/category/Beauty-Wellness');
    expect(res.status).toBe(200);
    expect(h1Of(res.text)).toBe('Beauty & Wellness');
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/category/beauty-wellness`);
  });

  it('accepts a specific category and pages it: page 2 shows the next businesses with its own canonical', async () => {
    const first = await get('/category/churro-shop');
    expect(first.status).toBe(200);
    expect(h1Of(first.text)).toBe('Churro Shop');
    expect(visibleText(first.text)).toContain('23 Businesses Found');
    expect(cardLinks(first.text)).toEqual((await apiPage('churro-shop', 20, 0)).links);
    expect(pagerLinks(first.text)).toEqual(['/category/churro-shop?page=2', '/category/churro-shop?page=2']);

    const second = await get('/category/churro-shop?page=2');
    expect(second.status).toBe(200);
    expect(canonicalOf(second.text)).toBe(`${TEST_SITE_URL}/category/churro-shop?page=2`);
    expect(visibleText(second.text)).toContain('Showing 21–23 of 23 businesses');
    expect(cardLinks(second.text)).toEqual((await apiPage('churro-shop', 20, 20)).links);
    expect(cardLinks(second.text)).toHaveLength(3);
  });

  it('answers 404 with the not-found view for an unknown category', async () => {
    const res = await get('/category/underwater-basket-weaving');
    expect(res.status).toBe(404);
    expect(h1Of(res.text)).toBe('Category Not Found');
    expect(visibleText(res.text)).toContain(
      'The category "Underwater Basket Weaving" doesn\'t exist or has no businesses.',
    );
    expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
    expect(canonicalOf(res.text)).toBeUndefined();
  });

  it('answers 404 for page numbers out of range or not numbers', async () => {
    for (const page of ['3', '0', 'x']) {
      const res = await get(`/category/churro-shop?page=${page}`);
      expect(res.status, page).toBe(404);
    }
  });

  it('renders a hostile name from the URL as inert text', async () => {
    const res = await get(`/category/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<img src=x');
    expect(h1Of(res.text)).toBe('Category Not Found');
  });

  it('answers the total count in X-Total-Count on the JSON API', async () => {
    const res = await get('/api/category/churro-shop?limit=5');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.headers['x-total-count']).toBe('23');
    expect((await get('/api/category/no-such-thing')).headers['x-total-count']).toBe('0');
  });
});
