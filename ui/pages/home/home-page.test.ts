// The home page as the server renders it (§2 Home): meta tags, the search form that works without
// JavaScript, statistic tiles, 16 popular cities, 6 recommended businesses — and no skeletons.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business, PopularCity, Statistics } from '../../../server/contract/business.ts';
import {
  canonicalOf,
  createSiteTestEnv,
  jsonLdOf,
  metaContent,
  type SiteTestEnv,
  TEST_SITE_URL,
  titlesOf,
} from '../../../server/ssr/testing/site-test-env.ts';
import { abbreviateCount } from '../../format/counts.ts';
import { elementOf, linksOf, textOf } from '../../layout/testing/html.ts';

let site: SiteTestEnv;
let html: string;
let main: string;

beforeAll(async () => {
  site = await createSiteTestEnv({ businesses: 120, env: { SITE_NAME: 'Acme Local Finder' } });
  const res = await request(site.app).get('/').expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  html = res.text;
  main = elementOf(html, 'main', /<main\b/);
});

afterAll(async () => {
  await site?.dispose();
});

describe('home page meta', () => {
  it('has one title, a description, the canonical URL and is indexable', () => {
    expect(titlesOf(html)).toEqual(['Acme Local Finder – Find Local Businesses and Services']);
    expect(metaContent(html, 'description')).toMatch(/^Find local businesses and services near you/);
    expect(canonicalOf(html)).toBe(`${TEST_SITE_URL}/`);
    expect(metaContent(html, 'robots')).toBe('index, follow');
    expect(metaContent(html, 'og:url')).toBe(`${TEST_SITE_URL}/`);
  });

  it('describes the site as a WebSite in JSON-LD', () => {
    const blocks = jsonLdOf(html).map((block) => block.data);
    expect(blocks).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Acme Local Finder',
      url: `${TEST_SITE_URL}/`,
    });
  });
});

describe('hero search', () => {
  it('is a GET form to /search in a search landmark, with visible labels', () => {
    const form = elementOf(main, 'form', /<form\b/);
    const open = /<form\b[^>]*>/.exec(form)?.[0] ?? '';
    expect(open).toContain('role="search"');
    expect(open).toContain('action="/search"');
    expect(open).toContain('method="get"');
    for (const [label, name] of [
      ['What service do you need?', 'q'],
      ['Where are you located?', 'location'],
    ] as const) {
      const id = new RegExp(`<label for="([^"]+)">${label.replace('?', '\\?')}</label>`).exec(form)?.[1];
      expect(id, label).toBeTruthy();
      expect(form).toMatch(new RegExp(`<input id="${id}"[^>]*name="${name}"`));
    }
    expect(textOf(elementOf(form, 'button', /<button\b/))).toBe('Discover');
  });
});

describe('home content', () => {
  it('shows the four statistic tiles with abbreviated counts', async () => {
    const stats = (await request(site.app).get('/api/statistics').expect(200)).body as Statistics;
    const tiles = textOf(elementOf(main, 'dl', /<dl\b/));
    expect(tiles).toBe(
      [
        `Total Businesses ${abbreviateCount(stats.totalBusinesses)}`,
        `Verified Reviews ${abbreviateCount(stats.totalReviews)}`,
        `Categories ${abbreviateCount(stats.categories)}`,
        `Cities ${abbreviateCount(stats.totalCities)}`,
      ].join(' '),
    );
  });

  it('has the Why Choose section with six feature cards', () => {
    const section = elementOf(main, 'section', /<section\b[^>]*aria-labelledby="home-why-title"/);
    expect(textOf(elementOf(section, 'h2', /<h2\b/))).toBe('Why Choose Acme Local Finder');
    expect(section.match(/<h3\b/g)).toHaveLength(6);
  });

  it('links the first 16 popular cities with their counts, and all cities', async () => {
    const popular = (await request(site.app).get('/api/cities/popular').expect(200)).body as PopularCity[];
    expect(popular.length).toBeGreaterThan(16);
    const section = elementOf(main, 'section', /<section\b[^>]*aria-labelledby="home-cities-title"/);
    const expected = popular.slice(0, 16).map((city) => ({
      href: `/city/${encodeURIComponent(city.name)}`,
      text: `${city.name} ${city.businessCount.toLocaleString('en-US')} ${city.businessCount === 1 ? 'business' : 'businesses'}`,
    }));
    expect(linksOf(section)).toEqual([...expected, { href: '/cities', text: 'View All Cities' }]);
  });

  it('shows the first six recommended businesses as cards linking to their pages', async () => {
    const recommended = (await request(site.app).get('/api/businesses/recommended').expect(200))
      .body as Business[];
    expect(recommended.length).toBeGreaterThanOrEqual(6);
    const section = elementOf(main, 'section', /<section\b[^>]*aria-labelledby="home-recommended-title"/);
    const cardLinks = linksOf(section).filter((link) => link.href.startsWith('/details/'));
    expect(cardLinks).toEqual(
      recommended.slice(0, 6).map((b) => ({ href: `/details/${encodeURIComponent(b.slug)}`, text: b.name })),
    );
  });

  it('invites business owners to list their business and watch the demo', () => {
    const section = elementOf(main, 'section', /<section\b[^>]*aria-labelledby="home-owners-title"/);
    expect(textOf(elementOf(section, 'h2', /<h2\b/))).toBe('For Business Owners');
    expect(linksOf(section)).toEqual([
      { href: '/add-business', text: 'List Your Business' },
      { href: '/about#how-it-works', text: 'Watch Demo' },
    ]);
  });

  it('has no loading skeletons: the server has the data', () => {
    expect(html).not.toMatch(/class="[^"]*\b(skeleton|bskel)\b/);
    expect(html).not.toContain('Loading…');
  });

  it('arrives complete: no content held back for a script to reveal', () => {
    expect(html).not.toMatch(/<div hidden id="S:/);
    expect(html).not.toMatch(/<template id="B:/);
    // An executable inline script would need the nonce, and could not be kept in the page cache.
    expect(html).not.toMatch(/<script>/);
  });
});
