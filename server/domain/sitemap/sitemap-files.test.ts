// Every sitemap file written into a folder, on both dialects: the files the index names, stale
// business files removed — and byte-identical files from the same rows on SQLite and PostgreSQL.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshAggregatesIn } from '../../../db/aggregates.ts';
import { TEST_POSTGRES_SERVER } from '../../../db/testing/postgres-database.ts';
import type { Store } from '../../../db/store/store.ts';
import { type SampleBusinessRow, sampleBusinessRow } from '../seo/testing/sample-businesses.ts';
import {
  deleteAllBusinessesQuery,
  deleteBusinessQuery,
  insertSampleRowsIn,
} from '../seo/testing/sample-businesses-in-store.ts';
import { openStore } from '../open-database.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { writeAllSitemaps } from './sitemap-files.ts';
import { getSitemapStats } from './sitemap-stats.ts';
import { writeSitemapFile } from './sitemap-writer.ts';
import { Collector, parseEntries } from './testing/sitemap-test-support.ts';

const SITE = 'https://directory.example';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-files-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under dir. */
function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
}

async function seed(store: Store, rows: readonly SampleBusinessRow[]): Promise<void> {
  await insertSampleRowsIn(store, rows);
  await store.transaction((tx) => refreshAggregatesIn(tx));
}

