// Page revalidation in a real browser (docs/decisions/0024), with the answer cache on (pages stored
// without a nonce) and off (every page streamed with its own CSP nonce): a visitor who already has a
// business page sees an admin's edit at the next normal navigation (not a hard reload); a page the
// server confirmed with a 304 is the stored one, hydrates, responds, and stays under the CSP it was
// stored with — its nonce still allows what it allowed, and nothing else runs.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  type BrowserSite,
  startBrowserSite,
  type TrackedPage,
} from '../../ui/testing/browser-harness.ts';
import { businessPath } from '../contract/paths.ts';
import { insideClockWindow } from './testing/clock-window.ts';

/** Records the status each document request got on the wire. Playwright reports a revalidated
 *  document as the stored 200; the DevTools protocol's extra info has the server's own 304. */
async function watchDocuments(page: Page): Promise<(url: string) => number | undefined> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const documents: { requestId: string; url: string }[] = [];
  const statuses = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documents.push({ requestId: event.requestId, url: event.request.url });
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => statuses.set(event.requestId, event.statusCode));
  /** The wire status of the latest request for this document. */
  return (url) => {
    const latest = documents.filter((d) => new URL(d.url).pathname === url).at(-1);
    return latest && statuses.get(latest.requestId);
  };
}

/** Navigates (a normal navigation, as a click or a typed address) and tells what the server sent. */
async function visit(
  page: Page,
  wireStatus: (url: string) => number | undefined,
  path: string,
): Promise<{ wire: number | undefined; sentTag?: string }> {
  const response: Response | null = await page.goto(path, { waitUntil: 'load' });
  if (!response) throw new Error(`no response for ${path}`);
  // The page the browser shows is always a 200 (the stored one after a 304).
  expect(response.status()).toBe(200);
  const sent = await response.request().allHeaders();
  await expect.poll(() => wireStatus(path)).toBeDefined();
  return { wire: wireStatus(path), sentTag: sent['if-none-match'] };
}

/** Runs an inline script carrying `nonce` in the page; true when the page's CSP let it run. */
async function inlineScriptRuns(page: Page, nonce: string | undefined): Promise<boolean> {
  return page.evaluate(async (value) => {
    const marker = `ran${Math.random().toString(36).slice(2)}`;
    const script = document.createElement('script');
    if (value !== undefined) script.nonce = value;
    script.textContent = `window.${marker} = true;`;
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as Record<string, unknown>)[marker] === true;
  }, nonce);
}

/** The hydrated header's menu button opens the drawer; the server's HTML alone cannot. */
async function expectHydrated(page: Page) {
  const button = page.getByRole('button', { name: 'Menu', exact: true });
  await expect
    .poll(
      async () => {
        await button.click({ timeout: 5_000 });
        return button.getAttribute('aria-expanded');
      },
      { timeout: 10_000 },
    )
    .toBe('true');
  await page.getByRole('button', { name: 'Close menu' }).click({ timeout: 5_000 });
}

describe.each(['on', 'off'])('with RESPONSE_CACHE=%s', (responseCache) => {
  insideClockWindow();
  let site: BrowserSite;
  let visitor: TrackedPage;
  let business: { id: number; name: string; slug: string };
  let wireStatus: (url: string) => number | undefined;

  beforeAll(async () => {
    site = await startBrowserSite({ businesses: 20, env: { RESPONSE_CACHE: responseCache } });
    business = site.database.sqlite
      .prepare('SELECT id, name, slug FROM businesses ORDER BY id LIMIT 1')
      .get() as typeof business;
    // Photos live on other hosts, which tests never reach; the page is tested without any. (Not with
    // page.route: intercepting requests turns the browser's HTTP cache off, and with it revalidation.)
    site.database.sqlite.prepare(`UPDATE businesses SET photos = '[]' WHERE id = ?`).run(business.id);
    // A phone's width: the header's menu button (React's, so it only works once hydrated) shows.
    visitor = await site.newPage({ viewport: { width: 390, height: 844 } });
    wireStatus = await watchDocuments(visitor.page);
  });

  afterAll(async () => {
    await visitor?.close();
    await site?.dispose();
  });

  /** The page's errors, less the inline scripts this test expects the CSP to refuse. */
  const visitorErrors = () => visitor.errors.filter((e) => !/Content Security Policy/.test(e));

  it('confirms an unchanged page with a 304: the stored page hydrates and keeps its CSP', async () => {
    const { page } = visitor;
    const path = businessPath(business.slug);
    const first = await visit(page, wireStatus, path);
    expect(first).toEqual({ wire: 200, sentTag: undefined });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(business.name);
    const nonceOf = () =>
      page.evaluate(() => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce);
    const nonce = await nonceOf();
    // Streamed pages carry a nonce; stored ones none (docs/decisions/0011).
    expect(nonce === undefined).toBe(responseCache === 'on');

    // A normal navigation to the same address: the browser asks, the server confirms.
    await visit(page, wireStatus, '/about');
    const again = await visit(page, wireStatus, path);
    expect(again.wire).toBe(304);
    expect(again.sentTag).toMatch(/^W\/"/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(business.name);
    await expectHydrated(page);
    // The stored CSP still rules the page: its own nonce (if any) is allowed, anything else is not.
    if (nonce !== undefined) {
      expect(await nonceOf()).toBe(nonce);
      expect(await inlineScriptRuns(page, nonce)).toBe(true);
    }
    expect(await inlineScriptRuns(page, 'not-the-nonce')).toBe(false);
    expect(await inlineScriptRuns(page, undefined)).toBe(false);
    expect(visitorErrors()).toEqual([]);
  });

  it('shows an admin edit at the next normal navigation, hydrated', async () => {
    const { page } = visitor;
    const path = businessPath(business.slug);
    await visit(page, wireStatus, path);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(business.name);

    // The administrator, in another browser context, renames the business through the admin API.
    const admin = await site.browser.newContext({ baseURL: site.baseUrl });
    const renamed = `${business.name} (new owners)`;
    try {
      const login = await admin.request.post('/api/admin/login', {
        data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      expect(login.status()).toBe(200);
      const edit = await admin.request.patch(`/api/admin/businesses/${business.id}`, {
        data: { name: renamed },
      });
      expect(edit.status()).toBe(200);
    } finally {
      await admin.close();
    }

    await visit(page, wireStatus, '/about');
    const next = await visit(page, wireStatus, path);
    // The browser revalidated the page it held and was sent the new one.
    expect(next.sentTag).toMatch(/^W\/"/);
    expect(next.wire).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(renamed);
    await expectHydrated(page);
    expect(visitorErrors()).toEqual([]);
  });
});
