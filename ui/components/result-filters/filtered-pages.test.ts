// Server render of issue 16's filters on the search, browse, city and category pages: every filter and
// order is a plain link in the HTML (usable without JavaScript), the active choice is marked, a filter
// link starts again at page 1 and paging keeps the filters, filtered and sorted views are
// noindex, follow with the canonical at the unfiltered page, bad values never reach a link, and the
// page shows what the API answers for the same parameters.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalOf,
  createSiteTestEnv,
  decodeEntities,
  metaContent,
  type SiteTestEnv,
  TEST_SITE_URL,
} from '../../../server/ssr/testing/site-test-env.ts';
import {
  addBusinesses,
  cardLinks,
  indexForSearch,
  pagerLinks,
  visibleText,
} from '../../pages/browse/testing/list-html.ts';

let env: SiteTestEnv;

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 200 });
  addBusinesses(env.database.sqlite, 25, { city: 'Springfield', category: 'Dentist' });
  // Generated rows keep their hours as text only: the Springfield dentists get structured hours,
  // open round the clock, so that "open now" keeps them whatever the time of the run.
  const allDay = [{ open: '00:00', close: '24:00' }];
  const hours = JSON.stringify(
    Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, allDay]),
    ),
  );
  env.database.sqlite
    .prepare(`UPDATE businesses SET hours = ?, business_status = 'OPERATIONAL' WHERE place_id LIKE 'added-%'`)
    .run(hours);
  indexForSearch(env.database.sqlite);
});

afterAll(async () => {
  await env?.dispose();
});

const get = (path: string) => request(env.app).get(path);

/** The filter bar's links: accessible text (tags dropped) → { href, current }. */
function barLinks(html: string): Map<string, { href: string; current: boolean }> {
  // The bar runs from its opening tag to the results section that follows it.
  const start = html.indexOf('<div id="result-filters"');
  const bar = start < 0 ? '' : html.slice(start, html.indexOf('<section', start));
  const links = new Map<string, { href: string; current: boolean }>();
  for (const m of bar.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    const attributes = m[1] ?? '';
    const text = visibleText(`<body>${m[2] ?? ''}`);
    links.set(text, {
      href: decodeEntities(/\bhref="([^"]*)"/.exec(attributes)?.[1] ?? ''),
      current: /\baria-current="true"/.test(attributes),
    });
  }
  return links;
}

const PAGES = [
  { path: '/businesses', query: '' },
  { path: '/search', query: 'q=dentist&location=Springfield' },
  { path: '/city/Springfield', query: '' },
  { path: '/category/healthcare', query: '' },
];

const withQuery = (path: string, ...parts: string[]) => {
  const query = parts.filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
};

