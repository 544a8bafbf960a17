// The results map in a real browser, never reaching a tile server (there is no network): the tile
// host, a configured one, answers a local 1×1 PNG, or fails. Proves: Leaflet's chunk is not
// downloaded until the map scrolls into view; one marker per business with coordinates, named by
// the business; the keyboard opens a card and leaves the map; the details page has one marker;
// failed tiles are said and the markers stay; reduced motion turns the animations off; without
// JavaScript the list and the View on Map link remain and no empty box shows; the CSP allows the
// tile host; axe finds nothing with the map open.
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinesses, indexForSearch } from '../../pages/browse/testing/list-html.ts';
import { type BrowserSite, runAxe, startBrowserSite } from '../../testing/browser-harness.ts';

const TILE_HOST = 'https://tiles.map-test.example';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SEARCH = '/search?location=Springfield';
const LEAFLET_CHUNK = /\/assets\/leaflet-map-[\w-]+\.js$/;

let site: BrowserSite;
/** The businesses of the search page, in order, and which have coordinates. */
let located: string[];
let unlocated: string[];
let detailSlug: string;

beforeAll(async () => {
  site = await startBrowserSite({
    businesses: 0,
    env: {
      RESPONSE_CACHE: 'off',
      MAP_TILE_URL: `${TILE_HOST}/{z}/{x}/{y}.png`,
      MAP_ATTRIBUTION: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
    },
  });
  const { sqlite } = site.database;
  addBusinesses(sqlite, 12, { city: 'Springfield', category: 'Dentist' });
  // Distinct names and points spread over the city; every fourth has no coordinates.
  const ids = sqlite.prepare('SELECT id FROM businesses ORDER BY id').pluck().all() as number[];
  const update = sqlite.prepare('UPDATE businesses SET name = ?, latitude = ?, longitude = ? WHERE id = ?');
  ids.forEach((id, i) => {
    const coordinates = i % 4 === 3 ? [null, null] : [39.78 + (i % 3) * 0.01, -89.65 + i * 0.004];
    update.run(`Map Test Dentist ${i + 1}`, coordinates[0], coordinates[1], id);
  });
  indexForSearch(sqlite);
  const answer = (await (await fetch(`${site.baseUrl}/api/search?location=Springfield`)).json()) as {
    businesses: { name: string; slug: string; latitude: number | null }[];
  };
  located = answer.businesses.filter((b) => b.latitude !== null).map((b) => b.name);
  unlocated = answer.businesses.filter((b) => b.latitude === null).map((b) => b.name);
  detailSlug = answer.businesses.find((b) => b.latitude !== null)?.slug ?? '';
});

afterAll(async () => {
  await site?.dispose();
});

/** A page whose tiles come from a local 1×1 PNG (or fail), every other outside host failing, and
 *  which records the Leaflet chunk's requests. */
async function openPage(options: { tiles?: 'png' | 'fail'; reducedMotion?: 'reduce' } = {}) {
  const tracked = await site.newPage(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {});
  const { page } = tracked;
  const tileRequests: string[] = [];
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route: Route) => route.abort());
  await page.route(`${TILE_HOST}/**`, (route: Route) => {
    tileRequests.push(route.request().url());
    return options.tiles === 'fail'
      ? route.abort()
      : route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1X1 });
  });
  const leafletRequests: string[] = [];
  page.on('request', (request: Request) => {
    if (LEAFLET_CHUNK.test(new URL(request.url()).pathname)) leafletRequests.push(request.url());
  });
  const pageErrors = () =>
    tracked.errors.filter((e) => !/^Failed to load resource: .*\(https?:\/\/(?!127\.0\.0\.1)/.test(e));
  return { ...tracked, tileRequests, leafletRequests, pageErrors };
}

const markers = (page: Page) => page.locator('.rmap .leaflet-marker-icon');
const isInMap = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('.rmap')));

