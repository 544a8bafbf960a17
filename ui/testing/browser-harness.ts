// Browser tests: a real server (startServer, the production boot path) on a seeded temporary
// database, the built client, and Debian's chromium driven by playwright-core.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { createTempDatabase, type TempDatabase } from '../../db/testing/temp-database.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { hashPassword } from '../../server/domain/admin/password-hash.ts';
import { seedBusinesses } from '../../server/http/admin-data/testing/seed.ts';
import { type RunningServer, startServer } from '../../server/index.ts';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.ts';
import { ensureClientBuild } from './client-build.ts';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface BrowserSite {
  baseUrl: string;
  browser: Browser;
  database: TempDatabase;
  config: Config;
  server: RunningServer;
  /** A new page in a fresh context; console errors and page errors are collected in `errors`. */
  newPage(options?: BrowserContextOptions): Promise<TrackedPage>;
  dispose(): Promise<void>;
}

export interface TrackedPage {
  page: Page;
  /** Console errors, uncaught exceptions and React hydration warnings seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export async function startBrowserSite(
  options: { businesses?: number; env?: Record<string, string> } = {},
): Promise<BrowserSite> {
  ensureClientBuild();
  const executablePath = ensureChromium();
  const database = await createTempDatabase('browser-test-');
  if (options.businesses ?? 60) seedBusinesses(database.sqlite, options.businesses ?? 60);
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_PATH: database.path,
    SITE_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 's'.repeat(40),
    ADMIN_USERNAME,
    ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD, { N: 1024, r: 8, p: 1 }),
    ...options.env,
  });
  const server = await startServer(config);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  return {
    baseUrl,
    browser,
    database,
    config,
    server,
    async newPage(contextOptions) {
      const context = await browser.newContext({ baseURL: baseUrl, ...contextOptions });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        const where = message.location().url;
        // The document's own status (a 404 page) is the test's business, not an error of the page.
        if (/^Failed to load resource/.test(message.text()) && where === page.url()) return;
        // Tests run offline: photos on other hosts fail to load (the fallback picture is tested).
        if (/^Failed to load resource/.test(message.text()) && !where.startsWith(baseUrl)) return;
        if (message.type() === 'error' || /hydrat/i.test(message.text()))
          errors.push(`${message.text()}${where ? ` (${where})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, errors, close: () => context.close() };
    },
    async dispose() {
      await browser.close();
      await server.close();
      await database.dispose();
    },
  };
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP does not
 *  block it) and returns the violations of WCAG 2.2 A/AA rules, each with its failing selectors. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  // Axe reads colours as painted: a toast still fading in (0.2 s) measured as low contrast now and
  // then. Let the finite animations finish first (an endless one, a spinner, would never).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }),
    );
  }, AXE_TAGS);
}
