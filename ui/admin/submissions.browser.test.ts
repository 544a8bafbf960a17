// The moderation queue in a real browser against the real server (the harness of
// admin-panel.browser.test.ts): the held count on the Dashboard and on the Submissions tab, what was
// sent shown in full, Approve with "Mark as Verified" publishing the listing, and Reject — confirmed,
// a reason required — removing it with the reason in Recent Activity. Steps share one signed-in page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type BrowserSite,
  runAxe,
  startBrowserSite,
  type TrackedPage,
} from '../testing/browser-harness.ts';

let site: BrowserSite;
let admin: TrackedPage;
let page: Page;

const LISTINGS: Record<string, string>[] = [
  {
    name: 'Harbour Lane Bakery',
    category: 'Bakery',
    address: '4 Harbour Lane',
    city: 'Portland',
    state: 'ME',
    country: 'United States',
    phone: '(207) 555-0142',
    website: 'www.harbour-lane.example.com',
    ownerEmail: 'owner@harbour.example',
    hoursMonday: '7AM-3PM',
    fromPage: '/city/Portland',
  },
  {
    name: 'Cheap Pills Online',
    category: 'Pharmacy',
    address: '1 Nowhere Road',
    city: 'Springfield',
    country: 'United States',
    ownerEmail: 'spam@spam.example',
  },
];

async function submit(values: Record<string, string>): Promise<void> {
  const answer = await fetch(`${site.baseUrl}/api/businesses/submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(values),
  });
  expect(answer.status).toBe(201);
}

const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
const tab = () => page.getByRole('tab', { name: /^Submissions/ });
const panel = () => page.getByRole('tabpanel', { name: /^Submissions/ });
const publicBusiness = (name: string) =>
  site.database.sqlite.prepare('SELECT slug, is_verified FROM businesses WHERE name = ?').get(name) as
    | { slug: string; is_verified: number }
    | undefined;

beforeAll(async () => {
  site = await startBrowserSite({ businesses: 20 });
  for (const listing of LISTINGS) await submit(listing);
  admin = await site.newPage();
  page = admin.page;
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/admin-panel');
});

afterAll(async () => {
  await admin?.close();
  await site?.dispose();
});

describe('Submissions', () => {
  it('shows the held count on the Dashboard and on the tab, and leads to the queue', async () => {
    const dashboard = page.getByRole('tabpanel', { name: 'Dashboard' });
    const card = dashboard.getByRole('region', { name: /^Submissions/ });
    await card.getByText('2 listings from Add Your Business are waiting for review.').waitFor();
    expect(await card.locator('.admin-badge').textContent()).toBe('2');
    // The tab says it too, in words for screen readers.
    expect(await tab().textContent()).toContain('2');
    expect(await tab().getAttribute('aria-selected')).toBe('false');
    await tab()
      .and(page.getByRole('tab', { name: 'Submissions (2 waiting)' }))
      .waitFor();
    expect(await runAxe(page)).toEqual([]);
    // Nothing held is public yet.
    for (const listing of LISTINGS) expect(publicBusiness(String(listing.name))).toBeUndefined();

    await card.getByRole('button', { name: 'Review submissions' }).click();
    await page.getByRole('tab', { name: /^Submissions/, selected: true }).waitFor();
    await page.waitForURL('**/admin-panel?tab=submissions');
    // The clicked button is hidden with its panel: focus goes to the chosen tab.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
  });

  it('shows what was sent, when, from which page and the owner’s e-mail; approving publishes it as Verified', async () => {
    const queue = panel();
    const bakery = queue.getByRole('article', { name: 'Harbour Lane Bakery' });
    await bakery.waitFor();
    // Newest first.
    const order = await queue.locator('article h3').allTextContents();
    expect(order).toEqual(['Cheap Pills Online', 'Harbour Lane Bakery']);
    const text = (await bakery.textContent()) ?? '';
    for (const shown of [
      'Bakery',
      '4 Harbour Lane, Portland, ME, United States',
      '(207) 555-0142',
      'https://www.harbour-lane.example.com',
      'owner@harbour.example',
      '/city/Portland',
      'Monday',
    ])
      expect(text).toContain(shown);
    expect(await bakery.getByRole('link', { name: 'owner@harbour.example' }).getAttribute('href')).toBe(
      'mailto:owner@harbour.example',
    );
    expect(await bakery.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await runAxe(page)).toEqual([]);

    await bakery.getByLabel('Mark as Verified').check();
    await bakery.getByRole('button', { name: 'Approve Harbour Lane Bakery' }).click();
    await toast('Listing published');
    await bakery.waitFor({ state: 'detached' });
    await tab()
      .and(page.getByRole('tab', { name: 'Submissions (1 waiting)' }))
      .waitFor();

    const published = publicBusiness('Harbour Lane Bakery');
    expect(published?.is_verified).toBe(1);
    const visitor = await site.newPage();
    const answer = await visitor.page.goto(`/details/${published?.slug}`);
    expect(answer?.status()).toBe(200);
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toContain(
      'Harbour Lane Bakery',
    );
    await visitor.close();
  });

  it('rejects only with a reason, after a confirmation, and the reason is in Recent Activity', async () => {
    const queue = panel();
    const spam = queue.getByRole('article', { name: 'Cheap Pills Online' });
    const rejectButton = spam.getByRole('button', { name: 'Reject Cheap Pills Online' });
    await rejectButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Reject this submission?' });
    await dialog.waitFor();
    // The reason has the focus; without one the action is disabled.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    const confirm = dialog.getByRole('button', { name: 'Reject submission' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Reason/).fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    expect(await runAxe(page)).toEqual([]);
    // Escape cancels, and focus returns to the Reject button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await rejectButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(publicBusiness('Cheap Pills Online')).toBeUndefined();

    await rejectButton.click();
    await dialog.getByLabel(/^Reason/).fill('Advertising, not a local business');
    await confirm.click();
    await toast('Submission rejected');
    await queue.getByText('No submissions are waiting for review.').waitFor();
    // No badge once nothing waits.
    await page.getByRole('tab', { name: 'Submissions', exact: true }).waitFor();
    expect(publicBusiness('Cheap Pills Online')).toBeUndefined();
    expect(site.database.sqlite.prepare('SELECT COUNT(*) FROM submission_queue').pluck().get()).toBe(0);

    await page.getByRole('tab', { name: 'Dashboard' }).click();
    const dashboard = page.getByRole('tabpanel', { name: 'Dashboard' });
    await dashboard
      .getByText(
        'Rejected the submitted listing "Cheap Pills Online" (Springfield, United States): Advertising, not a local business',
      )
      .waitFor();
    await dashboard.getByText('No listings from Add Your Business are waiting for review.').waitFor();
    expect(admin.errors).toEqual([]);
  });
});
