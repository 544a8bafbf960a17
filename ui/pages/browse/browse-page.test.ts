// Server render of the browse page (§2): hero and count, the GET search form, the category dropdown,
// Previous/Next paging as links, robots and canonical by filter, the empty view, hostile input.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalOf,
  createSiteTestEnv,
  decodeEntities,
  metaContent,
  type SiteTestEnv,
  TEST_SITE_URL,
  titlesOf,
} from '../../../server/ssr/testing/site-test-env.ts';
import {
  cardLinks,
  h1Of,
  hasSkeletons,
  indexForSearch,
  pagerLinks,
  visibleText,
} from './testing/list-html.ts';

let env: SiteTestEnv;

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 300 });
  indexForSearch(env.database.sqlite);
});

afterAll(async () => {
  await env?.dispose();
});

const get = (path: string) => request(env.app).get(path);

async function apiLinks(query: string): Promise<string[]> {
  const res = await get(`/api/businesses?${query}`);
  return (res.body.businesses as { slug: string }[]).map((b) => `/details/${encodeURIComponent(b.slug)}`);
}

const options = (html: string) =>
  [
    ...(/<select id="browse-category"[\s\S]*?<\/select>/.exec(html)?.[0] ?? '').matchAll(
      /<option\b[^>]*>([\s\S]*?)<\/option>/g,
    ),
  ].map((m) => decodeEntities((m[1] ?? '').replace(/<!-- -->/g, '')));

const inputTag = (html: string) => /<input id="browse-search"[^>]*>/.exec(html)?.[0] ?? '';

describe('browse page', () => {
  it('renders the first page complete, indexable, with its canonical', async () => {
    const res = await get('/businesses');
    expect(res.status).toBe(200);
    expect(titlesOf(res.text)).toEqual(['Browse All Businesses | Local Business Directory']);
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/businesses`);
    expect(metaContent(res.text, 'robots')).toBe('index, follow');
    expect(h1Of(res.text)).toBe('Browse All Businesses');
    const text = visibleText(res.text);
    expect(text).toContain('300 Total Businesses');
    expect(text).toContain('Showing 1–20 of 300 businesses');
    expect(text).toContain('Page 1 of 15');
    expect(cardLinks(res.text)).toEqual(await apiLinks('limit=20&offset=0'));
    expect(hasSkeletons(res.text)).toBe(false);
    // The count is announced.
    expect(res.text).toMatch(/<p class="lists-count" role="status">Showing/);
  });

  it('has a GET search form in a search landmark, and the category dropdown of §2', async () => {
    const res = await get('/businesses');
    const form = /<form\b[^>]*>/.exec(res.text.slice(res.text.indexOf('role="search"') - 200))?.[0] ?? '';
    expect(form).toContain('role="search"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/businesses"');
    expect(res.text).toMatch(/<label for="browse-search">Search businesses<\/label>/);
    expect(inputTag(res.text)).toMatch(/ type="search"/);
    expect(inputTag(res.text)).toMatch(/ name="search"/);

    const categories = (await get('/api/categories')).body as { category: string; businessCount: number }[];
    expect(categories.length).toBeGreaterThan(20);
    expect(options(res.text)).toEqual([
      'All Categories',
      ...categories.slice(0, 20).map((c) => `${c.category} (${c.businessCount})`),
    ]);
  });

  it('pages with Previous and Next links; Previous is disabled on page 1, Next on the last page', async () => {
    const first = await get('/businesses');
    expect(pagerLinks(first.text)).toEqual(['/businesses?page=2']);
    expect(first.text).toMatch(
      /<span class="pager__link pager__step is-disabled" aria-disabled="true">Previous/,
    );

    const second = await get('/businesses?page=2');
    expect(second.status).toBe(200);
    expect(canonicalOf(second.text)).toBe(`${TEST_SITE_URL}/businesses?page=2`);
    expect(metaContent(second.text, 'robots')).toBe('index, follow');
    expect(cardLinks(second.text)).toEqual(await apiLinks('limit=20&offset=20'));
    expect(pagerLinks(second.text)).toEqual(['/businesses', '/businesses?page=3']);

    const last = await get('/businesses?page=15');
    expect(last.status).toBe(200);
    expect(pagerLinks(last.text)).toEqual(['/businesses?page=14']);
    expect(last.text).toMatch(/is-disabled" aria-disabled="true">Next/);
    expect((await get('/businesses?page=16')).status).toBe(404);
    expect((await get('/businesses?page=0')).status).toBe(404);
  });

  it('filters by search text and category: noindex, follow, canonical at the unfiltered list, paging keeps the filters', async () => {
    const res = await get('/businesses?category=Restaurants');
    expect(res.status).toBe(200);
    expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
    // Issue 16: a filtered view points at the unfiltered list.
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/businesses`);
    expect(cardLinks(res.text)).toEqual(await apiLinks('limit=20&offset=0&category=Restaurants'));
    // A group chosen elsewhere (the navigation) shows as the selected option.
    expect(res.text).toMatch(/<option value="Restaurants" selected="">Restaurants<\/option>/);
    const total = (await get('/api/businesses?limit=20&category=Restaurants')).body.totalCount as number;
    expect(visibleText(res.text)).toContain(`${total} Total Businesses`);
    if (total > 20) expect(pagerLinks(res.text)).toEqual(['/businesses?category=Restaurants&page=2']);

    const searched = await get('/businesses?search=pizza');
    expect(searched.status).toBe(200);
    expect(metaContent(searched.text, 'robots')).toBe('noindex, follow');
    expect(cardLinks(searched.text)).toEqual(await apiLinks('limit=20&offset=0&search=pizza'));
    expect(cardLinks(searched.text).length).toBeGreaterThan(0);
    expect(inputTag(searched.text)).toMatch(/ value="pizza"/);
  });

  it('shows the empty view with Clear Filters when nothing matches', async () => {
    const res = await get('/businesses?search=zzqqxxnothing');
    expect(res.status).toBe(200);
    const text = visibleText(res.text);
    expect(text).toContain('No businesses found');
    expect(text).toContain('Try adjusting your search criteria or browse all categories.');
    expect(res.text).toMatch(/<a href="\/businesses" class="btn btn--outline"[^>]*>Clear Filters<\/a>/);
    expect(res.text).not.toContain('class="pager"');
  });

  it('renders hostile search text as inert text', async () => {
    const hostile = '</script><img src=x onerror=alert(1)>\u2028';
    const res = await get(`/businesses?search=${encodeURIComponent(hostile)}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).not.toContain('</script><img');
  });
});
