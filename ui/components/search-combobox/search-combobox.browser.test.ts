// The search boxes' suggestions in a real browser: typing opens a listbox of named options (with a
// live count), the keyboard moves through them and Enter follows one without a page load, Escape
// closes then clears, Tab and a click elsewhere close, a click or a tap on an option follows it,
// and axe finds nothing with the list open. Without JavaScript the home form still submits. The
// search page says what it corrected (with a link to the words as typed) and lists a place alone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer, SuggestAnswer } from '../../../server/contract/search.ts';
import { type BrowserSite, runAxe, startBrowserSite } from '../../testing/browser-harness.ts';

let site: BrowserSite;

beforeAll(async () => {
  // The generated businesses include plumbers (in San Antonio, San Francisco) and three in Chicago.
  // Page cache off: this file tests the pages, not the cache.
  site = await startBrowserSite({ businesses: 120, env: { RESPONSE_CACHE: 'off' } });
});

afterAll(async () => {
  await site?.dispose();
});

const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Photos live on other hosts, which tests never reach: fail them at once, and do not count the
 *  failed loads as page errors. */
async function openPage(path: string, options: Parameters<BrowserSite['newPage']>[0] = DESKTOP) {
  const tracked = await site.newPage(options);
  await tracked.page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const response = await tracked.page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  const pageErrors = () =>
    tracked.errors.filter((e) => !/^Failed to load resource: .*\(https?:\/\/(?!127\.0\.0\.1)/.test(e));
  return { ...tracked, pageErrors };
}

/** The service box once hydrated (it becomes a combobox only then). */
async function serviceBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'What service do you need?' });
  await box.waitFor();
  return box;
}

const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

/** The options' accessible names, as the browser computes them. */
async function optionNames(page: Page): Promise<string[]> {
  const snapshot = await listbox(page).ariaSnapshot();
  return [...snapshot.matchAll(/- option "([^"]*)"/g)].map((m) => m[1] ?? '');
}