describe('the filter bar without JavaScript', () => {
  for (const { path, query } of PAGES) {
    it(`${path}: every filter and order is a link in the server HTML, the defaults marked current`, async () => {
      const res = await get(withQuery(path, query));
      expect(res.status).toBe(200);
      expect(res.text).toMatch(
        /<div id="result-filters" class="rfilters" role="group" aria-label="Filter and sort results"/,
      );
      const links = barLinks(res.text);
      expect(links.get('Open now')).toEqual({ href: withQuery(path, query, 'openNow=true'), current: false });
      expect(links.get('Verified only')?.href).toBe(withQuery(path, query, 'verified=true'));
      expect(links.get('4+ stars')?.href).toBe(withQuery(path, query, 'minRating=4'));
      expect(links.get('3.5+ stars')?.href).toBe(withQuery(path, query, 'minRating=3.5'));
      expect(links.get('Any')?.current).toBe(true);
      expect(links.get('Relevance')?.current).toBe(true);
      expect(links.get('Rating')?.href).toBe(withQuery(path, query, 'sort=rating'));
      expect(links.get('Reviews')?.href).toBe(withQuery(path, query, 'sort=reviews'));
      // Distance only with a point or a place: the search has a place, the others nothing here.
      expect(links.has('Distance')).toBe(path === '/search');
      expect(res.text).not.toContain('Active filters');
    });

    it(`${path}: a filtered, sorted view is noindex, follow with the canonical of the unfiltered page`, async () => {
      const res = await get(withQuery(path, query, 'openNow=true&minRating=4&sort=rating'));
      expect(res.status).toBe(200);
      expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
      const unfiltered = path === '/search' ? withQuery(path, query) : path;
      expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}${unfiltered}`);
      const links = barLinks(res.text);
      // The active choices are marked; choosing one again removes it; the others keep the rest.
      expect(links.get('Open now')).toEqual({
        href: withQuery(path, query, 'minRating=4&sort=rating'),
        current: true,
      });
      expect(links.get('4+ stars')?.current).toBe(true);
      expect(links.get('Any')).toEqual({
        href: withQuery(path, query, 'openNow=true&sort=rating'),
        current: false,
      });
      expect(links.get('Rating')?.current).toBe(true);
      expect(links.get('Relevance')?.href).toBe(withQuery(path, query, 'openNow=true&minRating=4'));
      // Active filters, each removable, and one link that clears them all.
      expect(links.get('Remove filter: Open now ×')?.href).toBe(
        withQuery(path, query, 'minRating=4&sort=rating'),
      );
      expect(links.get('Remove filter: Rated 4+ ×')?.href).toBe(
        withQuery(path, query, 'openNow=true&sort=rating'),
      );
      expect(links.get('Clear all filters')?.href).toBe(withQuery(path, query));
      // The count says what the filters keep.
      expect(visibleText(res.text)).toMatch(/businesses open now and rated 4\+/);
    });
  }

  it('starts again at page 1 when a filter changes, and paging keeps the filters', async () => {
    const res = await get('/city/Springfield?sort=reviews&page=2');
    expect(res.status).toBe(200);
    const links = barLinks(res.text);
    expect(links.get('Open now')?.href).toBe('/city/Springfield?openNow=true&sort=reviews');
    expect([...links.values()].every((link) => !link.href.includes('page='))).toBe(true);
    expect(pagerLinks(res.text)).toContain('/city/Springfield?sort=reviews');
    const first = await get('/city/Springfield?sort=reviews');
    expect(pagerLinks(first.text)).toContain('/city/Springfield?sort=reviews&page=2');
  });

  it('drops bad values: the page is the unfiltered one, and no link carries them', async () => {
    const res = await get('/city/Springfield?minRating=5&sort=price&openNow=yes&lat=200&lng=1');
    expect(res.status).toBe(200);
    expect(metaContent(res.text, 'robots')).toBe('index, follow');
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/city/Springfield`);
    const hrefs = [...barLinks(res.text).values()].map((link) => link.href).join(' ');
    expect(hrefs).not.toMatch(/minRating=5|price|openNow=yes|lat=/);
  });

  it('keeps the filters through a new search: hidden fields in the GET form', async () => {
    const res = await get('/search?q=dentist&location=Springfield&openNow=true&sort=distance');
    const form = /<form role="search"[\s\S]*?<\/form>/.exec(res.text)?.[0] ?? '';
    expect(form).toContain('<input type="hidden" name="openNow" value="true"/>');
    expect(form).toContain('<input type="hidden" name="sort" value="distance"/>');
    expect(barLinks(res.text).get('Distance')?.current).toBe(true);
  });
});

describe('the page asks the API with its filters', () => {
  const slugs = (businesses: { slug: string }[]) =>
    businesses.map((b) => `/details/${encodeURIComponent(b.slug)}`);

  it('browse: the cards are the API answer for the same filters and order', async () => {
    const filters = 'minRating=4&sort=reviews';
    const page = await get(`/businesses?${filters}`);
    const api = await get(`/api/businesses?limit=20&offset=0&${filters}`);
    expect(api.status).toBe(200);
    expect(cardLinks(page.text)).toEqual(slugs(api.body.businesses));
  });

  it('search: the cards are the API answer for the same filters and order', async () => {
    const query = 'q=dentist&location=Springfield&sort=rating&verified=true';
    const page = await get(`/search?${query}`);
    const api = await get(`/api/search?${query}&page=1`);
    expect(api.status).toBe(200);
    expect(cardLinks(page.text)).toEqual(slugs(api.body.businesses));
  });

  it('city and category: the cards are the API answer for the same order', async () => {
    const city = await get('/city/Springfield?sort=rating');
    const cityApi = await get('/api/city/Springfield?limit=20&offset=0&sort=rating');
    expect(cardLinks(city.text)).toEqual(slugs(cityApi.body));
    const category = await get('/category/healthcare?sort=reviews');
    const categoryApi = await get('/api/category/healthcare?limit=20&offset=0&sort=reviews');
    expect(cardLinks(category.text)).toEqual(slugs(categoryApi.body));
  });
});
