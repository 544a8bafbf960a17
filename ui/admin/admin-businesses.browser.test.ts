// The Businesses table for real work, in a real browser against the real server (the harness of
// admin-panel.browser.test.ts): ticking rows and verifying them with one confirmation, the ticks
// cleared by a new page, deleting several at once, sorting by a column header (mouse and keyboard),
// and the same on a phone-sized screen. Steps share one signed-in page and run in order.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPath } from '../../server/contract/paths.ts';
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

async function signIn(target: Page): Promise<void> {
  await target.goto('/admin');
  await target.getByLabel('Username').fill(ADMIN_USERNAME);
  await target.getByLabel('Password').fill(ADMIN_PASSWORD);
  await target.getByLabel('Password').press('Enter');
  await target.waitForURL('**/admin-panel');
}

beforeAll(async () => {
  site = await startBrowserSite({ businesses: 80 });
  admin = await site.newPage();
  page = admin.page;
  await signIn(page);
});

afterAll(async () => {
  await admin?.close();
  await site?.dispose();
});

const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
const panel = () => page.getByRole('tabpanel', { name: 'Businesses' });
const rows = () => panel().locator('tbody tr');
const count = () => panel().locator('.admin-bulk-count').textContent();
const status = (id: number) =>
  site.database.sqlite.prepare('SELECT is_verified FROM businesses WHERE id = ?').pluck().get(id) as
    | number
    | undefined;
const idOf = (name: string) =>
  site.database.sqlite.prepare('SELECT id FROM businesses WHERE name = ?').pluck().get(name) as number;

async function rowName(row: Locator): Promise<string> {
  return (await row.locator('.admin-business-name').textContent()) ?? '';
}

/** The table has settled: no earlier page or order still on screen. */
async function settled(): Promise<void> {
  await expect.poll(() => panel().locator('.admin-stale').count()).toBe(0);
  await expect.poll(() => panel().locator('[aria-busy="true"]').count()).toBe(0);
}

