// Test support for server-render tests: the whole app (API + pages) over a temporary database seeded
// with generated businesses — a SQLite file by default, or a PostgreSQL database of its own with the
// same businesses (`dialect: 'postgres'`) — and small readers for the HTML it answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type express from 'express';
import { pino } from 'pino';
import { parseDatabaseAddress } from '../../../db/address.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { type Config, loadConfig } from '../../config.ts';
import type { ServerDatabase } from '../../domain/server-database.ts';
import { createSeededTestStore } from '../../domain/testing/seeded-store.ts';
import { seedBusinesses } from '../../http/admin-data/testing/seed.ts';
import { createApp } from '../../http/app.ts';

export const TEST_SITE_URL = 'https://directory.test';

export interface SiteTestEnv {
  app: express.Express;
  /** The SQLite file (the default dialect); reading it on PostgreSQL throws: use `store`. */
  database: TempDatabase;
  /** The app's database on either dialect. */
  store: Store;
  /** What --db takes for it (a file path or a postgres:// URL). */
  address: string;
  config: Config;
  dispose(): Promise<void>;
}

export interface SiteTestOptions {
  businesses?: number;
  seed?: number;
  env?: Record<string, string>;
  /** The database the app runs on (default SQLite). */
  dialect?: Dialect;
}

export async function createSiteTestEnv(options: SiteTestOptions = {}): Promise<SiteTestEnv> {
  // PostgreSQL has no file to keep the sitemaps beside: a folder of the test's own, not ./data.
  const sitemapDir =
    options.dialect === 'postgres' ? mkdtempSync(join(tmpdir(), 'site-test-sitemaps-')) : undefined;
  const config = loadConfig({
    ...(sitemapDir ? { SITEMAP_CACHE_DIR: sitemapDir } : {}),
    NODE_ENV: 'test',
    SITE_URL: TEST_SITE_URL,
    SESSION_SECRET: 's'.repeat(40),
    RESPONSE_CACHE: 'off',
    ...options.env,
  });
  const quiet = pino({ level: 'silent' }, new Writable({ write: (_c, _e, done) => done() }));
  if (options.dialect === 'postgres') {
    const seeded = await createSeededTestStore('postgres', {
      businesses: options.businesses ?? 60,
      seed: options.seed ?? 5,
    });
    const server: ServerDatabase = { store: seeded.store, address: parseDatabaseAddress(seeded.address) };
    const env = {
      app: createApp({ database: server, config, logger: quiet }),
      store: seeded.store,
      address: seeded.address,
      config,
      async dispose() {
        await seeded.dispose();
        if (sitemapDir) rmSync(sitemapDir, { recursive: true, force: true });
      },
    };
    return Object.defineProperty(env, 'database', {
      get() {
        throw new Error('env.database is the SQLite file; on PostgreSQL use env.store');
      },
    }) as SiteTestEnv;
  }
  const database = await createTempDatabase('site-test-');
  if (options.businesses ?? 60) seedBusinesses(database.sqlite, options.businesses ?? 60, options.seed ?? 5);
  const app = createApp({ database, config, logger: quiet });
  return {
    app,
    database,
    store: database.store,
    address: database.path,
    config,
    dispose: () => database.dispose(),
  };
}

/** The text of the document's <title> elements (a page must have exactly one). */
export function titlesOf(html: string): string[] {
  return [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decodeEntities(m[1] ?? ''));
}

export function metaContent(html: string, nameOrProperty: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/g) ?? []) {
    const key = /\b(?:name|property)="([^"]*)"/.exec(tag)?.[1];
    if (key === nameOrProperty) return decodeEntities(/\bcontent="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  return undefined;
}

export function canonicalOf(html: string): string | undefined {
  const tag = (html.match(/<link\b[^>]*>/g) ?? []).find((t) => /\brel="canonical"/.test(t));
  return tag ? decodeEntities(/\bhref="([^"]*)"/.exec(tag)?.[1] ?? '') : undefined;
}

/** Every JSON-LD block, parsed (throws if one does not parse), with its raw text for escape checks. */
export function jsonLdOf(html: string): { raw: string; data: Record<string, unknown> }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => ({
    raw: m[1] ?? '',
    data: JSON.parse(m[1] ?? '') as Record<string, unknown>,
  }));
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