async function suggestionsFor(q: string): Promise<SuggestAnswer> {
  const response = await fetch(`${site.baseUrl}/api/suggest?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SuggestAnswer;
}

async function searchAnswer(query: string): Promise<SearchAnswer> {
  const response = await fetch(`${site.baseUrl}/api/search?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

const TYPE_HINTS = { category: 'Category', city: 'City', business: 'Business' };

describe('home page suggestions', () => {
  it('opens a listbox of named options as "plu" is typed, and announces how many', async () => {
    const { page, pageErrors, close } = await openPage('/');
    const suggestRequests: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/suggest') suggestRequests.push(url.searchParams.get('q') ?? '');
    });
    const box = await serviceBox(page);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.getAttribute('aria-autocomplete')).toBe('list');

    await box.fill('plu');
    await listbox(page).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await listbox(page).getAttribute('id'));
    expect(suggestRequests).toEqual(['plu']);

    const expected = (await suggestionsFor('plu')).suggestions;
    expect(expected.length).toBeGreaterThan(0);
    const names = await optionNames(page);
    expect(names).toHaveLength(expected.length);
    names.forEach((name, index) => {
      const suggestion = expected[index]!;
      expect(name.startsWith(suggestion.label), name).toBe(true);
      expect(name).toContain(TYPE_HINTS[suggestion.type]);
    });
    expect(
      names.some((name) => /^Plumber, Category, \d+ business(es)?$/.test(name)),
      names.join(' | '),
    ).toBe(true);
    const options = listbox(page).getByRole('option');
    for (let i = 0; i < names.length; i++) {
      expect(await options.nth(i).getAttribute('id')).toBeTruthy();
      expect(await options.nth(i).getAttribute('aria-selected')).toBe('false');
    }
    const count = expected.length === 1 ? '1 suggestion' : `${expected.length} suggestions`;
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'suggestion' }).textContent())
      .toBe(count);

    // Typing quickly asks once, for the whole text.
    suggestRequests.length = 0;
    await box.fill('');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.pressSequentially('plum', { delay: 10 });
    await listbox(page).waitFor();
    await expect.poll(() => suggestRequests.at(-1)).toBe('plum');
    expect(suggestRequests.length).toBeLessThan(4);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('moves with ArrowDown and ArrowUp, and Enter follows the active option without a page load', async () => {
    const { page, pageErrors, close } = await openPage('/');
    await page.evaluate(() => Object.assign(window, { comboboxMarker: true }));
    const box = await serviceBox(page);
    await box.fill('plu');
    await listbox(page).waitFor();
    const options = listbox(page).getByRole('option');

    await box.press('ArrowDown');
    const firstId = await options.first().getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    // Focus stays in the input.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('home-search-service');
    if ((await options.count()) > 1) {
      await box.press('ArrowDown');
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
      await box.press('ArrowUp');
    }
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);

    const [first] = (await suggestionsFor('plu')).suggestions;
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname + url.search === first!.url);
    expect(await page.evaluate(() => 'comboboxMarker' in window)).toBe(true);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('closes on Escape and clears on a second Escape; Tab and leaving the box close it too', async () => {
    const { page, pageErrors, close } = await openPage('/');
    const box = await serviceBox(page);
    await box.fill('plu');
    await listbox(page).waitFor();
    await box.press('ArrowDown');
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await box.inputValue()).toBe('plu');
    // Down opens the same suggestions again.
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await box.press('Escape');
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');

    // Tab: closed, and focus moves on to the location box.
    await box.fill('plu');
    await listbox(page).waitFor();
    await box.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('home-search-location');
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    // A click elsewhere closes it.
    await box.fill('plum');
    await listbox(page).waitFor();
    await page.locator('h1').click();
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    // Enter with no active option submits the form as before.
    await box.fill('plu');
    await listbox(page).waitFor();
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'plu');
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('follows an option pressed with the mouse, the input keeping focus while pressed', async () => {
    const { page, pageErrors, close } = await openPage('/');
    const box = await serviceBox(page);
    await box.fill('plu');
    await listbox(page).waitFor();
    const option = listbox(page).getByRole('option').first();
    const bounds = (await option.boundingBox())!;
    await page.mouse.move(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2);
    await page.mouse.down();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('home-search-service');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.up();
    const [first] = (await suggestionsFor('plu')).suggestions;
    await page.waitForURL((url) => url.pathname + url.search === first!.url);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('follows an option tapped on a touch screen', async () => {
    const { page, pageErrors, close } = await openPage('/', {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const box = await serviceBox(page);
    await box.fill('plu');
    await listbox(page).waitFor();
    const [first] = (await suggestionsFor('plu')).suggestions;
    await listbox(page).getByRole('option').first().tap();
    await page.waitForURL((url) => url.pathname + url.search === first!.url);
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('accessibility with the list open', () => {
  for (const path of ['/', '/search?q=dentist']) {
    it(`axe finds no violation on ${path}`, async () => {
      const { page, pageErrors, close } = await openPage(path);
      const box = await serviceBox(page);
      await box.fill('plu');
      await listbox(page).waitFor();
      await box.press('ArrowDown');
      expect(await runAxe(page)).toEqual([]);
      expect(pageErrors()).toEqual([]);
      await close();
    });
  }

  it('the search page box is the same combobox, and its second Escape empties the field', async () => {
    const { page, pageErrors, close } = await openPage('/search?q=dentist');
    const box = await serviceBox(page);
    expect(await box.inputValue()).toBe('dentist');
    await box.fill('plu');
    await listbox(page).waitFor();
    await box.press('Escape');
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(pageErrors()).toEqual([]);
    await close();
  });
});

describe('without JavaScript', () => {
  it('the home form still submits to /search, and the page shows the results', async () => {
    const tracked = await site.newPage({ ...DESKTOP, javaScriptEnabled: false });
    const { page } = tracked;
    await page.goto('/');
    // A plain input: nothing says it is a combobox that would never open.
    expect(await page.locator('#home-search-service').getAttribute('role')).toBeNull();
    await page.getByLabel('What service do you need?').fill('plumber');
    await page.getByLabel('Where are you located?').fill('San Antonio');
    await page.getByLabel('What service do you need?').press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    const params = new URL(page.url()).searchParams;
    expect(params.get('q')).toBe('plumber');
    expect(params.get('location')).toBe('San Antonio');
    expect(await page.locator('#search-results .lists-count').textContent()).toMatch(/^[1-9]\d* business/);
    await tracked.close();
  });
});

describe('search page', () => {
  it('says what "plumbr" was corrected to, with a link that searches the word as typed', async () => {
    const answer = await searchAnswer('q=plumbr');
    const { page, pageErrors, close } = await openPage('/search?q=plumbr');
    const line = page.locator('.search-note--correction');
    expect(await line.textContent()).toBe(
      `Showing results for ${answer.correctedQuery} — search instead for plumbr`,
    );
    expect(await line.locator('strong').textContent()).toBe(answer.correctedQuery);
    expect(answer.correctedQuery).toMatch(/plumber/i);
    const exact = line.getByRole('link', { name: 'plumbr' });
    expect(await exact.getAttribute('href')).toBe(answer.exactSearchUrl);
    expect(new URL(answer.exactSearchUrl!, site.baseUrl).searchParams.get('exact')).toBe('1');
    expect(await page.locator('h1').textContent()).toBe(answer.understood.label);

    await exact.click();
    await page.waitForURL((url) => url.searchParams.get('exact') === '1');
    await expect.poll(() => page.locator('.search-note--correction').count()).toBe(0);
    expect(pageErrors()).toEqual([]);
    await close();
  });

  it('lists the businesses of a place searched alone', async () => {
    const answer = await searchAnswer('location=Chicago');
    expect(answer.totalCount).toBeGreaterThan(0);
    const { page, pageErrors, close } = await openPage('/search?location=Chicago');
    expect(await page.locator('h1').textContent()).toBe(answer.understood.label);
    expect(await page.locator('#search-results .lists-count').textContent()).toBe(
      `${answer.totalCount} ${answer.totalCount === 1 ? 'business' : 'businesses'} found`,
    );
    expect(await page.locator('.lists-cards > li').count()).toBe(answer.businesses.length);
    expect(await page.getByText('What are you looking for?').count()).toBe(0);
    expect(pageErrors()).toEqual([]);
    await close();
  });
});
