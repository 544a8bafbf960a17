// SQLite-only by design (streams from SQLite's connection); PostgreSQL's sitemaps: sitemap-files.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/connection.ts';
import { refreshAggregates } from '../../../db/stats-repository.ts';
import {
  insertSampleRows,
  openMigratedDatabase,
  sampleBusinessRow,
} from '../seo/testing/sample-businesses.ts';
import { idAtPosition, writeSitemapFile, writeSitemapIndex } from './sitemap-writer.ts';
import { Collector, parseEntries } from './testing/sitemap-test-support.ts';

const SITE = 'https://directory.example';
const opts = { siteUrl: SITE, businessesPerSitemap: 3 };
let dir: string;
let handle: DatabaseHandle;

// Ten businesses: 1–7 ordinary samples, 8–10 with hostile slugs, cities and categories.
function rows() {
  const base = Array.from({ length: 7 }, (_, k) => sampleBusinessRow(k + 1));
  const special = [
    {
      ...sampleBusinessRow(8),
      slug: 'tom-&-jerry-<bar>',
      city: 'Tom & Jerry <Town>',
      city_key: 'tom & jerry <town>',
    },
    {
      ...sampleBusinessRow(9),
      slug: 'café-zürich-ü',
      category: 'Beauty & Wellness',
      city: 'Zürich',
      city_key: 'zürich',
    },
    {
      ...sampleBusinessRow(10),
      slug: 'o\'neil"s',
      category: 'Beauty Wellness',
      city: 'Zürich',
      city_key: 'zürich',
    },
  ];
  return [...base, ...special].map((row, k) => ({
    ...row,
    updated_at: new Date(Date.UTC(2026, 0, 1 + k, 12)).toISOString(),
  }));
}

async function file(name: string, options = opts): Promise<{ ok: boolean; xml: string }> {
  const out = new Collector();
  const ok = await writeSitemapFile(handle.sqlite, name, options, out);
  return { ok, xml: out.text };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-'));
  handle = await openMigratedDatabase(join(dir, 'test.db'));
  insertSampleRows(handle.sqlite, rows());
  refreshAggregates(handle.sqlite);
});

afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('business sitemap files', () => {
  it('chunks ten businesses three per file into four files, in id order, canonical and escaped', async () => {
    const all: string[] = [];
    for (let n = 1; n <= 4; n++) {
      const { ok, xml } = await file(`sitemap-businesses-${n}.xml`);
      expect(ok).toBe(true);
      const entries = parseEntries(xml);
      expect(entries.length).toBe(n < 4 ? 3 : 1);
      all.push(...entries.map((e) => e.loc));
    }
    const expected = rows().map((r) => `${SITE}/details/${encodeURIComponent(r.slug)}`);
    expect(all).toEqual(expected);
    expect(all).toContain(`${SITE}/details/tom-%26-jerry-%3Cbar%3E`);
    expect(all).toContain(`${SITE}/details/caf%C3%A9-z%C3%BCrich-%C3%BC`);
    // The quote characters encodeURIComponent leaves alone arrive escaped in the XML.
    expect((await file('sitemap-businesses-4.xml')).xml).toContain('o&apos;neil%22s');
  });

  it('uses the row updated_at as lastmod, never the generation time', async () => {
    const entries = parseEntries((await file('sitemap-businesses-1.xml')).xml);
    expect(entries.map((e) => e.lastmod)).toEqual(
      rows()
        .slice(0, 3)
        .map((r) => r.updated_at),
    );
  });

  it('has no priority or changefreq', async () => {
    const { xml } = await file('sitemap-businesses-1.xml');
    expect(xml).not.toMatch(/priority|changefreq/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('answers false, writing nothing, for a file past the end or an unknown name', async () => {
    for (const name of ['sitemap-businesses-5.xml', 'sitemap-businesses-0.xml', 'sitemap-other.xml', 'x']) {
      const { ok, xml } = await file(name);
      expect(ok, name).toBe(false);
      expect(xml).toBe('');
    }
  });

  it('keeps chunks by position after rows are deleted (ids with gaps)', async () => {
    handle.sqlite.prepare('DELETE FROM businesses WHERE id IN (2, 3)').run();
    const first = parseEntries((await file('sitemap-businesses-1.xml')).xml).map((e) => e.loc);
    const expected = rows()
      .filter((_, k) => k !== 1 && k !== 2)
      .slice(0, 3)
      .map((r) => `${SITE}/details/${encodeURIComponent(r.slug)}`);
    expect(first).toEqual(expected);
    expect((await file('sitemap-businesses-3.xml')).ok).toBe(true);
    expect((await file('sitemap-businesses-4.xml')).ok).toBe(false);
  });
});

describe('cities, categories and main pages', () => {
  it('lists every city with businesses via cityPath, lastmod the latest of its businesses', async () => {
    const { ok, xml } = await file('sitemap-cities.xml');
    expect(ok).toBe(true);
    const entries = parseEntries(xml);
    const zurich = entries.find((e) => e.loc === `${SITE}/city/Z%C3%BCrich`);
    // Businesses 9 and 10 (and any sample in Zürich) – the latest is business 10's.
    expect(zurich?.lastmod).toBe(rows()[9]?.updated_at);
    expect(entries.map((e) => e.loc)).toContain(`${SITE}/city/Tom%20%26%20Jerry%20%3CTown%3E`);
    const cities = new Set(rows().map((r) => r.city_key));
    expect(entries.length).toBe(cities.size);
  });

  it('lists categories via categoryPath, merging names that share a URL', async () => {
    const entries = parseEntries((await file('sitemap-categories.xml')).xml);
    const beauty = entries.filter((e) => e.loc === `${SITE}/category/beauty-wellness`);
    expect(beauty).toHaveLength(1);
    expect(beauty[0]?.lastmod).toBe(rows()[9]?.updated_at);
    expect(new Set(entries.map((e) => e.loc)).size).toBe(entries.length);
  });

  it('lists home and the fixed pages without lastmod', async () => {
    const entries = parseEntries((await file('/sitemap-main.xml')).xml);
    expect(entries.map((e) => e.loc)).toEqual(
      [
        '/',
        '/businesses',
        '/cities',
        '/categories',
        '/about',
        '/contact',
        '/privacy-policy',
        '/terms-of-service',
        '/add-business',
        '/advertise',
      ].map((p) => `${SITE}${p}`),
    );
    expect(entries.every((e) => e.lastmod === null)).toBe(true);
  });
});

describe('sitemap index', () => {
  it('names main, categories, cities and one file per chunk', async () => {
    const out = new Collector();
    await writeSitemapIndex(handle.sqlite, opts, out);
    const locs = parseEntries(out.text, 'sitemap').map((e) => e.loc);
    expect(locs).toEqual([
      `${SITE}/sitemap-main.xml`,
      `${SITE}/sitemap-categories.xml`,
      `${SITE}/sitemap-cities.xml`,
      `${SITE}/sitemap-businesses-1.xml`,
      `${SITE}/sitemap-businesses-2.xml`,
      `${SITE}/sitemap-businesses-3.xml`,
      `${SITE}/sitemap-businesses-4.xml`,
    ]);
    expect((await file('sitemap.xml')).xml).toBe(out.text);
  });
});

describe('idAtPosition', () => {
  it('finds the same id as one long OFFSET, across several hops and gaps', async () => {
    insertSampleRows(
      handle.sqlite,
      Array.from({ length: 25_000 }, (_, k) => sampleBusinessRow(100 + k)),
    );
    handle.sqlite.prepare('DELETE FROM businesses WHERE id % 7 = 0').run();
    const offset = (n: number) =>
      (
        handle.sqlite.prepare('SELECT id FROM businesses ORDER BY id LIMIT 1 OFFSET ?').get(n) as
          | { id: number }
          | undefined
      )?.id ?? null;
    for (const position of [0, 1, 9_999, 10_000, 10_001, 20_000, 21_437]) {
      expect(await idAtPosition(handle.sqlite, position), String(position)).toBe(offset(position));
    }
    expect(await idAtPosition(handle.sqlite, 30_000)).toBeNull();
  });
});

describe('streaming', () => {
  it('honours backpressure on a slow stream with a tiny buffer and still writes everything', async () => {
    insertSampleRows(
      handle.sqlite,
      Array.from({ length: 3000 }, (_, k) => sampleBusinessRow(100 + k)),
    );
    const slow = new Collector(1024, 1);
    let drains = 0;
    slow.on('drain', () => drains++);
    const ok = await writeSitemapFile(handle.sqlite, 'sitemap-businesses-1.xml', { siteUrl: SITE }, slow);
    expect(ok).toBe(true);
    expect(parseEntries(slow.text)).toHaveLength(3010);
    expect(drains).toBeGreaterThan(0);
  });

  it('stops with an error when the client goes away mid-file, leaving the connection usable', async () => {
    insertSampleRows(
      handle.sqlite,
      Array.from({ length: 3000 }, (_, k) => sampleBusinessRow(100 + k)),
    );
    const slow = new Collector(1024, 5);
    const pending = writeSitemapFile(handle.sqlite, 'sitemap-businesses-1.xml', { siteUrl: SITE }, slow);
    setTimeout(() => slow.destroy(), 10);
    await expect(pending).rejects.toThrow(/closed/);
    expect(handle.sqlite.prepare('SELECT COUNT(*) AS n FROM businesses').get()).toEqual({ n: 3010 });
  });
});
