// Server-render tests of the business detail page: status, head tags, structured data, the visible
// content, the 404 view and the /business/:id redirect, through the whole app.
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

const HOSTILE_NAME = 'Evil </script><img src=x onerror=alert(1)> Co\u2028Ltd';

let env: SiteTestEnv;
let plain: { id: number; slug: string; name: string };
let hostile: { id: number; slug: string };

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 12 });
  const rows = env.database.sqlite
    .prepare('SELECT id, slug, name FROM businesses ORDER BY id LIMIT 2')
    .all() as {
    id: number;
    slug: string;
    name: string;
  }[];
  plain = rows[0]!;
  hostile = rows[1]!;
  env.database.sqlite
    .prepare(
      `UPDATE businesses SET category = 'Dentist', phone = '+1 505-977-2215', phone_international = '+15059772215',
         latitude = 35.0898146, longitude = -106.6799015, time_zone = 'America/Denver', business_status = 'OPERATIONAL',
         photos = '["https://images.example/p/1.jpg"]', website = 'https://smile.example/', email = 'hi@smile.example',
         hours = ?, about = ?, seo_title = NULL, seo_description = NULL
       WHERE id = ?`,
    )
    .run(
      JSON.stringify({
        monday: [{ open: '09:00', close: '17:00' }],
        friday: [{ open: '18:00', close: '02:00' }],
        sunday: [{ open: '00:00', close: '24:00' }],
        saturday: [],
      }),
      'First paragraph of the generated text.\n\nSecond paragraph.',
      plain.id,
    );
  env.database.sqlite
    .prepare(
      `UPDATE businesses SET name = ?, category = 'Car repair', description = ?, photos = ?, website = ?,
         email = ?, hours = NULL, seo_title = NULL, seo_description = NULL, about = NULL WHERE id = ?`,
    )
    .run(
      HOSTILE_NAME,
      '<script>alert(2)</script>',
      JSON.stringify(['javascript:alert(3)']),
      'javascript:alert(4)',
      'a@b.example?bcc=c@d.example',
      hostile.id,
    );
});

afterAll(async () => {
  await env?.dispose();
});

