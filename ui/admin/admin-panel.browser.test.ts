// The admin panel in a real browser against the real server: sign-in, the redirect without a
// session, each tab (with axe), imports with their reports, editing, verifying and deleting a
// business, export, SEO, the three-step delete-all and logout. The steps share one signed-in page
// and run in order, as an administrator would work; each test leaves the page on the panel.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { FIXTURE_FILES_DIR } from '../../fixtures/generate.ts';
import { exportFileName } from '../../server/domain/export/export-businesses.ts';
import { approveSubmission } from '../../server/domain/submissions/moderate-submissions.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type BrowserSite,
  runAxe,
  startBrowserSite,
  type TrackedPage,
} from '../testing/browser-harness.ts';

const BAD_ROWS_FILE = join(FIXTURE_FILES_DIR, 'bad-rows.xlsx');

let site: BrowserSite;
let admin: TrackedPage;
let page: Page;
let scratch: string | undefined;

beforeAll(async () => {
  site = await startBrowserSite({ businesses: 60 });
  admin = await site.newPage({ acceptDownloads: true });
  page = admin.page;
});

afterAll(async () => {
  await admin?.close();
  await site?.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });

async function openTab(name: 'Dashboard' | 'Businesses' | 'Import' | 'SEO Sitemap') {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel', { name }).waitFor();
}

async function expectNoAxeViolations() {
  const violations = await runAxe(page);
  expect(violations).toEqual([]);
}

/** Chooses files in the Import tab and waits until the last one has its report (or failed). */
async function importFiles(paths: string[], options: { update?: boolean } = {}) {
  const panel = page.getByRole('tabpanel', { name: 'Import' });
  const update = panel.getByRole('checkbox', { name: 'Update existing businesses' });
  if ((await update.isChecked()) !== Boolean(options.update)) await update.click();
  const before = await panel.locator('.admin-file').count();
  await panel.locator('input[type="file"]').setInputFiles(paths);
  const last = panel.locator('.admin-file').nth(before + paths.length - 1);
  await last.locator('.admin-badge', { hasText: /^(Done|Failed)$/ }).waitFor({ timeout: 30_000 });
  return last;
}

