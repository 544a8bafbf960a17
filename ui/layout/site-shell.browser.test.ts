// The site shell in a real browser: the home search flow, the header's submenus, the side drawer
// on a phone-sized screen, focus after client-side navigation, toasts, and axe on the shell's
// pages — all without console errors or hydration warnings.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSite, runAxe, startBrowserSite, type TrackedPage } from '../testing/browser-harness.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await startBrowserSite({ businesses: 80 });
});

afterAll(async () => {
  await site?.dispose();
});

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** Opens a page and waits until React has hydrated it (event handlers attached). */
async function open(tracked: TrackedPage, path: string, status = 200): Promise<Page> {
  const response = await tracked.page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(status);
  await tracked.page.waitForFunction(() =>
    Object.keys(document.querySelector('header') ?? {}).some((key) => key.startsWith('__react')),
  );
  return tracked.page;
}

/** The page's errors, without the demo photos' hosts being unreachable (tests run offline). */
const errorsOf = (tracked: TrackedPage) =>
  tracked.errors.filter(
    (error) => !/^Failed to load resource: net::ERR_[A-Z_]+ \(https?:\/\/(?!127\.0\.0\.1)/.test(error),
  );

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName.toLowerCase(), id: el.id, label: el.getAttribute('aria-label') } : null;
  });

describe('home search', () => {
  it('goes to /search with the service and location on Enter, and with the Discover button', async () => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, '/');
    // A marker on the window survives only a client-side navigation (not a full page load).
    await page.evaluate(() => Object.assign(window, { shellMarker: true }));
    await page.getByLabel('What service do you need?').fill('  dentist ');
    await page.getByLabel('Where are you located?').fill('New York');
    await page.getByLabel('Where are you located?').press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).search).toBe('?q=dentist&location=New%20York');
    expect(await page.evaluate(() => 'shellMarker' in window)).toBe(true);

    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByLabel('What service do you need?').fill('pizza & pasta');
    await page.getByRole('button', { name: 'Discover' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    const params = new URL(page.url()).searchParams;
    expect(params.get('q')).toBe('pizza & pasta');
    expect(params.get('location')).toBe('');
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });

  it('does nothing while the service text is empty (or only spaces)', async () => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, '/');
    await page.getByLabel('Where are you located?').fill('Chicago');
    await page.getByLabel('Where are you located?').press('Enter');
    await page.getByLabel('What service do you need?').fill('   ');
    await page.getByRole('button', { name: 'Discover' }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    // The visitor is taken to the field that is missing.
    expect((await activeElement(page))?.id).toBe('home-search-service');
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });
});

