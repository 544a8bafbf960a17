// The static pages as the server renders them: each its own title, description and canonical URL,
// indexable, with the texts §1 requires and the contact details from configuration.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalOf,
  createSiteTestEnv,
  metaContent,
  type SiteTestEnv,
  TEST_SITE_URL,
  titlesOf,
} from '../../../server/ssr/testing/site-test-env.ts';
import { elementOf, linksOf, textOf } from '../../layout/testing/html.ts';

const SITE_NAME = 'Acme Local Finder';
const CONTACT_EMAIL = 'support@acme-finder.test';
const CONTACT_PHONE = '+1 (212) 555-0100';

let site: SiteTestEnv;
const pages = new Map<string, string>();

const PAGES = [
  { path: '/about', heading: 'About Us' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/advertise', heading: 'Advertise With Us' },
] as const;

beforeAll(async () => {
  site = await createSiteTestEnv({
    businesses: 20,
    env: { SITE_NAME, CONTACT_EMAIL, CONTACT_PHONE },
  });
  for (const { path } of PAGES) pages.set(path, (await request(site.app).get(path).expect(200)).text);
});

afterAll(async () => {
  await site?.dispose();
});

const mainText = (path: string) => textOf(elementOf(pages.get(path) ?? '', 'main', /<main\b/));
const mainLinks = (path: string) => linksOf(elementOf(pages.get(path) ?? '', 'main', /<main\b/));

describe.each(PAGES)('$path', ({ path, heading }) => {
  it('has one title, its own description and canonical URL, and is indexable', () => {
    const html = pages.get(path) ?? '';
    expect(titlesOf(html)).toEqual([`${heading} | ${SITE_NAME}`]);
    expect(canonicalOf(html)).toBe(`${TEST_SITE_URL}${path}`);
    expect(metaContent(html, 'robots')).toBe('index, follow');
    expect(metaContent(html, 'description')?.length).toBeGreaterThan(50);
    expect(textOf(elementOf(html, 'h1', /<h1\b/))).toBe(heading);
  });
});

describe('static page texts', () => {
  it('gives every page a different description', () => {
    const descriptions = PAGES.map(({ path }) => metaContent(pages.get(path) ?? '', 'description'));
    expect(new Set(descriptions).size).toBe(PAGES.length);
  });

  it('About has the "How it works" section the home page’s Watch Demo links to', () => {
    expect(pages.get('/about')).toMatch(/<section id="how-it-works"/);
    expect(mainText('/about')).toContain('collected from public online sources');
  });

  it('Contact shows the configured e-mail and phone and the support promise', () => {
    expect(mainLinks('/contact')).toEqual(
      expect.arrayContaining([
        { href: `mailto:${CONTACT_EMAIL}`, text: CONTACT_EMAIL },
        { href: 'tel:+12125550100', text: CONTACT_PHONE },
      ]),
    );
    expect(mainText('/contact')).toContain('replies within 24 hours on business days');
  });

  it('About and Contact say that a submission is reviewed before it appears (decision 0022)', () => {
    expect(mainText('/about')).toContain('we review every submission before it is published');
    expect(mainText('/contact')).toContain('we review every submission before it appears on the site');
  });

  it('Privacy Policy was last updated January 28, 2025 and mentions the analytics service', () => {
    const text = mainText('/privacy-policy');
    expect(text).toContain('Last updated: January 28, 2025');
    expect(text).toContain('We use an analytics service');
  });

  it('Terms of Service has the content §1 lists', () => {
    const text = mainText('/terms-of-service');
    expect(text).toContain('Last updated 28 January 2025');
    for (const phrase of [
      // Permitted uses
      'search for and view business information',
      'contact the businesses listed',
      'submit accurate listings',
      'legitimate business purposes',
      // Prohibited uses
      'false or misleading information',
      'scrape or harvest the service by automated means',
      'disrupt or interfere with the service',
      'for any illegal purpose',
      'attempt unauthorised access',
      // Accuracy, liability, termination, changes, support
      'We do not guarantee that any listing is accurate',
      'limited to the amount you paid us in the twelve months before the claim',
      'terminate your access to the service at any time, without notice',
      'We may change these terms at any time',
      'continued use of the service after a change means that you accept the new terms',
      'We reply within 24 hours on business days',
    ])
      expect(text).toContain(phrase);
  });

  it('Advertise With Us offers the 300×250 slot and gives the contact e-mail', () => {
    const text = mainText('/advertise');
    expect(text).toContain('300×250');
    expect(mainLinks('/advertise').some((link) => link.href.startsWith(`mailto:${CONTACT_EMAIL}?`))).toBe(
      true,
    );
  });
});
