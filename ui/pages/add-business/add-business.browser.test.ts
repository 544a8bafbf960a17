// Add Your Business in a real browser: with JavaScript the form posts JSON and answers with a toast
// (errors next to their fields, the summary focused); without JavaScript the same form works as a
// plain post; axe finds nothing on the form, its errors or the thank-you view.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSite,
  runAxe,
  startBrowserSite,
  type TrackedPage,
} from '../../testing/browser-harness.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await startBrowserSite({ businesses: 20 });
});

afterAll(async () => {
  await site?.dispose();
});

/** The form's handlers are attached (React has hydrated it). */
async function openHydrated(tracked: TrackedPage): Promise<Page> {
  const response = await tracked.page.goto('/add-business', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  await tracked.page.waitForFunction(() =>
    Object.keys(document.querySelector('form.addbiz-form') ?? {}).some((key) => key.startsWith('__react')),
  );
  return tracked.page;
}

async function fillValid(page: Page, name: string): Promise<void> {
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Category').fill('Bakery');
  await page.getByLabel('Phone number').fill('(312) 555-0147');
  await page.getByLabel('Street address').fill('1200 W Fulton Market');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('Country').fill('United States');
  await page.getByLabel('Monday').fill('7AM-3PM');
  await page.getByLabel('Your e-mail address').fill('owner@example.com');
}

/** Where a submission of that name is: 'held' for review (with the page it came from), 'public', or
 *  undefined when nowhere. */
function whereIs(name: string): { held: string | null } | 'public' | undefined {
  const { sqlite } = site.database;
  if (sqlite.prepare('SELECT 1 FROM businesses WHERE name = ?').get(name)) return 'public';
  const held = sqlite
    .prepare(`SELECT source_page FROM submission_queue WHERE json_extract(business_row, '$.name') = ?`)
    .get(name) as { source_page: string | null } | undefined;
  return held && { held: held.source_page };
}

describe('Add Your Business', () => {
  it('has no accessibility violations on the form', async () => {
    const tracked = await site.newPage();
    const page = await openHydrated(tracked);
    expect(await runAxe(page)).toEqual([]);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('submits with JavaScript: a success toast, the thank-you view, a listing held for review', async () => {
    const tracked = await site.newPage();
    const page = await openHydrated(tracked);
    await fillValid(page, 'Browser Bakery');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/businesses/submissions'));
    await page.getByRole('button', { name: 'Submit listing' }).click();
    expect((await posted).status()).toBe(201);
    await expect
      .poll(() => page.locator('.toast-region [role="status"]').textContent())
      .toContain('Thank you! Your business has been submitted and is pending review.');
    await page.waitForURL((url) => url.search === '?submitted=1');
    await page.getByRole('heading', { name: /Your listing has been received/ }).waitFor({ state: 'visible' });
    expect(whereIs('Browser Bakery')).toEqual({ held: '/add-business' });
    expect(await page.locator('.addbiz-thanks').textContent()).toContain(
      'It appears on the site once we have reviewed it.',
    );
    expect(await runAxe(page)).toEqual([]);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });

  it('shows the server’s errors next to their fields, focuses the summary, and keeps what was typed', async () => {
    const tracked = await site.newPage();
    const page = await openHydrated(tracked);
    await fillValid(page, 'Incomplete Bakery');
    await page.getByLabel('City').fill('');
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await expect
      .poll(() => page.locator('.toast-region [role="alert"]').textContent())
      .toContain('Please check the form');
    const summary = page.locator('.addbiz-summary');
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await summary.textContent()).toContain('Enter the city');
    expect(await page.getByLabel('City').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Website').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Business name').inputValue()).toBe('Incomplete Bakery');
    expect(await page.title()).toMatch(/^Error: Add Your Business/);
    // The summary's link takes the visitor to the field.
    await summary.getByRole('link', { name: 'Enter the city' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('addbiz-city');
    expect(await runAxe(page)).toEqual([]);
    expect(whereIs('Incomplete Bakery')).toBeUndefined();
    // The browser reports the 400 itself in the console; it is the answer this test asked for.
    expect(
      tracked.errors.filter((error) => !/status of 400 .*\/api\/businesses\/submissions/.test(error)),
    ).toEqual([]);
    await tracked.close();
  });

  it('works without JavaScript: the form posts, errors come back with the page, success redirects', async () => {
    const tracked = await site.newPage({ javaScriptEnabled: false });
    const { page } = tracked;
    await page.goto('/add-business');
    await fillValid(page, 'No Script Bakery');
    await page.getByLabel('Your e-mail address').fill('not-an-address');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit listing' }).click();
    expect((await refused).status()).toBe(400);
    await page.waitForLoadState();
    expect(await page.locator('.addbiz-summary').textContent()).toContain(
      'Enter an e-mail address in the correct format, like name@example.com',
    );
    expect(await page.getByLabel('Business name').inputValue()).toBe('No Script Bakery');

    await page.getByLabel('Your e-mail address').fill('owner@example.com');
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await page.waitForURL((url) => url.search === '?submitted=1');
    await page.getByRole('heading', { name: /Your listing has been received/ }).waitFor({ state: 'visible' });
    expect(whereIs('No Script Bakery')).toEqual({ held: '/add-business' });
    await tracked.close();
  });
});
