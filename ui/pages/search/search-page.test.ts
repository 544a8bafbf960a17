// Server render of /search: results best first with the count announced, the prompt for an empty
// service, noindex, paging links that keep the query, and hostile input rendered inert.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalOf,
  createSiteTestEnv,
  metaContent,
  type SiteTestEnv,
  titlesOf,
} from '../../../server/ssr/testing/site-test-env.ts';
import {
  addBusinesses,
  cardLinks,
  h1Of,
  hasSkeletons,
  indexForSearch,
  pagerLinks,
  visibleText,
} from '../browse/testing/list-html.ts';

let env: SiteTestEnv;

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 300 });
  // 25 dentists in one town: two pages of results for "dentist" in Shelbyville.
  addBusinesses(env.database.sqlite, 25, { city: 'Shelbyville', category: 'Dentist' });
  indexForSearch(env.database.sqlite);
});

afterAll(async () => {
  await env?.dispose();
});

const get = (path: string) => request(env.app).get(path);

async function apiSearch(query: string) {
  const res = await get(`/api/search?${query}`);
  return {
    links: (res.body.businesses as { slug: string }[]).map((b) => `/details/${encodeURIComponent(b.slug)}`),
    totalCount: res.body.totalCount as number,
  };
}

describe('search page', () => {
  it('shows the results of the search API, best first, with the count in a status region', async () => {
    const res = await get('/search?q=dentist&location=Shelbyville');
    expect(res.status).toBe(200);
    const api = await apiSearch('q=dentist&location=Shelbyville');
    expect(api.totalCount).toBe(25);
    expect(h1Of(res.text)).toBe('Results for "dentist" in Shelbyville');
    expect(titlesOf(res.text)[0]).toContain('Results for "dentist" in Shelbyville');
    expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
    expect(canonicalOf(res.text)).toBeUndefined();
    expect(res.text).toMatch(/<p class="lists-count" role="status">25 businesses found<\/p>/);
    expect(cardLinks(res.text)).toEqual(api.links);
    expect(hasSkeletons(res.text)).toBe(false);
    expect(pagerLinks(res.text)).toEqual([
      '/search?q=dentist&location=Shelbyville&page=2',
      '/search?q=dentist&location=Shelbyville&page=2',
    ]);
  });

  it('pages the results, keeping the query', async () => {
    const res = await get('/search?q=dentist&location=Shelbyville&page=2');
    expect(res.status).toBe(200);
    expect(cardLinks(res.text)).toEqual((await apiSearch('q=dentist&location=Shelbyville&page=2')).links);
    expect(cardLinks(res.text)).toHaveLength(5);
    expect((await get('/search?q=dentist&location=Shelbyville&page=3')).status).toBe(404);
  });

  it('filters by category, and names it in the heading', async () => {
    const res = await get('/search?q=dentist&category=Healthcare');
    expect(res.status).toBe(200);
    expect(h1Of(res.text)).toBe('Results for "dentist" (Healthcare)');
    expect(cardLinks(res.text)).toEqual((await apiSearch('q=dentist&category=Healthcare')).links);
    expect(res.text).toMatch(/<select id="search-category" name="category"/);
  });

  it('shows a friendly prompt with the search form when no service is given', async () => {
    for (const path of ['/search', '/search?q=', '/search?q=%20%20&location=Chicago']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
      expect(h1Of(res.text)).toBe('Search Local Businesses');
      expect(visibleText(res.text)).toContain('What are you looking for?');
      expect(res.text).toMatch(/<form[^>]*role="search"/);
      expect(res.text).not.toContain('Error');
    }
  });

  it('says so when nothing matches', async () => {
    const res = await get('/search?q=zzqqxxnothing');
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain('No businesses found');
    expect(res.text).toMatch(/role="status">0 businesses found</);
  });

  it('renders hostile query text as inert text', async () => {
    const hostile = encodeURIComponent('</script><img src=x onerror=alert(1)>');
    const res = await get(`/search?q=${hostile}&location=${hostile}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img src=x');
    expect(h1Of(res.text)).toBe(
      'Results for "</script><img src=x onerror=alert(1)>" in </script><img src=x onerror=alert(1)>',
    );
  });
});