describe('header submenus (desktop)', () => {
  it('open and close with the keyboard, close on Escape and when a link is chosen', async () => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const restaurants = nav.getByRole('link', { name: 'Restaurants' });
    expect(await restaurants.isVisible()).toBe(false);

    await nav.locator('summary', { hasText: 'Categories' }).focus();
    await page.keyboard.press('Enter');
    expect(await restaurants.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Restaurants');
    await page.keyboard.press('Escape');
    expect(await restaurants.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');

    // One submenu at a time.
    await nav.locator('summary', { hasText: 'Categories' }).click();
    await nav.locator('summary', { hasText: 'Cities' }).click();
    expect(await restaurants.isVisible()).toBe(false);
    await nav.getByRole('link', { name: 'View All Cities' }).click();
    await page.waitForURL((url) => url.pathname === '/cities');
    expect(await nav.getByRole('link', { name: 'View All Cities' }).isVisible()).toBe(false);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });
});

describe('side drawer (375 px wide)', () => {
  it('opens with focus inside, keeps Tab inside, closes on Escape with focus back on its button', async () => {
    const tracked = await site.newPage(PHONE);
    const page = await open(tracked, '/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor({ state: 'visible' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect((await activeElement(page))?.label).toBe('Close menu');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    // Shift+Tab from the first control wraps to the last one, Tab from there back to the first.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add Your Business');
    await page.keyboard.press('Tab');
    expect((await activeElement(page))?.label).toBe('Close menu');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect((await activeElement(page))?.label).toBe('Menu');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });

  it('closes when a link is chosen, navigates, and puts focus on the new page', async () => {
    const tracked = await site.newPage(PHONE);
    const page = await open(tracked, '/');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('link', { name: 'About' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect((await activeElement(page))?.id).toBe('main');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });
});

describe('client-side navigation to home', () => {
  it('shows 6 card skeletons while the recommended businesses load, then the cards', async () => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, '/about');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/businesses/recommended', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const section = page.locator('section[aria-labelledby="home-recommended-title"]');
    await section.locator('.bskel').first().waitFor();
    expect(await section.locator('.bskel').count()).toBe(6);
    release();
    await section.locator('.bcard').first().waitFor();
    expect(await section.locator('.bcard').count()).toBe(6);
    expect(await section.locator('.bskel').count()).toBe(0);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });
});

describe('toasts', () => {
  const showToast = (page: Page, detail: object) =>
    page.evaluate((d) => window.dispatchEvent(new CustomEvent('directory:toast', { detail: d })), detail);
  const toasts = (page: Page) => page.locator('.toast-region .toast');
  // React renders an update from a window event asynchronously: wait for the screen to follow.
  const countOf = (page: Page) => expect.poll(() => toasts(page).count(), { timeout: 2_000 });
  const shown = (page: Page, title: string) =>
    page.locator('.toast-region .toast__title', { hasText: title }).waitFor({ timeout: 2_000 });

  it('shows one at a time, announces it politely, and leaves after 5 seconds', async () => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, '/about');
    await showToast(page, { title: 'First', description: 'One' });
    await showToast(page, { title: 'Saved', description: 'All good', variant: 'success' });
    await shown(page, 'Saved');
    expect(await toasts(page).count()).toBe(1);
    expect(await page.locator('.toast-region [role="status"]').textContent()).toBe('SavedAll good');
    const shownAt = Date.now();
    await toasts(page).first().waitFor({ state: 'detached', timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(4_000);
    expect(shownFor).toBeLessThan(7_000);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });

  it('puts errors in the alert region; F8 focuses the region; the button and Escape dismiss', async () => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, '/about');
    await showToast(page, {
      title: 'Login failed',
      description: 'Invalid credentials.',
      variant: 'destructive',
    });
    await shown(page, 'Login failed');
    expect(await page.locator('.toast-region [role="alert"]').textContent()).toBe(
      'Login failedInvalid credentials.',
    );
    await page.keyboard.press('F8');
    expect((await activeElement(page))?.label).toBe('Notifications (F8)');
    await page.keyboard.press('Tab');
    expect((await activeElement(page))?.label).toBe('Dismiss notification');
    await page.keyboard.press('Enter');
    await countOf(page).toBe(0);

    await showToast(page, { title: 'Another' });
    await shown(page, 'Another');
    await page.keyboard.press('F8');
    await page.keyboard.press('Escape');
    await countOf(page).toBe(0);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });

  it('is dismissed by a swipe of 50 px or more to the right; a shorter one springs back', async () => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, '/about');
    await showToast(page, { title: 'Swipe me' });
    await shown(page, 'Swipe me');
    const box = await toasts(page).first().boundingBox();
    if (!box) throw new Error('toast not shown');
    const swipe = async (distance: number) => {
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + distance / 2, y, { steps: 3 });
      await page.mouse.move(box.x + 20 + distance, y, { steps: 3 });
      await page.mouse.up();
    };
    await swipe(40);
    expect(await toasts(page).count()).toBe(1);
    expect(
      await toasts(page)
        .first()
        .evaluate((el) => (el as HTMLElement).style.transform),
    ).toBe('');
    await swipe(-80);
    expect(await toasts(page).count()).toBe(1);
    await swipe(60);
    await countOf(page).toBe(0);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });
});

describe('accessibility (axe, WCAG 2.2 A/AA)', () => {
  const pages: [string, number][] = [
    ['/', 200],
    ['/about', 200],
    ['/contact', 200],
    ['/privacy-policy', 200],
    ['/terms-of-service', 200],
    ['/advertise', 200],
    ['/no-such-page', 404],
  ];

  it.each(pages)('%s has no violations on a desktop screen', async (path, status) => {
    const tracked = await site.newPage(DESKTOP);
    const page = await open(tracked, path, status);
    expect(await runAxe(page)).toEqual([]);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });

  it('home has no violations on a phone, with the drawer closed and open', async () => {
    const tracked = await site.newPage(PHONE);
    const page = await open(tracked, '/');
    expect(await runAxe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    expect(await runAxe(page)).toEqual([]);
    expect(errorsOf(tracked)).toEqual([]);
    await tracked.close();
  });
});
