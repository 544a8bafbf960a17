import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bumpDataVersion, readDataVersion } from '../../../db/stats-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { seedBusinesses } from '../../http/admin-data/testing/seed.ts';
import { assertWellFormedXml } from '../sitemap/testing/sitemap-test-support.ts';
import {
  SitemapCache,
  type SitemapCacheOptions,
  SitemapsUnavailable,
  storedFilePath,
} from './sitemap-cache.ts';

let database: TempDatabase;
let root: string;

beforeEach(async () => {
  database = await createTempDatabase('sitemap-cache-');
  seedBusinesses(database.sqlite, 12);
  root = join(database.dir, 'sitemaps');
});

afterEach(async () => {
  await database.dispose();
});

/** A generator that writes one file naming the data version it saw, and can be held or made to fail. */
function fakeGenerator() {
  const calls: string[] = [];
  let release: (() => void) | undefined;
  let hold = false;
  let fail = false;
  return {
    calls,
    hold() {
      hold = true;
    },
    release() {
      hold = false;
      release?.();
    },
    failNext() {
      fail = true;
    },
    generate: async (dir: string) => {
      calls.push(dir);
      const version = readDataVersion(database.sqlite);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      if (fail) {
        fail = false;
        throw new Error('disk full');
      }
      writeFileSync(join(dir, 'sitemap.xml.gz'), `version ${version}`);
      return { files: ['sitemap.xml'] };
    },
  };
}

function cacheWith(options: Partial<SitemapCacheOptions> & Pick<SitemapCacheOptions, 'generate'>) {
  return new SitemapCache({
    root,
    siteUrl: 'https://directory.test',
    readVersion: () => readDataVersion(database.sqlite),
    minIntervalMs: 0,
    ...options,
  });
}

const contentOf = (path: string | undefined) => readFileSync(path ?? '', 'utf8');

describe('SitemapCache', () => {
  it('generates the real files in a worker: gzipped, well-formed, one folder per data version', async () => {
    const cache = new SitemapCache({
      root,
      siteUrl: 'https://directory.test',
      readVersion: () => readDataVersion(database.sqlite),
      database: database.path,
      businessesPerSitemap: 5,
    });
    const set = await cache.current();
    expect([...set.files].sort()).toEqual([
      'sitemap-businesses-1.xml',
      'sitemap-businesses-2.xml',
      'sitemap-businesses-3.xml',
      'sitemap-categories.xml',
      'sitemap-cities.xml',
      'sitemap-main.xml',
      'sitemap.xml',
    ]);
    expect(set.version).toBe(readDataVersion(database.sqlite));
    for (const name of set.files) {
      const xml = gunzipSync(readFileSync(storedFilePath(set, name) ?? '')).toString('utf8');
      assertWellFormedXml(xml);
    }
    expect(readdirSync(set.dir).every((file) => file.endsWith('.xml.gz'))).toBe(true);
    expect(await cache.current()).toBe(set);
  });

  it('serves the last files while the new version is written, then the new ones', async () => {
    const generator = fakeGenerator();
    const cache = cacheWith({ generate: generator.generate });
    const first = await cache.current();
    const v1 = first.version;
    expect(contentOf(storedFilePath(first, 'sitemap.xml'))).toBe(`version ${v1}`);

    bumpDataVersion(database.sqlite);
    generator.hold();
    // The change is noticed: a new generation starts, and the old files answer meanwhile.
    expect(await cache.current()).toBe(first);
    await vi.waitFor(() => expect(generator.calls).toHaveLength(2));
    expect(await cache.current()).toBe(first);
    expect(generator.calls).toHaveLength(2); // one generation at a time
    generator.release();
    await cache.settled();
    const second = await cache.current();
    expect(second.version).toBe(v1 + 1);
    expect(contentOf(storedFilePath(second, 'sitemap.xml'))).toBe(`version ${v1 + 1}`);
  });

  it('starts a new generation at most once per interval', async () => {
    let now = 1_000_000;
    const generator = fakeGenerator();
    const cache = cacheWith({ generate: generator.generate, minIntervalMs: 60_000, now: () => now });
    const first = await cache.current();
    bumpDataVersion(database.sqlite);
    now += 30_000;
    expect(await cache.current()).toBe(first);
    expect(generator.calls).toHaveLength(1);
    now += 30_000;
    await cache.current();
    await cache.settled();
    expect(generator.calls).toHaveLength(2);
    expect((await cache.current()).version).toBe(first.version + 1);
  });

  it('keeps the folder of the set before the current one (requests may still read it) and no older', async () => {
    const generator = fakeGenerator();
    const cache = cacheWith({ generate: generator.generate });
    const sets = [await cache.current()];
    for (let i = 0; i < 3; i++) {
      bumpDataVersion(database.sqlite);
      await cache.current();
      await cache.settled();
      sets.push(await cache.current());
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sets.map((set) => existsSync(set.dir))).toEqual([false, false, true, true]);
  });

  it('makes the first request wait; a failed first generation is refused until it may be retried', async () => {
    let now = 5_000_000;
    const generator = fakeGenerator();
    generator.failNext();
    const cache = cacheWith({ generate: generator.generate, now: () => now });
    await expect(cache.current()).rejects.toThrow('disk full');
    await expect(cache.current()).rejects.toBeInstanceOf(SitemapsUnavailable);
    expect(generator.calls).toHaveLength(1);
    now += 30_000;
    expect((await cache.current()).files.has('sitemap.xml')).toBe(true);
    // No half-written folder is left behind.
    expect(readdirSync(root).filter((entry) => entry.startsWith('tmp-'))).toEqual([]);
  });

  it('removes what an earlier process left, since versions may not mean the same data after a restart', async () => {
    mkdirSync(join(root, 'v7-abc'), { recursive: true });
    mkdirSync(join(root, 'tmp-def'), { recursive: true });
    writeFileSync(join(root, 'v7-abc', 'sitemap.xml.gz'), 'stale');
    const cache = cacheWith({ generate: fakeGenerator().generate });
    const set = await cache.current();
    expect(readdirSync(root)).toEqual([set.dir.slice(root.length + 1)]);
  });
});
