// The foundation of the website in a real browser: the server's document hydrates without a
// mismatch or an error, and hydration does not refetch what the server sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSite, startBrowserSite } from './browser-harness.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await startBrowserSite();
});

afterAll(async () => {
  await site?.dispose();
});

describe('hydration', () => {
  it('hydrates the home page without errors and without calling the API again', async () => {
    const { page, errors, close } = await site.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    const response = await page.goto('/', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    // React marks the root once hydrated; wait for the bundle to have run.
    await page.waitForFunction(() => document.querySelectorAll('script[type="module"]').length > 0);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(apiCalls).toEqual([]);
    await close();
  });

  it('answers an unknown path with the 404 page, hydrated without errors', async () => {
    const { page, errors, close } = await site.newPage();
    const response = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.title()).toContain('404 Page Not Found');
    expect(errors).toEqual([]);
    await close();
  });
});
