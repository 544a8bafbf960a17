// Test support for server-render tests: the whole app (API + pages) over a temporary SQLite file
// seeded with generated businesses, and small readers for the HTML it answers.
import { Writable } from 'node:stream';
import type express from 'express';
import { pino } from 'pino';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { type Config, loadConfig } from '../../config.ts';
import { createApp } from '../../http/app.ts';
import { seedBusinesses } from '../../http/admin-data/testing/seed.ts';

export const TEST_SITE_URL = 'https://directory.test';

export interface SiteTestEnv {
  app: express.Express;
  database: TempDatabase;
  config: Config;
  dispose(): Promise<void>;
}

export async function createSiteTestEnv(
  options: { businesses?: number; seed?: number; env?: Record<string, string> } = {},
): Promise<SiteTestEnv> {
  const database = await createTempDatabase('site-test-');
  if (options.businesses ?? 60) seedBusinesses(database.sqlite, options.businesses ?? 60, options.seed ?? 5);
  const config = loadConfig({
    NODE_ENV: 'test',
    SITE_URL: TEST_SITE_URL,
    SESSION_SECRET: 's'.repeat(40),
    RESPONSE_CACHE: 'off',
    ...options.env,
  });
  const quiet = pino({ level: 'silent' }, new Writable({ write: (_c, _e, done) => done() }));
  const app = createApp({ database, config, logger: quiet });
  return { app, database, config, dispose: () => database.dispose() };
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
