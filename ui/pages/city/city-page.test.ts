// Server render of the city page: status, head tags, paging (20 a page, each page its own canonical),
// the 404s of §2 and escaping of hostile names from the URL and from imported data.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteBusiness } from '../../../server/domain/businesses/admin-businesses.ts';
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

let env: SiteTestEnv;
const HOSTILE_CITY = '</script><img src=x onerror=alert(1)>\u2028Town';

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 300 });
  // 25 businesses in one city: two pages of 20. And one in a city named to break out of markup.
  addBusinesses(env.database.sqlite, 25, { city: 'Springfield', state: 'IL' });
  addBusinesses(
    env.database.sqlite,
    1,
    { city: HOSTILE_CITY, name: 'Hostile <b>Bakery</b>' },
    { firstIndex: 200_000 },
  );
});

afterAll(async () => {
  await env?.dispose();
});

const get = (path: string) => request(env.app).get(path);

async function apiSlugs(city: string, limit: number, offset: number): Promise<string[]> {
  const res = await get(`/api/city/${encodeURIComponent(city)}?limit=${limit}&offset=${offset}`);
  return (res.body as { slug: string }[]).map((b) => `/details/${encodeURIComponent(b.slug)}`);
}

describe('city page', () => {
  it('renders the first page complete: title, canonical, heading, count, badge, 20 cards, breadcrumbs', async () => {
    const res = await get('/city/Springfield');
    expect(res.status).toBe(200);
    expect(titlesOf(res.text)).toEqual([
      'Businesses in Springfield | Local Services & Companies | Local Business Directory',
    ]);
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/city/Springfield`);
    expect(metaContent(res.text, 'robots')).toBe('index, follow');
    expect(metaContent(res.text, 'description')).toContain('Springfield');
    expect(h1Of(res.text)).toBe('Businesses in Springfield');
    const text = visibleText(res.text);
    expect(text).toContain('25 Results');
    expect(text).toContain('Showing 1–20 of 25 businesses');
    expect(cardLinks(res.text)).toEqual(await apiSlugs('Springfield', 20, 0));
    expect(hasSkeletons(res.text)).toBe(false);

    const [crumbs] = jsonLdOf(res.text).map((b) => b.data);
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${TEST_SITE_URL}/` },
        { position: 2, name: 'Springfield', item: `${TEST_SITE_URL}/city/Springfield` },
      ],
    });
  });

  it('links the pages with real URLs, and page 2 shows the next businesses with its own canonical', async () => {
    const first = await get('/city/Springfield');
    expect(pagerLinks(first.text)).toEqual(['/city/Springfield?page=2', '/city/Springfield?page=2']);

    const second = await get('/city/Springfield?page=2');
    expect(second.status).toBe(200);
    expect(canonicalOf(second.text)).toBe(`${TEST_SITE_URL}/city/Springfield?page=2`);
    expect(titlesOf(second.text)[0]).toContain('Page 2');
    expect(visibleText(second.text)).toContain('Showing 21–25 of 25 businesses');
    const cards = cardLinks(second.text);
    expect(cards).toHaveLength(5);
    expect(cards).toEqual(await apiSlugs('Springfield', 20, 20));
    expect(cards.some((link) => cardLinks(first.text).includes(link))).toBe(false);
    expect(pagerLinks(second.text)).toEqual(['/city/Springfield', '/city/Springfield']);
  });

  it("uses the city's name as the data spells it, whatever the URL's case", async () => {
    const res = await get('/city/springfield');
    expect(res.status).toBe(200);
    expect(h1Of(res.text)).toBe('Businesses in Springfield');
    expect(canonicalOf(res.text)).toBe(`${TEST_SITE_URL}/city/Springfield`);
  });

  it('decodes the name from the URL (New%20York)', async () => {
    const [top] = (await get('/api/cities/popular')).body as { name: string }[];
    const res = await get(`/city/${encodeURIComponent(top!.name)}`);
    expect(res.status).toBe(200);
    expect(h1Of(res.text)).toBe(`Businesses in ${top!.name}`);
  });

  it('answers 404 with the not-found view for an unknown city', async () => {
    const res = await get('/city/Atlantis');
    expect(res.status).toBe(404);
    expect(titlesOf(res.text)[0]).toContain('City Not Found');
    expect(h1Of(res.text)).toBe('City Not Found');
    expect(visibleText(res.text)).toContain(
      "The city you're looking for doesn't exist or has no businesses.",
    );
    expect(visibleText(res.text)).toContain('Back to Home');
    expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
    expect(canonicalOf(res.text)).toBeUndefined();
    expect(jsonLdOf(res.text)).toEqual([]);
  });

  it('answers 404 for a city whose last business was deleted', async () => {
    addBusinesses(env.database.sqlite, 1, { city: 'Ghost Town' }, { firstIndex: 300_000 });
    expect((await get('/city/Ghost%20Town')).status).toBe(200);
    const [only] = (await get('/api/city/Ghost%20Town')).body as { id: number }[];
    await deleteBusiness(env.database.store, only!.id, { actor: 'test' });
    const res = await get('/city/Ghost%20Town');
    expect(res.status).toBe(404);
    expect(h1Of(res.text)).toBe('City Not Found');
  });

  it('answers 404 for a blank name and for page numbers out of range or not numbers', async () => {
    expect((await get('/city/%20')).status).toBe(404);
    for (const page of ['3', '0', '-1', 'abc', '1.5', '99999999999']) {
      const res = await get(`/city/Springfield?page=${page}`);
      expect(res.status, page).toBe(404);
      expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
    }
  });

  it('renders a hostile name from the URL as inert text', async () => {
    const res = await get(`/city/${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<img src=x');
  });

  it('renders a hostile city name from the data as inert text, in the page and in its JSON-LD', async () => {
    const res = await get(`/city/${encodeURIComponent(HOSTILE_CITY)}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).not.toContain('<b>Bakery');
    expect(h1Of(res.text)).toBe(`Businesses in ${HOSTILE_CITY.replace(/\s+/g, ' ')}`);
    for (const block of jsonLdOf(res.text)) {
      expect(block.raw).not.toMatch(/[<\u2028]/);
      expect(JSON.stringify(block.data)).toContain('onerror');
    }
  });
});
