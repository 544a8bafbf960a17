// The site shell as the server renders it: header, drawer, footer and toast region on a public page,
// with the brand, contact details and header cities taken from configuration.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopularCity, Statistics } from '../../server/contract/business.ts';
import { createSiteTestEnv, type SiteTestEnv } from '../../server/ssr/testing/site-test-env.ts';
import { abbreviateCount } from '../format/counts.ts';
import { elementOf, linksOf, textOf } from './testing/html.ts';

const env = {
  SITE_NAME: 'Acme Local Finder',
  CONTACT_EMAIL: 'hello@acme-finder.test',
  CONTACT_PHONE: '+44 20 7946 0958',
  HEADER_CITIES: 'Bristol, Leeds',
};

let site: SiteTestEnv;
let html: string;

beforeAll(async () => {
  site = await createSiteTestEnv({ businesses: 80, env });
  // The About page: a page of the layout whose own content has no data of its own.
  const res = await request(site.app).get('/about').expect(200);
  html = res.text;
});

afterAll(async () => {
  await site?.dispose();
});

describe('header', () => {
  it('starts with a skip link to the main content, which the page provides', () => {
    const body = html.slice(html.indexOf('<body'));
    const firstLink = linksOf(body)[0];
    expect(firstLink).toEqual({ href: '#main', text: 'Skip to main content' });
    expect(html).toMatch(/<main\b[^>]*\bid="main"/);
  });

  it('links the configured brand home and has the menu of §2', () => {
    const header = elementOf(html, 'header', /<header\b[^>]*class="site-header"/);
    const links = linksOf(header);
    expect(links[0]).toEqual({ href: '/', text: env.SITE_NAME });
    const nav = elementOf(header, 'nav', /<nav\b[^>]*aria-label="Main"/);
    expect(linksOf(nav)).toEqual([
      { href: '/', text: 'Home' },
      { href: '/businesses', text: 'Browse Businesses' },
      { href: '/category/restaurants', text: 'Restaurants' },
      { href: '/category/healthcare', text: 'Healthcare' },
      { href: '/category/auto-services', text: 'Auto Services' },
      { href: '/category/beauty-wellness', text: 'Beauty & Wellness' },
      { href: '/category/home-services', text: 'Home Services' },
      { href: '/category/professional-services', text: 'Professional Services' },
      { href: '/city/Bristol', text: 'Bristol' },
      { href: '/city/Leeds', text: 'Leeds' },
      { href: '/cities', text: 'View All Cities' },
      { href: '/about', text: 'About' },
      { href: '/contact', text: 'Contact' },
    ]);
  });

  it('renders the submenus as closed disclosures whose links work without JavaScript', () => {
    const header = elementOf(html, 'header', /<header\b[^>]*class="site-header"/);
    const menus = [...header.matchAll(/<details\b([^>]*)>\s*<summary\b[^>]*>([\s\S]*?)<\/summary>/g)];
    expect(menus.map((m) => textOf(m[2] ?? ''))).toEqual(['Categories', 'Cities']);
    for (const menu of menus) expect(menu[1]).not.toMatch(/\bopen\b/);
  });

  it('has a Search link and a menu button that controls the drawer', () => {
    const header = elementOf(html, 'header', /<header\b[^>]*class="site-header"/);
    expect(linksOf(header)).toContainEqual({ href: '/businesses', text: 'Search' });
    const button = /<button\b[^>]*aria-controls="([^"]+)"[^>]*>/.exec(header);
    expect(button?.[0]).toContain('aria-expanded="false"');
    expect(button?.[0]).toContain('aria-label="Menu"');
    const drawer = elementOf(html, 'div', new RegExp(`<div\\b[^>]*id="${button?.[1]}"`));
    expect(drawer).toContain('role="dialog"');
    expect(drawer).toContain('aria-modal="true"');
    expect(linksOf(drawer).map((l) => l.href)).toEqual([
      '/',
      '/businesses',
      '/category/restaurants',
      '/category/healthcare',
      '/category/auto-services',
      '/category/beauty-wellness',
      '/category/home-services',
      '/category/professional-services',
      '/city/Bristol',
      '/city/Leeds',
      '/cities',
      '/about',
      '/contact',
      '/add-business',
    ]);
  });
});