describe('GET /details/:slug', () => {
  it('answers 200 with one title, description, canonical and Open Graph tags', async () => {
    const res = await request(env.app).get(`/details/${plain.slug}`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(titlesOf(html)).toEqual([
      `${plain.name} – Dentist in ${cityOf(plain.id)} | Local Business Directory`,
    ]);
    const canonical = `${TEST_SITE_URL}/details/${plain.slug}`;
    expect(canonicalOf(html)).toBe(canonical);
    expect(metaContent(html, 'robots')).toBe('index, follow');
    expect(metaContent(html, 'description')).toMatch(new RegExp(`^${escapeRegExp(plain.name)}: Dentist in `));
    expect(metaContent(html, 'og:type')).toBe('business.business');
    expect(metaContent(html, 'og:url')).toBe(canonical);
    expect(metaContent(html, 'og:image')).toBe('https://images.example/p/1.jpg');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('carries LocalBusiness and BreadcrumbList JSON-LD without aggregateRating or a raw "<"', async () => {
    const html = (await request(env.app).get(`/details/${plain.slug}`)).text;
    const blocks = jsonLdOf(html);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(block.raw).not.toContain('<');
    const business = blocks[0]!.data;
    expect(business['@type']).toBe('Dentist');
    expect(business).toMatchObject({
      name: plain.name,
      url: `${TEST_SITE_URL}/details/${plain.slug}`,
      image: 'https://images.example/p/1.jpg',
      telephone: '+15059772215',
      address: { '@type': 'PostalAddress', addressLocality: cityOf(plain.id) },
      geo: { '@type': 'GeoCoordinates', latitude: 35.0898146, longitude: -106.6799015 },
    });
    expect(business.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday'], opens: '09:00', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '18:00', closes: '02:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '00:00', closes: '23:59' },
    ]);
    expect(blocks[0]!.raw).not.toMatch(/aggregateRating|"review"/);
    const crumbs = blocks[1]!.data as { '@type': string; itemListElement: { name: string; item: string }[] };
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.map((item) => item.name)).toEqual([
      'Home',
      cityOf(plain.id),
      'Dentist',
      plain.name,
    ]);
    expect(crumbs.itemListElement.map((item) => item.item)).toEqual([
      `${TEST_SITE_URL}/`,
      `${TEST_SITE_URL}/city/${encodeURIComponent(cityOf(plain.id))}`,
      `${TEST_SITE_URL}/category/dentist`,
      `${TEST_SITE_URL}/details/${plain.slug}`,
    ]);
  });

  it('shows the business: breadcrumb, hero, about, hours, actions, location and the ad slot', async () => {
    const html = (await request(env.app).get(`/details/${plain.slug}`)).text;
    expect(html).toContain('<nav aria-label="Breadcrumb"');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(plain.name)}</h1>`));
    // The hero photo is the page's largest paint: eager, high priority, with its size.
    expect(html).toMatch(
      /<img class="bdetail__img" src="https:\/\/images\.example\/p\/1\.jpg"[^>]*width="400" height="300" loading="eager"[^>]*fetchPriority="high"/,
    );
    expect(html).toContain('aria-label="Rated');
    expect(html).toContain('href="tel:+15059772215">Call Now</a>');
    expect(html).toContain('<p>First paragraph of the generated text.</p><p>Second paragraph.</p>');
    expect(html).toContain('Why Choose Us');
    expect(html).toMatch(/<dt>Monday<\/dt><dd>9:00 AM – 5:00 PM<\/dd>/);
    expect(html).toMatch(/<dt>Sunday<\/dt><dd>Open 24 hours<\/dd>/);
    // "Today" depends on the visitor's clock: only after hydration, never in the server's HTML.
    expect(html).not.toContain('bhours__row--today');
    expect(html).toContain(
      'href="https://www.google.com/maps/dir/?api=1&amp;destination=35.0898146%2C-106.6799015"',
    );
    expect(html).toContain('href="mailto:hi@smile.example">Send Message</a>');
    expect(html).toMatch(/href="https:\/\/smile\.example\/" rel="ugc nofollow noopener"/);
    expect(html).toContain('>View on Map</a>');
    expect(html).toContain('<aside class="bdetail-ad" aria-label="Advertisement">');
    expect(html).not.toContain('bskel');
  });

  it('keeps imported hostile text inert and drops unsafe URLs', async () => {
    const res = await request(env.app).get(`/details/${hostile.slug}`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    // The page data (an inert JSON block for hydration) carries the raw values; no attribute may.
    const markup = html.replace(/<script id="page-data"[\s\S]*?<\/script>/, '');
    expect(markup).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/(?:href|src)="\s*javascript:/i);
    // Not one plain address: no Send Message at all (the footer has the site's own mailto: link).
    expect(html).not.toContain('mailto:a@b.example');
    expect(html).not.toContain('Send Message');
    // U+2028 is plain text in HTML; inside a script element (JSON-LD, page data) it must be escaped.
    const scripts = [
      ...html.matchAll(/<script\b[^>]*type="application\/(?:ld\+)?json"[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThanOrEqual(3); // two JSON-LD blocks and the page data
    for (const script of scripts) expect(script).not.toMatch(/[\u2028\u2029<]/);
    expect(titlesOf(html)[0]).toContain('Evil </script><img src=x onerror=alert(1)> Co');
    const [business] = jsonLdOf(html);
    expect(business!.raw).not.toMatch(/[<>]/);
    expect(business!.data.name).toBe(HOSTILE_NAME);
    expect(business!.data['@type']).toBe('AutoRepair');
    // No usable photo: the category's default picture, absolute for link previews.
    expect(business!.data.image).toBe(`${TEST_SITE_URL}/images/categories/auto-service.svg`);
    expect(metaContent(html, 'og:image')).toBe(`${TEST_SITE_URL}/images/categories/auto-service.svg`);
    expect(html).toContain('src="/images/categories/auto-service.svg"');
  });

  it('answers an unknown slug with 404 and the not-found view', async () => {
    const res = await request(env.app).get('/details/no-such-business-here');
    expect(res.status).toBe(404);
    expect(titlesOf(res.text)).toEqual(['Business Not Found | Local Business Directory']);
    expect(res.text).toContain('<h1>Business Not Found</h1>');
    expect(res.text).toContain(
      'The business you&#x27;re looking for doesn&#x27;t exist or may have been removed.',
    );
    expect(res.text).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(metaContent(res.text, 'robots')).toBe('noindex, follow');
    expect(canonicalOf(res.text)).toBeUndefined();
  });
});

describe('GET /business/:id', () => {
  it('redirects permanently to the canonical /details/{slug}', async () => {
    const res = await request(env.app).get(`/business/${plain.id}`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/details/${plain.slug}`);
  });

  it('answers 404 for an id that does not exist', async () => {
    expect((await request(env.app).get('/business/999999')).status).toBe(404);
    expect((await request(env.app).get('/business/abc')).status).toBe(404);
  });
});

function cityOf(id: number): string {
  return env.database.sqlite.prepare('SELECT city FROM businesses WHERE id = ?').pluck().get(id) as string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
