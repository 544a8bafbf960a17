// The list pages in a real browser: browse paging and filters with back/forward (the URL and the
// content follow), the search page reached from the home form, client-side paging of a city page,
// no hydration warnings, and axe on browse, search, city, category, all cities and all categories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSite, runAxe, startBrowserSite } from '../../testing/browser-harness.ts';
import { addBusinesses, indexForSearch } from './testing/list-html.ts';

let site: BrowserSite;

beforeAll(async () => {
  // Page cache off: this file tests the pages, not the cache.
  site = await startBrowserSite({ businesses: 120, env: { RESPONSE_CACHE: 'off' } });
  addBusinesses(site.database.sqlite, 25, { city: 'Springfield', category: 'Dentist' });
  indexForSearch(site.database.sqlite);
});

afterAll(async () => {
  await site?.dispose();
});

/** Photos live on other hosts, which tests never reach: fail them at once, and do not count the
 *  failed loads as page errors. */
async function openPage() {
  const tracked = await site.newPage();
  await tracked.page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const pageErrors = () =>
    tracked.errors.filter((e) => !/^Failed to load resource: .*\(https?:\/\/(?!127\.0\.0\.1)/.test(e));
  return { ...tracked, pageErrors };
}

const firstCard = '.lists-cards .bcard__link';

describe('browse page', () => {
  it('pages and filters through the URL, and follows back and forward', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto('/businesses', { waitUntil: 'networkidle' });
    const status = page.locator('#browse-results .lists-count');
    const firstOnPage1 = await page.locator(firstCard).first().textContent();
    await expect.poll(() => status.textContent()).toBe('Showing 1–20 of 145 businesses');

    // Next: client-side navigation to ?page=2, new cards, focus on the results.
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/businesses?page=2');
    await expect.poll(() => status.textContent()).toBe('Showing 21–40 of 145 businesses');
    expect(await page.locator(firstCard).first().textContent()).not.toBe(firstOnPage1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('browse-results');
    expect(await page.locator('.pager__status').textContent()).toBe('Page 2 of 8');

    // Choosing a category starts again at page 1 and keeps focus on the field.
    const select = page.getByLabel('Category');
    const option = await select.locator('option').nth(1).getAttribute('value');
    await select.focus();
    await select.selectOption(option!);
    await page.waitForURL(
      (url) => url.searchParams.get('category') === option && !url.searchParams.has('page'),
    );
    await expect.poll(() => status.textContent()).toMatch(/^Showing 1–/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('browse-category');

    // Search text: Enter submits, keeps the category, page 1.
    await page.getByLabel('Search businesses').fill('dentist');
    await page.getByLabel('Search businesses').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'dentist');
    expect(new URL(page.url()).searchParams.get('category')).toBe(option);

    // Back: the category only; the field is emptied again. Back again: page 2 with no filter.
    await page.goBack();
    await page.waitForURL(
      (url) => !url.searchParams.has('search') && url.searchParams.get('category') === option,
    );
    await expect.poll(() => page.getByLabel('Search businesses').inputValue()).toBe('');
    await page.goBack();
    await page.waitForURL('**/businesses?page=2');
    await expect.poll(() => status.textContent()).toBe('Showing 21–40 of 145 businesses');
    await expect.poll(() => select.inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('category') === option);
    await expect.poll(() => select.inputValue()).toBe(option);

    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('shows the empty view, and Clear Filters goes back to every business', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto('/businesses?search=zzqqxxnothing', { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('h2', { hasText: 'No businesses found' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/businesses' && url.search === '');
    await expect
      .poll(() => page.locator('#browse-results .lists-count').textContent())
      .toBe('Showing 1–20 of 145 businesses');
    await expect.poll(() => page.getByLabel('Search businesses').inputValue()).toBe('');
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('search page', () => {
  it('is reached from the home form and shows the results for what was searched and where', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByLabel('What service do you need?').fill('dentist');
    await page.getByLabel('Where are you located?').fill('Springfield');
    await page.getByLabel('Where are you located?').press('Enter');
    await page.waitForURL('**/search?q=dentist&location=Springfield');
    // The heading is how the server read the query ("Dentists in Springfield…").
    const answer = await (await page.request.get('/api/search?q=dentist&location=Springfield')).json();
    await expect.poll(() => page.locator('h1').textContent()).toBe(answer.understood.label);
    await expect
      .poll(() => page.locator('#search-results .lists-count').textContent())
      .toBe('25 businesses found');
    expect(await page.locator('.lists-cards > li').count()).toBe(20);

    // Paging through links keeps the query.
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/search?q=dentist&location=Springfield&page=2');
    await expect.poll(() => page.locator('.lists-cards > li').count()).toBe(5);
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('city page', () => {
  it('pages on the client with real links, and page 2 shows the next businesses', async () => {
    const { page, pageErrors, close } = await openPage();
    await page.goto('/city/Springfield', { waitUntil: 'networkidle' });
    const first = await page.locator(firstCard).allTextContents();
    expect(first).toHaveLength(20);
    await page.locator('.pager').getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL('**/city/Springfield?page=2');
    await expect.poll(() => page.locator(firstCard).count()).toBe(5);
    const second = await page.locator(firstCard).allTextContents();
    expect(second.some((name) => first.includes(name))).toBe(false);
    expect(await page.title()).toContain('Page 2');
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('accessibility', () => {
  for (const path of [
    '/businesses',
    '/businesses?search=zzqqxxnothing',
    '/search?q=dentist&location=Springfield',
    '/search',
    '/city/Springfield',
    '/category/healthcare',
    '/category/no-such-category',
    '/cities',
    '/categories',
  ]) {
    it(`axe finds no violation on ${path}, and it hydrates without warnings or refetching`, async () => {
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
