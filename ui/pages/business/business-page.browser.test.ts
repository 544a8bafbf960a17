// The business detail page in a real browser: a broken photo falls back to the category picture,
// today's hours are highlighted after hydration, no hydration warnings, and axe finds no violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSite, runAxe, startBrowserSite } from '../../testing/browser-harness.ts';

let site: BrowserSite;
let slug: string;

beforeAll(async () => {
  // Page cache off: a cached page is rendered without a CSP nonce, and React's inline boundary scripts
  // are then blocked (reported to the lead engineer); this file tests the page itself.
  site = await startBrowserSite({ businesses: 20, env: { RESPONSE_CACHE: 'off' } });
  const row = site.database.sqlite.prepare('SELECT id, slug FROM businesses ORDER BY id LIMIT 1').get() as {
    id: number;
    slug: string;
  };
  slug = row.slug;
  const everyDay = [{ open: '00:00', close: '24:00' }];
  site.database.sqlite
    .prepare(
      `UPDATE businesses SET category = 'Auto repair shop', photos = ?, time_zone = 'Europe/London',
         business_status = 'OPERATIONAL', hours = ? WHERE id = ?`,
    )
    .run(
      JSON.stringify(['https://photos.invalid/broken.jpg']),
      JSON.stringify({
        monday: everyDay,
        tuesday: everyDay,
        wednesday: everyDay,
        thursday: everyDay,
        friday: everyDay,
        saturday: everyDay,
        sunday: everyDay,
      }),
      row.id,
    );
});

afterAll(async () => {
  await site?.dispose();
});

/** Photos live on other hosts, which tests never reach: fail them at once, and do not count the
 *  failed loads as page errors (the page is expected to survive them). */
async function openPage() {
  const tracked = await site.newPage();
  await tracked.page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const pageErrors = () =>
    tracked.errors.filter((e) => !/^Failed to load resource: .*\(https?:\/\/(?!127\.0\.0\.1)/.test(e));
  return { ...tracked, pageErrors };
}

describe('business detail page', () => {
  it('falls back to the category picture when the photo fails, and highlights today after hydration', async () => {
    // The photo's host never answers: the request fails, as a dead link would.
    const { page, pageErrors, close } = await openPage();
    const response = await page.goto(`/details/${slug}`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    const hero = page.locator('img.bdetail__img');
    await expect
      .poll(() => hero.getAttribute('src'), { timeout: 10_000 })
      .toBe('/images/categories/auto-service.svg');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await hero.getAttribute('alt')).toBe('');

    const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'Europe/London' }).format(
      new Date(),
    );
    const todayRow = page.locator('.bhours__row--today');
    await expect.poll(() => todayRow.count()).toBe(1);
    expect(await todayRow.locator('dt').textContent()).toContain(today);
    expect(await todayRow.getAttribute('aria-current')).toBe('date');
    // Open all week: the badge recomputed in the browser says open.
    expect(await page.locator('.bdetail__badges .bbadge--open').textContent()).toBe('Open Now');
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('also falls back when the photo fails only after hydration (the onError path)', async () => {
    const { page, pageErrors, close } = await site.newPage().then(async (tracked) => {
      // Held until the page's script has hydrated, then failed.
      await tracked.page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await route.abort().catch(() => undefined);
      });
      const pageErrors = () => tracked.errors.filter((e) => !/^Failed to load resource/.test(e));
      return { ...tracked, pageErrors };
    });
    await page.goto(`/details/${slug}`, { waitUntil: 'domcontentloaded' });
    const hero = page.locator('img.bdetail__img');
    expect(await hero.getAttribute('src')).toBe('https://photos.invalid/broken.jpg');
    await expect
      .poll(() => hero.getAttribute('src'), { timeout: 15_000 })
      .toBe('/images/categories/auto-service.svg');
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('renders home-page cards with one link each, falling back to category pictures', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const cards = page.locator('.bcard');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      expect(await card.locator('a').count()).toBe(1);
      // Below the fold the pictures are lazy: bring each card into view so that its photo is requested.
      await card.scrollIntoViewIfNeeded();
      await expect
        .poll(() => card.locator('img').getAttribute('src'))
        .toMatch(/^\/images\/categories\/[a-z-]+\.svg$/);
    }
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('opens a detail page from a card by client-side navigation, fetching it through the API', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const link = page.locator('.bcard__link').first();
    const name = await link.textContent();
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/businesses/slug/')) apiCalls.push(req.url());
    });
    // A marker on the window survives a client-side navigation, not a document load.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await link.click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    expect(page.url()).toMatch(/\/details\//);
    expect(apiCalls).toHaveLength(1);
    expect(await page.title()).toContain(name);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(2);
    expect(pageErrors()).toEqual([]);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await close();
  });

  it('has no accessibility violations (axe, WCAG 2.2 A/AA)', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto(`/details/${slug}`, { waitUntil: 'networkidle' });
    expect(await runAxe(page)).toEqual([]);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('shows the not-found view for an unknown slug without hydration errors', async () => {
    const { page, pageErrors, close } = await openPage();
    const response = await page.goto('/details/no-such-business', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Business Not Found');
    expect(pageErrors()).toEqual([]);
    await close();
  });
});