describe.each(DIALECTS)('writeAllSitemaps on %s', (dialect) => {
  let test: TestStore;
  let out: string;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    await seed(
      test.store,
      Array.from({ length: 10 }, (_, k) => sampleBusinessRow(k + 1)),
    );
    out = folder('public');
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('writes the index and every file it names', async () => {
    const options = { siteUrl: SITE, businessesPerSitemap: 3 };
    const { files } = await writeAllSitemaps(test.store, options, out);
    const names = files.map((f) => basename(f));
    expect(names).toEqual([
      'sitemap.xml',
      'sitemap-main.xml',
      'sitemap-categories.xml',
      'sitemap-cities.xml',
      'sitemap-businesses-1.xml',
      'sitemap-businesses-2.xml',
      'sitemap-businesses-3.xml',
      'sitemap-businesses-4.xml',
    ]);
    expect(readdirSync(out).sort()).toEqual([...names].sort());
    const stats = await getSitemapStats(test.store, options);
    expect(stats.totalSitemaps).toBe(names.length - 1);
    const index = parseEntries(readFileSync(join(out, 'sitemap.xml'), 'utf8'), 'sitemap').map((e) => e.loc);
    expect(index).toEqual(names.slice(1).map((n) => `${SITE}/${n}`));
    const businesses = names
      .filter((n) => n.startsWith('sitemap-businesses-'))
      .flatMap((n) => parseEntries(readFileSync(join(out, n), 'utf8')).map((e) => e.loc));
    expect(businesses).toEqual(
      Array.from(
        { length: 10 },
        (_, k) => `${SITE}/details/${encodeURIComponent(sampleBusinessRow(k + 1).slug)}`,
      ),
    );
    // SQLite's server streams each file on its own: the same bytes as the folder's.
    if (test.store.dialect === 'sqlite') {
      for (const name of names) {
        const streamed = new Collector();
        expect(await writeSitemapFile(test.store.sqlite, name, options, streamed)).toBe(true);
        expect(readFileSync(join(out, name), 'utf8'), name).toBe(streamed.text);
      }
    }
  });

  it('gives exactly k files for k·N businesses and removes business files a larger run left behind', async () => {
    writeFileSync(join(out, 'sitemap-businesses-9.xml'), 'stale');
    writeFileSync(join(out, 'unrelated.txt'), 'keep');
    const { files } = await writeAllSitemaps(test.store, { siteUrl: SITE, businessesPerSitemap: 5 }, out);
    expect(files.filter((f) => basename(f).startsWith('sitemap-businesses-'))).toHaveLength(2);
    expect(readdirSync(out)).not.toContain('sitemap-businesses-9.xml');
    expect(readdirSync(out)).toContain('unrelated.txt');
    expect(readdirSync(out).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('writes only the fixed files for an empty directory', async () => {
    await test.store.run(deleteAllBusinessesQuery, {});
    const { files } = await writeAllSitemaps(test.store, { siteUrl: SITE }, out);
    expect(files.map((f) => basename(f))).toEqual([
      'sitemap.xml',
      'sitemap-main.xml',
      'sitemap-categories.xml',
      'sitemap-cities.xml',
    ]);
    expect(parseEntries(readFileSync(join(out, 'sitemap-cities.xml'), 'utf8'))).toEqual([]);
  });
});

/** Rows whose text orders differently bytewise and by language, spellings that share a city, names
 *  that share a URL, a business without a slug, escaping, and lastmods that tie. */
function awkwardRows(): SampleBusinessRow[] {
  const at = (k: number) => new Date(Date.UTC(2026, 0, 1 + (k % 9), 12)).toISOString();
  const base = Array.from({ length: 14 }, (_, k) => ({ ...sampleBusinessRow(k + 1), updated_at: at(k) }));
  const placed = (i: number, city: string, cityKey: string, category: string): SampleBusinessRow => ({
    ...sampleBusinessRow(i),
    city,
    city_key: cityKey,
    category,
    updated_at: at(i),
  });
  return [
    ...base,
    placed(20, 'Zeta', 'Zeta', 'Zoo'),
    placed(21, 'alpha', 'alpha', 'aquarium'),
    placed(22, 'Émile', 'émile', 'Église'),
    placed(23, 'beta', 'beta', 'Beauty & Wellness'),
    placed(24, 'leeds', 'leeds', 'Beauty Wellness'),
    placed(25, 'Leeds', 'leeds', 'bakery'),
    placed(26, 'Tom & Jerry <Town>', 'tom & jerry <town>', 'Bakery'),
    { ...placed(27, 'Zürich', 'zürich', 'O\'Neil\'s "Shop"'), slug: 'café-zürich-ü' },
    { ...placed(28, '', '', ''), slug: '' },
    { ...placed(29, 'alpha', 'alpha', 'aquarium'), slug: 'o\'neil"s-&-<co>' },
  ];
}

/** A PostgreSQL database whose text sorts by language (ICU en-US), as managed hosts' en_US.UTF-8
 *  databases do: the files must not depend on it. */
async function createLinguisticTestStore(): Promise<TestStore> {
  const name = `directory_test_icu_${process.pid}_${Date.now()}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_SERVER });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(
    `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`,
  );
  const url = new URL(TEST_POSTGRES_SERVER);
  url.pathname = `/${name}`;
  const handle = await openStore({ dialect: 'postgres', url: url.href, display: url.href });
  return {
    store: handle.store,
    address: url.href,
    async dispose() {
      await handle.close();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe('writeAllSitemaps on both dialects', () => {
  let stores: TestStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.map((s) => s.dispose()));
    stores = [];
  });

  it('writes byte-identical files from the same rows on SQLite and PostgreSQL, whatever its collation', async () => {
    stores = [
      ...(await Promise.all(DIALECTS.map((dialect) => createTestStore(dialect)))),
      await createLinguisticTestStore(),
    ];
    const options = { siteUrl: SITE, businessesPerSitemap: 4 };
    const written: Map<string, Buffer>[] = [];
    for (const [n, { store }] of stores.entries()) {
      await seed(store, awkwardRows());
      // Ids with a gap, and a city the precomputed counts do not know yet (its name by the MIN rule).
      await store.run(deleteBusinessQuery, { id: 3 });
      await insertSampleRowsIn(store, [
        { ...sampleBusinessRow(40), city: 'york', city_key: 'york', updated_at: '2026-03-01T00:00:00.000Z' },
        { ...sampleBusinessRow(41), city: 'York', city_key: 'york', updated_at: '2026-03-01T00:00:00.000Z' },
      ]);
      const out = folder(`out-${n}`);
      const { files } = await writeAllSitemaps(store, options, out);
      written.push(new Map(files.map((file) => [basename(file), readFileSync(file)])));
    }
    const [sqlite, ...postgres] = written as [Map<string, Buffer>, ...Map<string, Buffer>[]];
    expect(sqlite.size).toBe(4 + Math.ceil((awkwardRows().length - 1 + 2) / 4));
    for (const files of postgres) {
      expect([...files.keys()]).toEqual([...sqlite.keys()]);
      for (const [name, bytes] of sqlite)
        expect(files.get(name)?.toString('utf8'), name).toBe(bytes.toString('utf8'));
    }

    const cities = parseEntries(sqlite.get('sitemap-cities.xml')!.toString('utf8'));
    expect(cities.map((e) => e.loc)).toContain(`${SITE}/city/York`);
    expect(cities.map((e) => e.loc)).toContain(`${SITE}/city/Leeds`);
    const categories = parseEntries(sqlite.get('sitemap-categories.xml')!.toString('utf8'));
    expect(categories.filter((e) => e.loc === `${SITE}/category/beauty-wellness`)).toHaveLength(1);
  });
});

describe('writeAllSitemaps on postgres', () => {
  let test: TestStore;
  afterEach(async () => {
    await test.dispose();
  });

  it('reads one snapshot: a business committed during the run is in no file', async () => {
    test = await createTestStore('postgres');
    const store = test.store;
    if (store.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    await seed(
      store,
      Array.from({ length: 6 }, (_, k) => sampleBusinessRow(k + 1)),
    );
    const late = { ...sampleBusinessRow(50), city: 'Latecomer', city_key: 'latecomer' };
    // After the run's first read (the categories), another connection commits a new business.
    const racing = {
      ...store,
      transaction: (body: (tx: typeof store) => Promise<unknown>, options?: { readOnly?: boolean }) =>
        store.transaction(
          (tx) =>
            body({
              ...tx,
              withClient: (fn: (client: pg.PoolClient) => Promise<unknown>) =>
                tx.withClient((client) => {
                  let first = true;
                  const query = async (...args: unknown[]) => {
                    const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
                    first = false;
                    await insertSampleRowsIn(store, [late]);
                    return result;
                  };
                  return fn(
                    new Proxy(client, {
                      get: (target, key) =>
                        key === 'query' && first ? query : Reflect.get(target, key, target),
                    }),
                  );
                }),
            } as typeof store),
          options,
        ),
    } as Store;
    const out = folder('snapshot');
    const { files } = await writeAllSitemaps(racing, { siteUrl: SITE, businessesPerSitemap: 4 }, out);
    const text = files.map((file) => readFileSync(file, 'utf8')).join('');
    expect(text).not.toContain(encodeURIComponent(late.slug));
    expect(text).not.toContain('Latecomer');
    expect(files.map((f) => basename(f))).toContain('sitemap-businesses-2.xml');
    expect(files.map((f) => basename(f))).not.toContain('sitemap-businesses-3.xml');
    // It was committed: a run after it lists it.
    const again = await writeAllSitemaps(store, { siteUrl: SITE, businessesPerSitemap: 4 }, folder('after'));
    expect(again.files.map((file) => readFileSync(file, 'utf8')).join('')).toContain('Latecomer');
  });
});