/** A copy of the spreadsheet with " (renamed)" after every non-empty name. */
function renamedCopy(path: string): string {
  const workbook = XLSX.read(readFileSync(path));
  const name = workbook.SheetNames[0] ?? '';
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[name]!, { defval: null });
  for (const row of rows)
    if (typeof row.name === 'string' && row.name.trim() !== '') row.name = `${row.name} (renamed)`;
  const out = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(out, XLSX.utils.json_to_sheet(rows), name);
  scratch ??= mkdtempSync(join(tmpdir(), 'admin-ui-'));
  const copy = join(scratch, 'bad-rows-renamed.xlsx');
  writeFileSync(copy, XLSX.write(out, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return copy;
}

/** The figures of one file's report, as numbers. */
async function reportCounts(item: ReturnType<Page['locator']>) {
  const counts: Record<string, number> = {};
  for (const group of await item.locator('.admin-report-counts > div').all()) {
    const label = (await group.locator('dt').textContent()) ?? '';
    counts[label] = Number(((await group.locator('dd').textContent()) ?? '').replace(/,/g, ''));
  }
  return counts;
}

describe('admin panel', () => {
  it('refuses the panel without a session: toast, then the login page', async () => {
    await page.goto('/admin-panel');
    await toast('Authentication required');
    await toast('Please log in to access the admin panel');
    await page.waitForURL('**/admin-login');
  });

  it('signs in: required fields, the failure toast, then success to the panel', async () => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Login');
    const robots = await page.locator('meta[name="robots"]').getAttribute('content');
    expect(robots).toContain('noindex');
    await expectNoAxeViolations();

    // Both fields are required (§5): nothing is sent.
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/login')) loginCalls++;
    });
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Enter your username.').waitFor();
    expect(loginCalls).toBe(0);

    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await toast('Login failed');
    await toast('Invalid credentials. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(loginCalls).toBe(1);

    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await toast('Login successful');
    await toast('Welcome to the admin panel');
    await page.waitForURL('**/admin-panel');
    await page.getByRole('tab', { name: 'Dashboard', selected: true }).waitFor();
  });

  it('shows the dashboard figures and recent activity; tabs follow the ARIA pattern and the address', async () => {
    const dashboard = page.getByRole('tabpanel', { name: 'Dashboard' });
    await dashboard.getByText('Total Businesses').waitFor();
    expect(await dashboard.locator('.admin-stat-value').first().textContent()).toBe('60');
    await dashboard.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    await expectNoAxeViolations();

    // Arrow keys move between tabs; the selected tab is in the address, so a reload keeps it.
    await page.getByRole('tab', { name: 'Dashboard' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Businesses', selected: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Businesses');
    await page.waitForURL('**/admin-panel?tab=businesses');
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'SEO Sitemap', selected: true }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'SEO Sitemap', selected: true }).waitFor();
  });

  it('shows the sitemap figures in Turkish with a link to every file', async () => {
    const panel = page.getByRole('tabpanel', { name: 'SEO Sitemap' });
    await panel.getByRole('heading', { name: 'SEO Site Haritası' }).waitFor();
    expect(await panel.getAttribute('lang')).toBe('tr');
    await panel.getByText('Toplam işletme', { exact: true }).waitFor();
    const links = await panel
      .locator('.admin-link-list a')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    // Index, main pages, categories, cities and one business file for 60 businesses.
    expect(links.some((href) => href.endsWith('/sitemap.xml'))).toBe(true);
    expect(links.length).toBeGreaterThanOrEqual(5);
    await panel.getByRole('link', { name: 'Google Search Console’u aç' }).waitFor();
    await expectNoAxeViolations();
  });

  it('imports a file with bad rows and lists them; again for duplicates; again in update mode', async () => {
    await openTab('Import');
    await expectNoAxeViolations();
    const panel = page.getByRole('tabpanel', { name: 'Import' });

    // Not a spreadsheet: refused before any upload.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/import')) uploads++;
    });
    await panel.locator('input[type="file"]').setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,place_id\nA,1\n'),
    });
    await toast('Unsupported file');
    expect(uploads).toBe(0);

    const first = await importFiles([BAD_ROWS_FILE]);
    await toast('Import Completed');
    const firstCounts = await reportCounts(first);
    expect(firstCounts.Imported).toBeGreaterThan(0);
    expect(firstCounts.Errors).toBeGreaterThan(0);
    const errorRows = first
      .getByRole('table', { name: /Rejected rows of bad-rows\.xlsx/ })
      .locator('tbody tr');
    expect(await errorRows.count()).toBe(Math.min(firstCounts.Errors ?? 0, 100));
    expect(await errorRows.first().locator('td').first().textContent()).toMatch(/^\d+$/);
    await expectNoAxeViolations();

    // The rows with problems download as .xlsx, with a row for each listed error.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      first.getByRole('button', { name: /Download the rows with problems/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bad-rows-problems.xlsx');
    const saved = await download.path();
    const sheet = XLSX.read(readFileSync(saved)).Sheets.Problems;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet!);
    expect(rows.filter((row) => row.type === 'error')).toHaveLength(firstCounts.Errors ?? 0);

    const second = await importFiles([BAD_ROWS_FILE]);
    const secondCounts = await reportCounts(second);
    expect(secondCounts.Imported).toBe(0);
    // Everything imported the first time is now a duplicate, besides the file's own repeated ids.
    expect(secondCounts['Duplicates skipped']).toBe(
      (firstCounts.Imported ?? 0) + (firstCounts['Duplicates skipped'] ?? 0),
    );

    // Update mode: the same places with changed names are updated (rows that did not change would
    // not count as updated).
    const third = await importFiles([renamedCopy(BAD_ROWS_FILE)], { update: true });
    const thirdCounts = await reportCounts(third);
    expect(thirdCounts.Imported).toBe(0);
    expect(thirdCounts.Updated).toBe(firstCounts.Imported);
    expect(uploads).toBe(3);
  });

  it('uploads several files one after another, each with its own report', async () => {
    const panel = page.getByRole('tabpanel', { name: 'Import' });
    await panel.getByRole('button', { name: 'Clear finished' }).click();
    const overlapping: boolean[] = [];
    let open = 0;
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/admin/import')) return;
      overlapping.push(open > 0);
      open++;
    });
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/admin/import')) open--;
    });
    await importFiles([
      join(FIXTURE_FILES_DIR, 'google-maps-newer.xlsx'),
      join(FIXTURE_FILES_DIR, 'legacy.xls'),
    ]);
    expect(await panel.locator('.admin-file .admin-badge', { hasText: 'Done' }).count()).toBe(2);
    expect(overlapping).toEqual([false, false]);
  });

  it('edits a business (a bad field is named; a good change reaches the public page), verifies and deletes', async () => {
    await openTab('Businesses');
    const panel = page.getByRole('tabpanel', { name: 'Businesses' });
    await panel.getByRole('table').waitFor();
    await expectNoAxeViolations();
    const headers = await panel.locator('thead th').allTextContents();
    // The first column holds the row checkboxes (admin-businesses.browser.test.ts).
    expect(headers).toEqual(['', 'Business', 'Category', 'Location', 'Rating', 'Status', 'Actions']);

    // Edit the first pending business.
    await panel.getByLabel('Status').selectOption('pending');
    await expect.poll(() => panel.locator('tbody tr .admin-badge', { hasText: 'Verified' }).count()).toBe(0);
    const row = panel.locator('tbody tr').first();
    const name = (await row.locator('.admin-business-name').textContent()) ?? '';
    const href = (await row.locator('.admin-business-name').getAttribute('href')) ?? '';
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.waitFor();
    await expectNoAxeViolations();

    await dialog.getByLabel('Website').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.admin-field-error').first().waitFor();
    expect(await dialog.getByLabel('Website').getAttribute('aria-invalid')).toBe('true');
    // The dialog moves focus to the first bad field on the next frame.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('url');

    const newName = `${name} Renamed`;
    await dialog.getByLabel('Website').fill('https://renamed.example/');
    await dialog.getByLabel('Name').fill(newName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Business updated');
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('link', { name: newName }).waitFor();

    const visitor = await site.newPage();
    await visitor.page.goto(href);
    expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toContain('Renamed');

    // A listing sent through Add Your Business, once approved without Verified (the Submissions tab's
    // own test: submissions.browser.test.ts), is pending; verifying it takes it off the list.
    const submitted = await fetch(`${site.baseUrl}/api/businesses/submissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Harbour Lane Bakery',
        category: 'Bakery',
        address: '4 Harbour Lane',
        city: 'Portland',
        state: 'ME',
        country: 'United States',
        ownerEmail: 'owner@harbour.example',
      }),
    });
    expect(submitted.status).toBe(201);
    const reference = ((await submitted.json()) as { id: string }).id;
    const queueId = site.database.sqlite
      .prepare('SELECT id FROM submission_queue WHERE place_id = ?')
      .pluck()
      .get(`submission:${reference}`) as number;
    await approveSubmission(site.database.store, queueId, { actor: 'admin:test', verified: false });
    await panel.getByLabel('Search').fill('Harbour Lane Bakery');
    const submission = panel.getByRole('link', { name: 'Harbour Lane Bakery', exact: true });
    await submission.waitFor();
    await panel.getByRole('button', { name: 'Verify Harbour Lane Bakery' }).click();
    await toast('Business verified');
    await submission.waitFor({ state: 'detached' });
    await panel.getByLabel('Search').fill('');

    // Delete another: Cancel first (focus returns to its button), then for real.
    await panel.getByLabel('Status').selectOption('');
    await panel.locator('tbody tr .admin-badge', { hasText: 'Verified' }).first().waitFor();
    await expect.poll(() => panel.locator('.admin-stale').count()).toBe(0);
    const victimLink = panel.locator('tbody tr .admin-business-name').nth(1);
    const victimName = (await victimLink.textContent()) ?? '';
    const victimHref = (await victimLink.getAttribute('href')) ?? '';
    const deleteButton = panel.getByRole('button', { name: `Delete ${victimName}`, exact: true });
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this business?' });
    await confirm.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectNoAxeViolations();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete business' }).click();
    await toast('Business deleted');
    await panel.getByRole('link', { name: victimName, exact: true }).waitFor({ state: 'detached' });
    const gone = await visitor.page.goto(victimHref);
    expect(gone?.status()).toBe(404);
    await visitor.close();
  });

  it('pages through the list 50 at a time with at most five page buttons', async () => {
    const panel = page.getByRole('tabpanel', { name: 'Businesses' });
    const total = Number(
      ((await panel.locator('caption').textContent()) ?? '').replace(/[^\d]/g, '') || Number.NaN,
    );
    expect(total).toBeGreaterThan(50);
    expect(await panel.locator('tbody tr').count()).toBe(50);
    const pagination = panel.getByRole('navigation', { name: 'Pagination' });
    const pageButtons = pagination.locator('.admin-page-button');
    expect(await pageButtons.count()).toBe(Math.min(5, Math.ceil(total / 50)));
    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination
      .getByRole('button', { name: 'Page 2' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await expect.poll(() => panel.locator('tbody tr').count()).toBe(Math.min(50, total - 50));
  });

  it('exports one country with the server’s file name, and generates the SEO text', async () => {
    await openTab('Import');
    const panel = page.getByRole('tabpanel', { name: 'Import' });
    const select = panel.getByLabel('Country');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    const option = select.locator('option').nth(1);
    const country = (await option.getAttribute('value')) ?? '';
    await select.selectOption(country);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    await toast('Export successful');
    await toast('Excel file has been downloaded');
    // §7: businesses_{country}_{date}.xlsx, as the server names it.
    expect(download.suggestedFilename()).toBe(exportFileName(country, new Date()));
    expect(download.suggestedFilename()).toMatch(/^businesses_[A-Za-z-]+_\d{4}-\d{2}-\d{2}\.xlsx$/);

    await panel.getByRole('button', { name: 'Generate SEO Content' }).click();
    await toast('SEO Content Generated');
  });

  it('deletes all data only after the three confirmations, the word typed exactly', async () => {
    const panel = page.getByRole('tabpanel', { name: 'Import' });
    const start = panel.getByRole('button', { name: 'Delete all data' });
    await start.click();
    const first = page.getByRole('alertdialog', { name: 'Delete all data?' });
    await first
      .getByText('Are you sure you want to delete ALL business data? This cannot be undone.')
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await first.getByRole('button', { name: 'Cancel' }).click();
    await first.waitFor({ state: 'detached' });
    expect(await start.evaluate((button) => button === document.activeElement)).toBe(true);

    await start.click();
    await first.getByRole('button', { name: 'Yes, continue' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Final warning' });
    await warning.getByRole('button', { name: 'I understand, continue' }).click();
    const typed = page.getByRole('alertdialog', { name: 'Type DELETE to confirm' });
    await typed.waitFor();
    await expectNoAxeViolations();
    const confirm = typed.getByRole('button', { name: 'Delete all data' });
    const word = typed.getByLabel('Confirmation word');
    for (const wrong of ['delete', 'DELETE ', 'DELET']) {
      await word.fill(wrong);
      expect(await confirm.isDisabled()).toBe(true);
      await word.press('Enter');
    }
    await typed.waitFor();
    expect(
      site.database.sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get() as number,
    ).toBeGreaterThan(0);

    await word.fill('DELETE');
    await confirm.click();
    await toast('All data deleted');
    expect(site.database.sqlite.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(0);
    await openTab('Dashboard');
    await expect
      .poll(() =>
        page.getByRole('tabpanel', { name: 'Dashboard' }).locator('.admin-stat-value').first().textContent(),
      )
      .toBe('0');
  });

  it('logs out to the home page, and the old session cookie no longer works', async () => {
    const cookies = await page.context().cookies();
    const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const before = await fetch(`${site.baseUrl}/api/admin/check-auth`, { headers: { cookie: cookieHeader } });
    expect(before.status).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const after = await fetch(`${site.baseUrl}/api/admin/check-auth`, { headers: { cookie: cookieHeader } });
    expect(after.status).toBe(401);

    await page.goto('/admin-panel');
    await page.waitForURL('**/admin-login');
    expect(admin.errors.filter((error) => !/status of 40[01]/.test(error))).toEqual([]);
  });
});
