// Server render of /search: results best first with the count announced, the heading from the
// server's reading of the query, the prompt when neither a service nor a place is given, a place
// searched alone, noindex, paging links that keep the query (and exact=1), what was corrected or
// left out, alternatives when nothing matches, and hostile input rendered inert.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../server/contract/search.ts';
import {
  canonicalOf,
  createSiteTestEnv,
  decodeEntities,
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
  expect(res.status, query).toBe(200);
  const answer = res.body as SearchAnswer;
  return {
    answer,
    links: answer.businesses.map((b) => `/details/${encodeURIComponent(b.slug)}`),
    totalCount: answer.totalCount,
    label: answer.understood.label,
  };
}

describe('search page', () => {
  it('shows the results of the search API, best first, with the count in a status region', async () => {
    const res = await get('/search?q=dentist&location=Shelbyville');
    expect(res.status).toBe(200);
    const api = await apiSearch('q=dentist&location=Shelbyville');
    expect(api.totalCount).toBe(25);
    // The heading is how the server read the query ("Dentists in Shelbyville…").
    expect(api.label).toMatch(/^Dentists? in Shelbyville/i);
    expect(h1Of(res.text)).toBe(api.label);
    expect(titlesOf(res.text)[0]).toContain(api.label);
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
    const api = await apiSearch('q=dentist&category=Healthcare');
    expect(h1Of(res.text)).toBe(`${api.label} (Healthcare)`);
    expect(cardLinks(res.text)).toEqual(api.links);
    expect(res.text).toMatch(/<select id="search-category" name="category"/);
  });

  it('keeps exact=1 in the paging links, and searches the words as typed', async () => {
    const res = await get('/search?q=dentist&location=Shelbyville&exact=1');
    expect(res.status).toBe(200);
    expect(cardLinks(res.text)).toEqual((await apiSearch('q=dentist&location=Shelbyville&exact=1')).links);
    expect(pagerLinks(res.text)).toEqual([
      '/search?q=dentist&location=Shelbyville&exact=1&page=2',
      '/search?q=dentist&location=Shelbyville&exact=1&page=2',
    ]);
  });

  it('lists the businesses of a place searched alone', async () => {
    for (const path of ['/search?location=Shelbyville', '/search?q=%20%20&location=Shelbyville']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const api = await apiSearch('location=Shelbyville');
      expect(api.totalCount).toBeGreaterThanOrEqual(25);
      expect(h1Of(res.text)).toBe(api.label);
      expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
      expect(cardLinks(res.text)).toEqual(api.links);
      expect(visibleText(res.text)).not.toContain('What are you looking for?');
      expect(pagerLinks(res.text)[0]).toBe('/search?location=Shelbyville&page=2');
    }
  });

  it('says what a misspelt word was corrected to, with a link that searches it as typed', async () => {
    const { answer } = await apiSearch('q=dentst&location=Shelbyville');
    expect(answer.correctedQuery).toMatch(/dentist/i);
    const res = await get('/search?q=dentst&location=Shelbyville');
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain(
      `Showing results for ${answer.correctedQuery} — search instead for dentst`,
    );
    expect(res.text).toContain(`<strong>${answer.correctedQuery}</strong>`);
    const href = /search instead for <a href="([^"]*)"/.exec(res.text)?.[1];
    expect(href && decodeEntities(href)).toBe(answer.exactSearchUrl);
    expect(new URL(answer.exactSearchUrl!, 'http://x').searchParams.get('exact')).toBe('1');
  });

  it('names the words that matched nothing and were left out', async () => {
    const { answer } = await apiSearch('q=dentist%20zzqqxx&location=Shelbyville');
    expect(answer.understood.ignoredWords).toEqual(['zzqqxx']);
    const res = await get('/search?q=dentist%20zzqqxx&location=Shelbyville');
    expect(visibleText(res.text)).toContain('No businesses matched “zzqqxx”, so it was left out.');
    expect(cardLinks(res.text)).toEqual((await apiSearch('q=dentist%20zzqqxx&location=Shelbyville')).links);
  });

  it('shows a friendly prompt with the search form when neither a service nor a place is given', async () => {
    for (const path of ['/search', '/search?q=', '/search?q=%20%20&location=%20']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
      expect(h1Of(res.text)).toBe('Search Local Businesses');
      expect(visibleText(res.text)).toContain('What are you looking for?');
      expect(res.text).toMatch(/<form[^>]*role="search"/);
      expect(res.text).not.toContain('Error');
    }
  });

  it('says so when nothing matches, and offers the categories and places the server suggests', async () => {
    const res = await get('/search?q=zzqqxxnothing');
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain('No businesses found');
    expect(res.text).toMatch(/role="status">0 businesses found</);

    const { answer } = await apiSearch('q=zzqqxxnothing');
    const { categories = [], places = [] } = answer.alternatives ?? {};
    const text = visibleText(res.text);
    const hrefs = [...res.text.matchAll(/\bhref="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ''));
    expect(text.includes('Try a category:')).toBe(categories.length > 0);
    expect(text.includes('Or a place:')).toBe(places.length > 0);
    for (const alternative of [...categories, ...places]) {
      const count =
        alternative.count === 1 ? '1 business' : `${alternative.count.toLocaleString('en-US')} businesses`;
      expect(text).toContain(`${alternative.label} (${count})`);
      expect(hrefs).toContain(alternative.url);
    }
  });

  it('renders hostile query text as inert text', async () => {
    const hostile = encodeURIComponent('</script><img src=x onerror=alert(1)>');
    const res = await get(`/search?q=${hostile}&location=${hostile}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img src=x');
    expect(h1Of(res.text)).toBe((await apiSearch(`q=${hostile}&location=${hostile}`)).label);
  });
});
