// Regrouping at open on both dialects: a database grouped by older rules gets its rows moved, with
// their search terms and generated texts, once; processes opening it together regroup it once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseAddress } from '../../../db/address.ts';
import { fieldBit } from '../../../db/business-fields.ts';
import { indexBusinessesIn, unindexBusinessesIn } from '../../../db/business-upkeep.ts';
import { lockDerivation, writeDerivationVersion } from '../../../db/category-group-repository.ts';
import type { Dialect } from '../../../db/query/prepared-query.ts';
import { groupFacet } from '../../../db/search/analyzer.ts';
import { ftsIntegrityCheck } from '../../../db/search/fts-index.ts';
import { pgSearchRebuild } from '../../../db/search/postgres-search-index.ts';
import type { Store, StoreHandle } from '../../../db/store/store.ts';
import { createPostgresDatabase } from '../../../db/testing/postgres-database.ts';
import { importSpreadsheet } from '../import/import-spreadsheet.ts';
import { mapsRow, writeWorkbook } from '../import/testing/workbook.ts';
import { openStore } from '../open-database.ts';
import { searchDirectory } from '../search/search.ts';
import { generateSeo } from '../seo/generate-seo.ts';
import { sqlIn } from '../testing/sql-in.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { CATEGORY_GROUPING_VERSION } from './category-groups.ts';
import { CATEGORY_GROUPING_KEY, ensureCategoryGroups } from './regroup-businesses.ts';

const SITE = 'https://directory.test';
const none = { regrouped: 0, textsRefreshed: 0, indexRebuilt: false };
const HAND_WRITTEN = 'Our own words: the Professional Services of wine.';

const sql = sqlIn;

interface Row {
  id: number;
  name: string;
  category: string;
  category_group: string;
  about: string | null;
  seo_title: string | null;
  updated_at: string;
}

const rows = (store: Store) =>
  sql<Row>(
    store,
    'SELECT id, name, category, category_group, about, seo_title, updated_at FROM businesses ORDER BY id',
  );

const storedVersion = async (store: Store) =>
  (
    await sql<{ value: string }>(store, 'SELECT value FROM derivation_versions WHERE key = ?', [
      CATEGORY_GROUPING_KEY,
    ])
  )[0]?.value;

const dataVersion = async (store: Store) =>
  Number(
    (await sql<{ value: number }>(store, `SELECT value FROM site_stats WHERE key = 'data_version'`))[0]
      ?.value ?? 0,
  );

/** How many search index rows carry a group's term. */
async function indexedInGroup(store: Store, group: string): Promise<number> {
  const term = groupFacet(group);
  if (store.dialect === 'postgres')
    return (
      await store.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM search_documents WHERE terms @@ $1::tsquery',
        [`'${term}'`],
      )
    ).rows[0]!.n;
  return store.sqlite
    .prepare('SELECT COUNT(*) FROM search_fts WHERE search_fts MATCH ?')
    .pluck()
    .get(`"${term}"`) as number;
}

/** The index is what a rebuild from the rows would make: FTS5's own check on SQLite; on PostgreSQL
 *  the documents and the vocabulary against a rebuild in a transaction rolled back. */
async function expectIndexConsistent(store: Store): Promise<void> {
  if (store.dialect === 'sqlite') {
    ftsIntegrityCheck(store.sqlite);
    return;
  }
  const read = async (on: Store) => ({
    documents: await sql(
      on,
      'SELECT rowid, business_id, terms::text AS terms, name::text AS name FROM search_documents ORDER BY rowid',
    ),
    vocab: await sql(on, 'SELECT field, term, docs FROM search_vocab WHERE docs <> 0 ORDER BY field, term'),
  });
  const current = await read(store);
  let rebuilt: Awaited<ReturnType<typeof read>> | undefined;
  await store
    .transaction(async (tx) => {
      await pgSearchRebuild(tx);
      rebuilt = await read(tx);
      throw new Error('roll back');
    })
    .catch(() => {});
  expect(current).toEqual(rebuilt);
}

/** A database the test can close and open again, as a server or CLI start does. */
let address: DatabaseAddress;
let remove: () => Promise<void>;
let open: StoreHandle[] = [];

async function createDatabase(dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'regroup-test-'));
    const path = join(dir, 'directory.db');
    address = { dialect, path, display: path };
    remove = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const database = await createPostgresDatabase();
    address = { dialect, url: database.url, display: database.url };
    remove = database.drop;
  }
}

async function openIt(): Promise<Store> {
  const handle = await openStore(address);
  open.push(handle);
  return handle.store;
}

async function closeAll(): Promise<void> {
  for (const handle of open) await handle.close();
  open = [];
}