describe('footer', () => {
  let footer: string;
  beforeAll(() => {
    footer = elementOf(html, 'footer', /<footer\b/);
  });

  it('shows the disclaimer, the configured contact e-mail and phone, and the copyright', () => {
    const text = textOf(footer);
    expect(text).toContain('collected from public online sources');
    expect(text).toContain('free of charge and may be inaccurate');
    expect(linksOf(footer)).toContainEqual({ href: `mailto:${env.CONTACT_EMAIL}`, text: env.CONTACT_EMAIL });
    expect(linksOf(footer)).toContainEqual({ href: 'tel:+442079460958', text: env.CONTACT_PHONE });
    expect(text).toContain(`© 2025 ${env.SITE_NAME}`);
  });

  it('links the eight popular categories', () => {
    const nav = elementOf(footer, 'nav', /<nav\b[^>]*aria-labelledby="footer-categories"/);
    expect(linksOf(nav)).toEqual([
      { href: '/category/restaurants', text: 'Restaurants' },
      { href: '/category/healthcare', text: 'Healthcare' },
      { href: '/category/auto-services', text: 'Auto Services' },
      { href: '/category/beauty-wellness', text: 'Beauty & Wellness' },
      { href: '/category/home-services', text: 'Home Services' },
      { href: '/category/professional-services', text: 'Professional Services' },
      { href: '/category/education', text: 'Education' },
      { href: '/category/entertainment', text: 'Entertainment' },
    ]);
  });

  it('links the first eight popular cities, URL-encoded', async () => {
    const popular = (await request(site.app).get('/api/cities/popular').expect(200)).body as PopularCity[];
    expect(popular.length).toBeGreaterThan(8);
    const nav = elementOf(footer, 'nav', /<nav\b[^>]*aria-labelledby="footer-cities"/);
    expect(linksOf(nav)).toEqual(
      popular
        .slice(0, 8)
        .map((city) => ({ href: `/city/${encodeURIComponent(city.name)}`, text: city.name })),
    );
    expect(linksOf(nav).some((link) => link.href.includes('%20'))).toBe(true);
  });

  it('links the fixed pages and the sitemap', () => {
    const nav = elementOf(footer, 'nav', /<nav\b[^>]*aria-labelledby="footer-pages"/);
    expect(linksOf(nav)).toEqual([
      { href: '/cities', text: 'All Cities' },
      { href: '/about', text: 'About Us' },
      { href: '/contact', text: 'Contact' },
      { href: '/add-business', text: 'Add Your Business' },
      { href: '/advertise', text: 'Advertise With Us' },
      { href: '/privacy-policy', text: 'Privacy Policy' },
      { href: '/terms-of-service', text: 'Terms of Service' },
      { href: '/sitemap.xml', text: 'Sitemap' },
    ]);
  });

  it('shows the statistics, abbreviated', async () => {
    const stats = (await request(site.app).get('/api/statistics').expect(200)).body as Statistics;
    const block = textOf(elementOf(footer, 'dl', /<dl\b/));
    expect(block).toBe(
      [
        `Businesses ${abbreviateCount(stats.totalBusinesses)}`,
        `Cities ${abbreviateCount(stats.totalCities)}`,
        `Categories ${abbreviateCount(stats.categories)}`,
        `Reviews ${abbreviateCount(stats.totalReviews)}`,
      ].join(' '),
    );
    expect(stats.totalReviews).toBeGreaterThan(1000);
    expect(block).toMatch(/Reviews \d+k$/);
  });
});

describe('toast region', () => {
  it('is in the server HTML, empty, with a status live region and an alert region', () => {
    const region = elementOf(html, 'section', /<section\b[^>]*class="toast-region"/);
    expect(region).toContain('aria-label="Notifications (F8)"');
    expect(region).toContain('tabindex="-1"');
    expect(region).toMatch(/<div role="status" aria-live="polite" aria-atomic="true"><\/div>/);
    expect(region).toMatch(/<div role="alert" aria-atomic="true"><\/div>/);
  });
});