describe('the search results map', () => {
  it('loads Leaflet only when the map scrolls into view, then shows one named marker per located business', async () => {
    expect(located.length).toBeGreaterThan(5);
    expect(unlocated.length).toBeGreaterThan(0);
    const { page, leafletRequests, tileRequests, pageErrors, close } = await openPage();
    const response = await page.goto(SEARCH, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    // The CSP header names the configured tile host for images.
    expect(response?.headers()['content-security-policy']).toMatch(
      /img-src 'self' https:\/\/tiles\.map-test\.example /,
    );
    // The box is there, its size reserved; Leaflet is not.
    const box = page.locator('.rmap__canvas');
    expect((await box.boundingBox())?.height).toBeGreaterThan(200);
    expect(await page.getByRole('region', { name: 'Map of these results' }).count()).toBe(1);
    await page.waitForTimeout(500);
    expect(leafletRequests).toEqual([]);
    expect(await markers(page).count()).toBe(0);

    const before = await box.boundingBox();
    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => leafletRequests.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBe(located.length);
    // Loading the map moved nothing.
    const after = await box.boundingBox();
    expect(after?.height).toBe(before?.height);

    const names = await markers(page).evaluateAll((icons) =>
      icons.map((icon) => ({
        role: icon.getAttribute('role'),
        name: icon.getAttribute('alt'),
        tabIndex: (icon as HTMLElement).tabIndex,
      })),
    );
    expect(names.map((n) => n.name).sort()).toEqual([...located].sort());
    expect(names.every((n) => n.role === 'button' && n.tabIndex === 0)).toBe(true);
    for (const name of unlocated) expect(await page.getByRole('button', { name }).count()).toBe(0);
    // The list is still all there.
    expect(await page.locator('.bcard').count()).toBe(located.length + unlocated.length);

    // Tiles were asked of the configured host, and loaded (the CSP let them in).
    expect(tileRequests.length).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .locator('.leaflet-tile-loaded')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1);
    expect(
      await page
        .locator('.leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]')
        .textContent(),
    ).toBe('OpenStreetMap contributors');
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('is used with the keyboard: Tab reaches a marker, Enter and Space open its card, Tab leaves the map', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto(SEARCH, { waitUntil: 'networkidle' });
    await page.locator('.rmap__canvas').scrollIntoViewIfNeeded();
    await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBe(located.length);

    // From the last card's link, Tab goes into the map (its box, to pan with the arrows) and then to
    // the first marker.
    await page.locator('.bcard__link').last().focus();
    let presses = 0;
    while (presses < 4) {
      await page.keyboard.press('Tab');
      presses += 1;
      if (await page.evaluate(() => document.activeElement?.classList.contains('leaflet-marker-icon'))) break;
    }
    const first = await page.evaluate(() => document.activeElement?.getAttribute('alt'));
    expect(located).toContain(first);

    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name: first ?? '' });
    await expect.poll(() => card.isVisible()).toBe(true);
    const link = card.getByRole('link', { name: first ?? '' });
    expect(await link.getAttribute('href')).toMatch(/^\/details\/[\w-]+$/);
    expect(await card.textContent()).toMatch(/Rated \d\.\d out of 5|No reviews yet/);
    expect(await card.textContent()).toContain('Springfield');
    // Focus went to the card's link, so the card is what is read next.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('rmap-card__name');

    // Escape closes it and returns to the marker; Space opens it again.
    await page.keyboard.press('Escape');
    await expect.poll(() => card.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('alt'))).toBe(first);
    await page.keyboard.press('Tab');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('alt'));
    expect(located).toContain(second);
    expect(second).not.toBe(first);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByRole('dialog', { name: second ?? '' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);

    // No trap: Tab goes on through the card, the zoom buttons and the attribution, then out.
    presses = 0;
    while ((await isInMap(page)) && presses < 10) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await isInMap(page)).toBe(false);
    expect(presses).toBeLessThan(10);
    // And Shift+Tab comes back in.
    await page.keyboard.press('Shift+Tab');
    expect(await isInMap(page)).toBe(true);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it("opens the business's page from its card by client-side navigation", async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto(SEARCH, { waitUntil: 'networkidle' });
    await page.locator('.rmap__canvas').scrollIntoViewIfNeeded();
    const name = located[0] ?? '';
    await page.getByRole('button', { name, exact: true }).click();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('dialog', { name }).getByRole('link', { name }).click();
    await page.waitForURL('**/details/**');
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('says so when the tiles fail, and the markers still work', async () => {
    const { page, close } = await openPage({ tiles: 'fail' });
    await page.goto(SEARCH, { waitUntil: 'networkidle' });
    await page.locator('.rmap__canvas').scrollIntoViewIfNeeded();
    await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBe(located.length);
    await expect
      .poll(() => page.locator('.rmap__note').textContent())
      .toBe('The map pictures could not be loaded; the markers still work.');
    const name = located[1] ?? '';
    await page.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name }).isVisible()).toBe(true);
    await close();
  });

  it('animates nothing for a visitor who prefers reduced motion', async () => {
    for (const [reducedMotion, animated] of [
      [undefined, true],
      ['reduce', false],
    ] as const) {
      const { page, close } = await openPage({ reducedMotion });
      await page.goto(SEARCH, { waitUntil: 'networkidle' });
      await page.locator('.rmap__canvas').scrollIntoViewIfNeeded();
      await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBe(located.length);
      const classes = (await page.locator('.rmap__canvas').getAttribute('class')) ?? '';
      expect(classes.includes('leaflet-fade-anim')).toBe(animated);
      expect((await page.locator('.rmap .leaflet-marker-icon.leaflet-zoom-animated').count()) > 0).toBe(
        animated,
      );
      await close();
    }
  });

  it('has no accessibility violations with the map open and a card shown (axe, WCAG 2.2 A/AA)', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto(SEARCH, { waitUntil: 'networkidle' });
    await page.locator('.rmap__canvas').scrollIntoViewIfNeeded();
    await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBe(located.length);
    await markers(page).first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.leaflet-popup').count()).toBe(1);
    expect(await runAxe(page)).toEqual([]);
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('the details page map', () => {
  it('shows one marker, the business, and keeps View on Map; axe finds nothing', async () => {
    const { page, leafletRequests, pageErrors, close } = await openPage();
    await page.goto(`/details/${detailSlug}`, { waitUntil: 'networkidle' });
    const location = page.getByRole('region', { name: 'Location' });
    expect(await location.getByRole('link', { name: 'View on Map' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=39\.\d+%2C-89\.\d+$/,
    );
    await page.locator('.rmap__canvas').scrollIntoViewIfNeeded();
    await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBe(1);
    expect(leafletRequests).toHaveLength(1);
    const name = await page.locator('h1').textContent();
    expect(await markers(page).getAttribute('alt')).toBe(name);
    expect(await page.getByRole('region', { name: `Map of ${name}` }).count()).toBe(1);
    expect(await runAxe(page)).toEqual([]);
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('the city and category pages', () => {
  it.each([
    ['/city/Springfield', 'Map of these businesses in Springfield'],
    ['/category/Dentist', 'Map of these Dentist businesses'],
  ])(
    '%s maps its page of businesses when the map comes into view; axe finds nothing',
    async (path, label) => {
      const { page, leafletRequests, pageErrors, close } = await openPage();
      expect((await page.goto(path, { waitUntil: 'networkidle' }))?.status()).toBe(200);
      const cards = await page.locator('.bcard__name').allTextContents();
      const onPage = located.filter((name) => cards.some((card) => card.includes(name)));
      expect(onPage.length).toBeGreaterThan(0);
      expect(leafletRequests).toEqual([]);
      const map = page.getByRole('region', { name: label });
      expect(await map.count()).toBe(1);
      await page.locator('.rmap__canvas').scrollIntoViewIfNeeded();
      await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBe(onPage.length);
      const names = await markers(page).evaluateAll((icons) => icons.map((icon) => icon.getAttribute('alt')));
      expect(names.sort()).toEqual([...onPage].sort());
      expect(await runAxe(page)).toEqual([]);
      expect(pageErrors()).toEqual([]);
      await close();
    },
  );
});

describe('without JavaScript', () => {
  it('shows the list and the View on Map link, and no empty map box', async () => {
    const { page, close } = await site.newPage({ javaScriptEnabled: false });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route: Route) => route.abort());
    await page.goto(SEARCH);
    expect(await page.locator('.bcard').count()).toBe(located.length + unlocated.length);
    expect(await page.locator('.rmap').count()).toBe(1);
    expect(await page.locator('.rmap').isVisible()).toBe(false);

    await page.goto(`/details/${detailSlug}`);
    expect(await page.getByRole('link', { name: 'View on Map' }).isVisible()).toBe(true);
    expect(await page.locator('.rmap').isVisible()).toBe(false);
    expect(await page.locator('.leaflet-marker-icon').count()).toBe(0);
    await close();
  });
});
