// Issue 16 in a real browser: the unknown /business/:id page (404, Business Not Found, no reloads,
// with and without JavaScript), the city page's View Details buttons, the photo gallery, the nearby
// links (server HTML, then client-side navigation through the API), the open status in words, and axe
// on the detail page and a card list.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoveryRebuild } from '../../../db/discovery-index.ts';
import { type BrowserSite, runAxe, startBrowserSite } from '../../testing/browser-harness.ts';

const GROUP = 'browser-nearby-group';
// A 1×1 PNG served for the "remote" photos (tests never reach other hosts).
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let site: BrowserSite;
type Row = { id: number; slug: string; name: string };
let rows: Row[];

beforeAll(async () => {
  site = await startBrowserSite({ businesses: 20, env: { RESPONSE_CACHE: 'off' } });
  const sqlite = site.database.sqlite;
  rows = sqlite.prepare('SELECT id, slug, name FROM businesses ORDER BY id LIMIT 4').all() as Row[];
  const place = sqlite.prepare(
    `UPDATE businesses SET category_group = ?, latitude = ?, longitude = ?, country_code = 'GB',
       time_zone = 'Europe/London', business_status = 'OPERATIONAL' WHERE id = ?`,
  );
  place.run(GROUP, 51.5, -0.12, rows[0]!.id);
  place.run(GROUP, 51.52, -0.12, rows[1]!.id);
  place.run(GROUP, 51.51, -0.12, rows[2]!.id);
  sqlite
    .prepare('UPDATE businesses SET photos = ?, hours = NULL WHERE id = ?')
    .run(
      JSON.stringify([
        'https://images.example/one.png',
        'https://images.example/two.png',
        'https://images.example/broken.png',
      ]),
      rows[0]!.id,
    );
  // The writes above go straight to the table: index them as an import would.
  discoveryRebuild(sqlite);
});

afterAll(async () => {
  await site?.dispose();
});

async function openPage(options?: Parameters<BrowserSite['newPage']>[0]) {
  const tracked = await site.newPage(options);
  await tracked.page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    /\/broken\.png$/.test(route.request().url())
      ? route.abort()
      : route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  const pageErrors = () =>
    tracked.errors.filter((e) => !/^Failed to load resource: .*\(https?:\/\/(?!127\.0\.0\.1)/.test(e));
  return { ...tracked, pageErrors };
}

/** Document loads of the main frame (a reload counts; an in-page history change does not). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

describe('an unknown /business/:id', () => {
  it('with JavaScript: 404, Business Not Found, and no reload in 2 seconds', async () => {
    const { page, pageErrors, close } = await openPage();
    const loads = countDocumentLoads(page);
    const response = await page.goto('/business/999999', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    // The page's script has run (hydrated), and over the next 2 s nothing loads the document again.
    await page.waitForFunction(() => document.querySelectorAll('script[type="module"]').length > 0);
    await page.waitForTimeout(2_000);
    expect(loads()).toBe(1);
    expect(await page.locator('h1').textContent()).toBe('Business Not Found');
    expect(await page.getByRole('link', { name: 'Back to Home' }).count()).toBe(1);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('without JavaScript: 404 and the same text', async () => {
    const { page, close } = await openPage({ javaScriptEnabled: false });
    const response = await page.goto('/business/not-a-number');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Business Not Found');
    expect(await page.locator('main').textContent()).toContain(
      "The business you're looking for doesn't exist or may have been removed.",
    );
    await close();
  });

  it('a known id still redirects to its page', async () => {
    const { page, close } = await openPage();
    await page.goto(`/business/${rows[1]!.id}`);
    expect(new URL(page.url()).pathname).toBe(`/details/${rows[1]!.slug}`);
    await close();
  });
});

describe('the city page', () => {
  it('gives each card a View Details button that opens the business, and passes axe', async () => {
    const { page, pageErrors, close } = await openPage();
    const city = site.database.sqlite
      .prepare('SELECT city FROM businesses WHERE id = ?')
      .pluck()
      .get(rows[3]!.id);
    await page.goto(`/city/${encodeURIComponent(String(city))}`, { waitUntil: 'networkidle' });
    const cards = page.locator('article.bcard');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /^View Details about / }).count()).toBe(count);
    const first = cards.first();
    const name = (await first.locator('.bcard__link').textContent()) ?? '';
    const button = first.getByRole('link', { name: `View Details about ${name}` });
    expect(await button.getAttribute('href')).toBe(await first.locator('.bcard__link').getAttribute('href'));
    expect(await runAxe(page)).toEqual([]);
    // Reached with the keyboard and followed with Enter.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('the detail page', () => {
  it('shows the gallery: lazy thumbnails, sized, described, keyboard links, a broken one replaced', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto(`/details/${rows[0]!.slug}`, { waitUntil: 'networkidle' });
    const gallery = page.getByRole('region', { name: 'Photos' });
    const images = gallery.locator('img');
    expect(await images.count()).toBe(3);
    for (const img of await images.all()) {
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(await img.getAttribute('width')).toBe('400');
      expect(await img.getAttribute('height')).toBe('300');
    }
    await gallery.scrollIntoViewIfNeeded();
    // The broken photo falls back to the category's picture, as decoration and no longer a link.
    await expect
      .poll(() => images.nth(2).getAttribute('src'), { timeout: 10_000 })
      .toMatch(/^\/images\/categories\//);
    expect(await images.nth(2).getAttribute('alt')).toBe('');
    const links = gallery.getByRole('link');
    expect(await links.count()).toBe(2);
    expect(await links.nth(0).getAttribute('href')).toBe('https://images.example/one.png');
    expect(await gallery.getByRole('link', { name: `${rows[0]!.name}, photo 2 of 3` }).count()).toBe(1);
    await expect
      .poll(() => images.nth(0).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // Tab from the gallery's first link reaches its second.
    await links.nth(0).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
      'https://images.example/two.png',
    );
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('says Hours not listed beside the Closed badge of a business without hours, after hydration too', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto(`/details/${rows[0]!.slug}`, { waitUntil: 'networkidle' });
    const badges = page.locator('.bdetail__badges');
    expect(await badges.locator('.bbadge--unknown').textContent()).toBe('Closed');
    expect(await badges.locator('.bstatus').textContent()).toBe('Hours not listed');
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('links nearby businesses nearest first, without JavaScript and by client-side navigation', async () => {
    const noScript = await openPage({ javaScriptEnabled: false });
    await noScript.page.goto(`/details/${rows[0]!.slug}`);
    const nearbyNames = await noScript.page.locator('.bnearby__link').allTextContents();
    expect(nearbyNames).toEqual([rows[2]!.name, rows[1]!.name]);
    await noScript.close();

    const { page, pageErrors, close } = await openPage();
    await page.goto(`/details/${rows[0]!.slug}`, { waitUntil: 'networkidle' });
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(req.url()).pathname);
    });
    await page.getByRole('link', { name: rows[2]!.name, exact: true }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(rows[2]!.name);
    // The next page's own nearby list comes from the endpoint; it names the first business.
    await expect.poll(() => page.locator('.bnearby__link').allTextContents()).toContain(rows[0]!.name);
    expect(apiCalls).toContain(`/api/businesses/${rows[2]!.id}/nearby`);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('has no accessibility violations with the gallery, the nearby list and the status words', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto(`/details/${rows[0]!.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Photos' }).scrollIntoViewIfNeeded();
    expect(await page.locator('.bnearby__link').count()).toBe(2);
    expect(await runAxe(page)).toEqual([]);
    expect(pageErrors()).toEqual([]);
    await close();
  });
});