describe('the Businesses table', () => {
  it('verifies the ticked rows with one confirmation; the table shows their new status', async () => {
    await page.getByRole('tab', { name: 'Businesses' }).click();
    await panel().getByRole('table').waitFor();
    expect(await count()).toBe('No businesses selected');
    expect(await panel().getByRole('button', { name: 'Verify selected', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await runAxe(page)).toEqual([]);

    // Two pending rows and one already verified.
    const pending = rows().filter({ has: page.locator('.admin-badge', { hasText: 'Pending' }) });
    const verified = rows().filter({ has: page.locator('.admin-badge', { hasText: 'Verified' }) });
    const names = [
      await rowName(pending.nth(0)),
      await rowName(pending.nth(1)),
      await rowName(verified.nth(0)),
    ];
    for (const name of names)
      await panel()
        .getByRole('checkbox', { name: `Select ${name}`, exact: true })
        .check();
    expect(await count()).toBe('3 selected');
    // Some of the page ticked: the header's box is mixed.
    const all = panel().getByRole('checkbox', { name: 'Select all businesses on this page' });
    expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    expect(await panel().locator('tr.admin-row-selected').count()).toBe(3);

    let bulkCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/businesses/bulk')) bulkCalls++;
    });
    await panel().getByRole('button', { name: 'Verify selected', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Verify 3 businesses?' });
    await confirm.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await runAxe(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Verify 3 businesses' }).click();
    await toast('Businesses verified');
    await toast('Verified 2 businesses. 1 business was already verified.');
    await confirm.waitFor({ state: 'detached' });
    expect(bulkCalls).toBe(1);

    for (const name of names) {
      expect(status(idOf(name))).toBe(1);
      const row = rows().filter({ has: page.getByRole('link', { name, exact: true }) });
      await row.locator('.admin-badge', { hasText: 'Verified' }).waitFor();
    }
    // The ticks are gone with the action, and focus is back on the table.
    expect(await count()).toBe('No businesses selected');
    expect(await panel().locator('tbody input[type="checkbox"]:checked').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Select all businesses on this page');
  });

  it('ticks a whole page from the header; another page, a search or a filter clears the ticks', async () => {
    const all = panel().getByRole('checkbox', { name: 'Select all businesses on this page' });
    await all.check();
    expect(await count()).toBe('50 selected');
    expect(await panel().locator('tbody input[type="checkbox"]:checked').count()).toBe(50);

    const pagination = panel().getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination
      .getByRole('button', { name: 'Page 2' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await settled();
    expect(await count()).toBe('No businesses selected');
    expect(await all.isChecked()).toBe(false);
    await pagination.getByRole('button', { name: 'Page 1' }).click();
    await settled();

    // With the keyboard: Space ticks a row; a new filter clears it.
    const first = panel().locator('tbody input[type="checkbox"]').first();
    await first.focus();
    await page.keyboard.press('Space');
    expect(await count()).toBe('1 selected');
    await panel().getByLabel('Status').selectOption('verified');
    await settled();
    expect(await count()).toBe('No businesses selected');
    await panel().getByLabel('Status').selectOption('');
    await settled();
  });

  it('deletes the ticked rows with one confirmation: gone from the table and the public site', async () => {
    await settled();
    const victims = [await rowName(rows().nth(1)), await rowName(rows().nth(2))];
    const slugs = victims.map(
      (name) =>
        site.database.sqlite
          .prepare('SELECT slug FROM businesses WHERE name = ?')
          .pluck()
          .get(name) as string,
    );
    const caption = async () =>
      Number(((await panel().locator('caption').textContent()) ?? '').replace(/\D/g, ''));
    const total = await caption();
    for (const name of victims)
      await panel()
        .getByRole('checkbox', { name: `Select ${name}`, exact: true })
        .check();

    // Cancel first: nothing happens and the ticks stay.
    await panel().getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 businesses?' });
    await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await count()).toBe('2 selected');

    await panel().getByRole('button', { name: 'Delete selected' }).click();
    await confirm.getByRole('button', { name: 'Delete 2 businesses' }).click();
    await toast('Businesses deleted');
    for (const name of victims)
      await panel().getByRole('link', { name, exact: true }).waitFor({ state: 'detached' });
    await expect.poll(caption).toBe(total - 2);
    expect(await count()).toBe('No businesses selected');
    const visitor = await site.newPage();
    for (const slug of slugs) expect((await visitor.page.goto(businessPath(slug)))?.status()).toBe(404);
    await visitor.close();
  });

  it('sorts by a column header, ascending, descending, then back to newest first', async () => {
    const header = (name: string) =>
      panel()
        .locator('thead th')
        .filter({ has: page.getByRole('button', { name }) });
    const shownNames = () => panel().locator('tbody .admin-business-name').allTextContents();
    const expected = (order: 'ASC' | 'DESC') =>
      site.database.sqlite
        .prepare(`SELECT name FROM businesses ORDER BY name COLLATE NOCASE ${order}, id ${order} LIMIT 50`)
        .pluck()
        .all();
    const newest = await shownNames();

    await panel().getByRole('button', { name: 'Business', exact: true }).click();
    await expect.poll(() => header('Business').getAttribute('aria-sort')).toBe('ascending');
    await settled();
    expect(await shownNames()).toEqual(expected('ASC'));
    // The header keeps its text; only one column is sorted.
    expect(await panel().locator('thead th').allTextContents()).toEqual([
      '',
      'Business',
      'Category',
      'Location',
      'Rating',
      'Status',
      'Actions',
    ]);
    expect(await panel().locator('thead th[aria-sort]').count()).toBe(1);

    // The keyboard does the same: Enter on the focused header.
    await panel().getByRole('button', { name: 'Business', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => header('Business').getAttribute('aria-sort')).toBe('descending');
    await settled();
    expect(await shownNames()).toEqual(expected('DESC'));
    expect(await runAxe(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await expect.poll(() => header('Business').getAttribute('aria-sort')).toBe(null);
    await settled();
    expect(await shownNames()).toEqual(newest);

    // Rating, highest first after two presses.
    await panel().getByRole('button', { name: 'Rating', exact: true }).click();
    await panel().getByRole('button', { name: 'Rating', exact: true }).click();
    await expect.poll(() => header('Rating').getAttribute('aria-sort')).toBe('descending');
    await settled();
    const ratings = (await panel().locator('tbody td.admin-nowrap').allTextContents()).map((text) =>
      Number.parseFloat(text),
    );
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(admin.errors.filter((error) => !/status of 40[01]/.test(error))).toEqual([]);
  });

  it('works on a phone: large tick targets, the actions within the screen', async () => {
    const phone = await site.newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      await signIn(phone.page);
      await phone.page.getByRole('tab', { name: 'Businesses' }).click();
      const table = phone.page.getByRole('tabpanel', { name: 'Businesses' });
      await table.getByRole('table').waitFor();
      const target = table.locator('tbody .admin-select-target').first();
      const box = await target.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await target.tap();
      await expect.poll(() => table.locator('.admin-bulk-count').textContent()).toBe('1 selected');
      for (const name of ['Verify selected', 'Unverify selected', 'Delete selected']) {
        const button = await table.getByRole('button', { name, exact: true }).boundingBox();
        expect(button).not.toBeNull();
        expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(390);
      }
      // The page itself does not scroll sideways (the table does, in its own box); scrolled down the
      // list, the actions stay on screen.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await table.locator('tbody tr').nth(20).scrollIntoViewIfNeeded();
      const bar = await table.locator('.admin-bulk-bar').boundingBox();
      expect(bar?.y).toBeGreaterThanOrEqual(0);
      expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual(844);
    } finally {
      await phone.close();
    }
  });
});