afterEach(async () => {
  await closeAll();
  await remove();
});

let fileNumber = 0;

async function importRows(store: Store, sheet: ReturnType<typeof mapsRow>[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'regroup-sheet-'));
  try {
    const filePath = writeWorkbook(join(dir, `rows-${++fileNumber}.xlsx`), sheet);
    const database =
      store.dialect === 'sqlite'
        ? store
        : { store, url: (address as Extract<DatabaseAddress, { dialect: 'postgres' }>).url };
    await importSpreadsheet(database, { filePath, startedBy: 'test', priority: 'low' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Puts the database in the state the previous rules left: bars under the catch-all, in the rows,
 *  in the search index and in the generated texts, and the old version recorded. */
async function groupAsTheOldRulesDid(store: Store): Promise<number[]> {
  const bars = (
    await sql<{ id: number }>(
      store,
      `SELECT id FROM businesses WHERE category IN ('Bar', 'Wine bar') ORDER BY id`,
    )
  ).map((row) => row.id);
  await store.transaction(async (tx) => {
    await unindexBusinessesIn(tx, bars);
    for (const id of bars)
      await sql(
        tx,
        `UPDATE businesses SET category_group = 'Professional Services',
           about = replace(about, 'Restaurants', 'Professional Services') WHERE id = ?`,
        [id],
      );
    await indexBusinessesIn(tx, bars);
    await writeDerivationVersion(tx, CATEGORY_GROUPING_KEY, '0-old');
  });
  return bars;
}

describe.each(DIALECTS)('regrouping an existing database at open (%s)', (dialect) => {
  beforeEach(async () => {
    await createDatabase(dialect);
  });

  it('moves rows the new rules group differently, with their search terms and about texts, once', async () => {
    // Three of ten rows move: their index rows are rewritten one by one.
    let store = await openIt();
    await importRows(store, [
      mapsRow({ name: 'Copper Tap House', category: 'Bar' }),
      mapsRow({ name: 'Velvet Room', category: 'Bar' }),
      mapsRow({ name: 'Vino Corner', category: 'Wine bar' }),
      ...Array.from({ length: 7 }, (_, i) =>
        mapsRow({ name: `Smile Dental Loop ${i + 1}`, category: 'Dentist' }),
      ),
    ]);
    const expectedGroups = [...Array(3).fill('Restaurants'), ...Array(7).fill('Healthcare')];
    expect((await rows(store)).map((r) => r.category_group)).toEqual(expectedGroups);
    await generateSeo(store, { siteUrl: SITE, now: () => new Date('2026-01-01T00:00:00.000Z') });
    const bars = await groupAsTheOldRulesDid(store);
    expect(bars).toHaveLength(3);
    // The administrator wrote Vino Corner's about text by hand: a regroup never replaces it.
    await sql(store, 'UPDATE businesses SET about = ?, edited_mask = ? WHERE id = ?', [
      HAND_WRITTEN,
      fieldBit('about'),
      bars[2],
    ]);
    const before = await rows(store);
    expect(before.filter((r) => r.category_group === 'Professional Services')).toHaveLength(3);
    expect(before[0]?.about).toContain('Professional Services');
    expect(before[1]?.about).toContain('Professional Services');
    expect(await indexedInGroup(store, 'Restaurants')).toBe(0);
    expect(await indexedInGroup(store, 'Professional Services')).toBe(3);
    const search = (on: Store, category: string) =>
      searchDirectory(on, { q: 'copper', category, page: 1, pageSize: 10 }).then((answer) =>
        answer.businesses.map((b) => b.name),
      );
    expect(await search(store, 'restaurants')).toEqual([]);
    expect(await search(store, 'professional-services')).toEqual(['Copper Tap House']);
    const versionBefore = await dataVersion(store);
    await closeAll();

    // The next start (server or CLI) opens it through openStore.
    store = await openIt();
    const after = await rows(store);
    expect(after.map((r) => r.category_group)).toEqual(expectedGroups);
    expect(await indexedInGroup(store, 'Restaurants')).toBe(3);
    expect(await indexedInGroup(store, 'Professional Services')).toBe(0);
    expect(await search(store, 'restaurants')).toEqual(['Copper Tap House']);
    expect(await search(store, 'professional-services')).toEqual([]);
    await expectIndexConsistent(store);
    for (const row of after.slice(0, 2)) {
      expect(row.about).toContain('Restaurants');
      expect(row.about).not.toContain('Professional Services');
      // The text changed, so the page did: sitemaps' lastmod moves.
      expect(row.updated_at).not.toBe('2026-01-01T00:00:00.000Z');
    }
    expect(after[2]?.about).toBe(HAND_WRITTEN);
    // The dentists were already right: not touched.
    expect(after.slice(3)).toEqual(before.slice(3));
    expect(await indexedInGroup(store, 'Healthcare')).toBe(7);
    const versionAfter = await dataVersion(store);
    expect(versionAfter).toBeGreaterThan(versionBefore);
    expect(await storedVersion(store)).toBe(CATEGORY_GROUPING_VERSION);

    // Once done, a start does nothing more.
    await closeAll();
    store = await openIt();
    expect(await rows(store)).toEqual(after);
    expect(await dataVersion(store)).toBe(versionAfter);
    expect(await ensureCategoryGroups(store)).toEqual(none);
  });

  it('rebuilds the search index when most rows move, and leaves never-generated texts to the SEO run', async () => {
    const store = await openIt();
    await importRows(store, [
      mapsRow({ name: 'The Red Lion', category: 'Bar' }),
      mapsRow({ name: 'Smile Dental Wacker', category: 'Dentist' }),
    ]);
    await groupAsTheOldRulesDid(store);
    expect(await indexedInGroup(store, 'Restaurants')).toBe(0);
    const versionBefore = await dataVersion(store);
    expect(await ensureCategoryGroups(store)).toEqual({
      regrouped: 1,
      textsRefreshed: 0,
      indexRebuilt: true,
    });
    expect((await rows(store))[0]).toMatchObject({ category_group: 'Restaurants', about: null });
    expect(await indexedInGroup(store, 'Restaurants')).toBe(1);
    expect(await indexedInGroup(store, 'Healthcare')).toBe(1);
    expect(await indexedInGroup(store, 'Professional Services')).toBe(0);
    expect(await dataVersion(store)).toBeGreaterThan(versionBefore);
    await expectIndexConsistent(store);
  });

  it('records the version on a database without one, touching nothing', async () => {
    const store = await openIt();
    // Opening a new database recorded it already.
    expect(await storedVersion(store)).toBe(CATEGORY_GROUPING_VERSION);
    await importRows(store, [mapsRow({ name: 'Smile Dental Lake', category: 'Dentist' })]);
    await sql(store, 'DELETE FROM derivation_versions');
    const before = await rows(store);
    const versionBefore = await dataVersion(store);
    expect(await ensureCategoryGroups(store)).toEqual(none);
    expect(await ensureCategoryGroups(store)).toEqual(none);
    expect(await storedVersion(store)).toBe(CATEGORY_GROUPING_VERSION);
    expect(await rows(store)).toEqual(before);
    expect(await dataVersion(store)).toBe(versionBefore);
  });
});

describe('regrouping when instances open a PostgreSQL database together', () => {
  beforeEach(async () => {
    await createDatabase('postgres');
  });

  it('regroups once: the second waits for the first, then finds the version current', async () => {
    const store = await openIt();
    await importRows(store, [
      mapsRow({ name: 'Copper Tap House', category: 'Bar' }),
      ...Array.from({ length: 4 }, (_, i) =>
        mapsRow({ name: `Smile Dental Bay ${i + 1}`, category: 'Dentist' }),
      ),
    ]);
    await groupAsTheOldRulesDid(store);
    const versionBefore = await dataVersion(store);
    // The lock held here until both instances wait for it: both are past their first read of the old
    // version, so only the read under the lock can keep the second from regrouping again.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = store.transaction(async (tx) => {
      await lockDerivation(tx, CATEGORY_GROUPING_KEY);
      locked();
      await released;
    });
    await isLocked;
    const { openPostgres } = await import('../../../db/postgres/connection.ts');
    const { createPostgresStore } = await import('../../../db/store/postgres-store.ts');
    const url = (address as Extract<DatabaseAddress, { dialect: 'postgres' }>).url;
    const pools = [openPostgres(url, 'first'), openPostgres(url, 'second')];
    try {
      const running = Promise.all(
        pools.map((handle) => ensureCategoryGroups(createPostgresStore(handle.pool, handle.display))),
      );
      const waiting = async () =>
        (
          await sql<{ n: number }>(
            store,
            `SELECT COUNT(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          )
        )[0]?.n;
      for (let tries = 0; (await waiting()) !== 2; tries++) {
        if (tries > 500) throw new Error('the instances never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await holding;
      const results = await running;
      expect(results.map((result) => result.regrouped).sort()).toEqual([0, 1]);
    } finally {
      release();
      for (const handle of pools) await handle.close();
    }
    expect(await dataVersion(store)).toBe(versionBefore + 1);
    expect(await indexedInGroup(store, 'Restaurants')).toBe(1);
    await expectIndexConsistent(store);
  });
});
