// Issue 16's filters and "Use my location" in a real browser: the filters and the order as plain links
// with JavaScript off (full page loads) and on (client-side navigation, the data fetched with the
// filters), removing and clearing them, 44px targets on a phone, "Use my location" with the
// permission granted (the same search near the point, rounded, sorted by distance) and denied (a
// polite message in a live region, the page still usable), and axe on the filtered views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { type BrowserSite, runAxe, startBrowserSite } from '../../testing/browser-harness.ts';
import { addBusinesses, indexForSearch } from '../../pages/browse/testing/list-html.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await startBrowserSite({ businesses: 120, env: { RESPONSE_CACHE: 'off' } });
  addBusinesses(site.database.sqlite, 25, { city: 'Springfield', category: 'Dentist' });
  indexForSearch(site.database.sqlite);
});

afterAll(async () => {
  await site?.dispose();
});

/** Photos and map tiles live on other hosts, which tests never reach: fail them at once. */
async function openPage(options?: BrowserContextOptions) {
  const tracked = await site.newPage(options);
  await tracked.page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const pageErrors = () =>
    tracked.errors.filter((e) => !/^Failed to load resource: .*\(https?:\/\/(?!127\.0\.0\.1)/.test(e));
  return { ...tracked, pageErrors };
}

const CHICAGO = { latitude: 41.8781136, longitude: -87.6297982 };
/** The choices (Open now, ratings, orders), not the active-filter chips below them. */
const choices = '#result-filters .rfilters__groups';

describe('filters and sort without JavaScript', () => {
  it('are plain links: each click loads the filtered page, marked, noindex, and Clear all goes back', async () => {
    const { page, close } = await openPage({ javaScriptEnabled: false });
    await page.goto('/city/Springfield');
    await page.locator(choices).getByRole('link', { name: 'Open now', exact: true }).click();
    await page.waitForURL('**/city/Springfield?openNow=true');
    expect(
      await page
        .locator(choices)
        .getByRole('link', { name: 'Open now', exact: true })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');

    await page.locator(choices).getByRole('link', { name: 'Reviews', exact: true }).click();
    await page.waitForURL('**/city/Springfield?openNow=true&sort=reviews');
    expect(
      await page
        .locator(choices)
        .getByRole('link', { name: 'Reviews', exact: true })
        .getAttribute('aria-current'),
    ).toBe('true');
    await page.locator(choices).getByRole('link', { name: '4+ stars', exact: true }).click();
    await page.waitForURL('**/city/Springfield?openNow=true&minRating=4&sort=reviews');
    expect(await page.locator('.rfilters__active').textContent()).toContain('Rated 4+');

    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await page.waitForURL((url) => url.pathname === '/city/Springfield' && url.search === '');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('index, follow');
    // No JavaScript, no "Use my location" button (it could not work).
    await page.goto('/search?q=dentist&location=Springfield');
    expect(await page.getByRole('button', { name: 'Use my location' }).count()).toBe(0);
    await close();
  });
});

describe('filters and sort with JavaScript', () => {
  it('navigate in the app, fetch the list with the filters, and keep focus usable', async () => {
    const { page, pageErrors, close } = await openPage();
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
    });
    await page.goto('/businesses?page=2', { waitUntil: 'networkidle' });
    // A marker that survives client-side navigation only (a full load would drop it).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.locator(choices).getByRole('link', { name: 'Open now', exact: true }).click();
    // Page 2 is left: a filter starts again at page 1.
    await page.waitForURL((url) => url.search === '?openNow=true');
    await expect
      .poll(() => page.locator('#browse-results .lists-count').textContent())
      .toMatch(/^(No businesses match\.|Showing .* businesses open now)$/);
    expect(apiCalls.some((call) => /^\/api\/businesses\?.*openNow=true/.test(call))).toBe(true);
    expect(apiCalls.some((call) => call.includes('offset=20'))).toBe(false);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(
      await page
        .locator(choices)
        .getByRole('link', { name: 'Open now', exact: true })
        .getAttribute('aria-current'),
    ).toBe('true');

    // Keyboard: Enter on a focused sort link.
    await page.locator(choices).getByRole('link', { name: 'Rating', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search === '?openNow=true&sort=rating');
    await expect.poll(() => apiCalls.some((call) => /openNow=true.*sort=rating/.test(call))).toBe(true);

    // Removing a filter: its link goes away, focus stays in the bar.
    await page.getByRole('link', { name: 'Remove filter: Open now' }).click();
    await page.waitForURL((url) => url.search === '?sort=rating');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('result-filters');
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await page.waitForURL((url) => url.pathname === '/businesses' && url.search === '');
    await expect.poll(() => page.locator('.rfilters__active').count()).toBe(0);

    // Back: the filtered view again, from the URL.
    await page.goBack();
    await page.waitForURL((url) => url.search === '?sort=rating');
    await expect
      .poll(() =>
        page.locator(choices).getByRole('link', { name: 'Rating', exact: true }).getAttribute('aria-current'),
      )
      .toBe('true');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('gives every choice a 44px target on a phone', async () => {
    const { page, close } = await openPage({ viewport: { width: 375, height: 800 }, isMobile: true });
    await page.goto('/category/healthcare?verified=true', { waitUntil: 'networkidle' });
    const heights = await page
      .locator('.rfilters__choice, .rfilters__chip')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(8);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    await close();
  });
});

describe('Use my location', () => {
  it('with permission: the same search near the point (3 decimals), sorted by distance', async () => {
    const { page, pageErrors, close } = await openPage({
      geolocation: CHICAGO,
      permissions: ['geolocation'],
    });
    await page.goto('/search?q=dentist&location=Springfield&openNow=true', { waitUntil: 'networkidle' });
    const searchCall = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/search');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.waitForURL(
      (url) =>
        url.search === '?q=dentist&location=Springfield&openNow=true&sort=distance&lat=41.878&lng=-87.63',
    );
    const asked = new URL((await searchCall).url()).searchParams;
    expect([asked.get('lat'), asked.get('lng'), asked.get('sort')]).toEqual(['41.878', '-87.63', 'distance']);
    await expect
      .poll(() =>
        page
          .locator(choices)
          .getByRole('link', { name: 'Distance', exact: true })
          .getAttribute('aria-current'),
      )
      .toBe('true');
    expect(await page.locator('.rfilters__active').textContent()).toContain('Near your location');
    // Each card with a distance in the answer shows it, in the unit of its country.
    const answer = await (await page.request.get(`/api/search?${asked.toString()}`)).json();
    const withDistance = (answer.businesses as { distanceKm?: number }[]).filter(
      (b) => b.distanceKm !== undefined,
    );
    await expect.poll(() => page.locator('.lists-cards .bcard__distance').count()).toBe(withDistance.length);
    for (const text of await page.locator('.lists-cards .bcard__distance').allTextContents())
      expect(text).toMatch(/^\d+\.\d (km|mi) away$/);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('from the empty search page: lists what is near, with its heading', async () => {
    const { page, close } = await openPage({ geolocation: CHICAGO, permissions: ['geolocation'] });
    await page.goto('/search', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.waitForURL((url) => url.search === '?sort=distance&lat=41.878&lng=-87.63');
    await expect.poll(() => page.locator('h1').textContent()).not.toBe('Search Local Businesses');
    await close();
  });

  it('denied: a polite message in a live region, and the page stays usable', async () => {
    const { page, pageErrors, close } = await openPage({ geolocation: CHICAGO, permissions: [] });
    await page.goto('/search?q=dentist&location=Springfield', { waitUntil: 'networkidle' });
    const status = page.locator('.rfilters__locate-status');
    expect(await status.getAttribute('role')).toBe('status');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/not shared/);
    expect(page.url()).toContain('/search?q=dentist&location=Springfield');
    expect(new URL(page.url()).searchParams.has('lat')).toBe(false);
    // Still usable: the filters and the form work.
    await page.locator(choices).getByRole('link', { name: 'Verified only', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('verified') === 'true');
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('accessibility of the filtered views', () => {
  for (const path of [
    '/businesses?openNow=true&minRating=4&sort=rating',
    '/search?q=dentist&location=Springfield&verified=true&sort=distance',
    '/search?sort=distance&lat=41.878&lng=-87.63',
    '/city/Springfield?minRating=3.5&sort=reviews',
    '/category/healthcare?openNow=true&verified=true',
  ]) {
    it(`axe finds no violation on ${path}, and it hydrates without refetching`, async () => {
      const { page, pageErrors, close } = await openPage();
      const apiCalls: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(req.url());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(apiCalls).toEqual([]);
      expect(await runAxe(page)).toEqual([]);
      expect(pageErrors()).toEqual([]);
      await close();
    });
  }
});
