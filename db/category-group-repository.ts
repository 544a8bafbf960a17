// SQL for keeping businesses.category_group in step with the grouping rules (decision 0025), on
// either dialect: the version of the rules the rows were grouped by, the categories present, and
// moving the rows of one category to another group, with their search index rows (the index holds
// the group as a term). The reads and the version's write are shared; the move is each dialect's own
// (SQLite's planner hint, its FTS5 index; PostgreSQL's tsvector index, batched by id arrays).
import { sql } from 'kysely';
import { preparedQuery } from './query/prepared-query.ts';
import { ftsIndexRows, ftsRebuild, ftsRemoveRows } from './search/fts-index.ts';
import { pgSearchIndex, pgSearchRebuild, pgSearchRemove } from './search/postgres-search-index.ts';
import { cachedStatement as cached } from './statement-cache.ts';
import type { Store } from './store/store.ts';

const derivationVersionQuery = preparedQuery('derivation_version', (db, args: { key: string }) =>
  db.selectFrom('derivation_versions').select('value').where('key', '=', args.key),
);

const writeDerivationVersionQuery = preparedQuery(
  'derivation_version_write',
  (db, args: { key: string; value: string }) =>
    db
      .insertInto('derivation_versions')
      .values({ key: args.key, value: args.value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: sql<string>`excluded.value` })),
);

export async function readDerivationVersion(store: Store, key: string): Promise<string | undefined> {
  return (await store.first(derivationVersionQuery, { key }))?.value;
}

export async function writeDerivationVersion(store: Store, key: string, value: string): Promise<void> {
  await store.run(writeDerivationVersionQuery, { key, value });
}

/**
 * Makes the caller the only one rederiving `key` until its transaction ends, so that processes
 * opening the database together do the work once: each re-reads the version after this. SQLite's
 * write transaction (BEGIN IMMEDIATE) already holds the whole file; PostgreSQL takes a
 * transaction-level advisory lock (the version's row may not exist yet, so it cannot be locked).
 */
export async function lockDerivation(store: Store, key: string): Promise<void> {
  if (store.dialect === 'postgres')
    await store.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`derivation_versions:${key}`]);
}

export interface CategoryGrouping {
  category: string;
  group: string;
}

/** The columns are those of businesses_admin_filter, so that SQLite reads that index alone, never
 *  the wide rows (PostgreSQL may read it alone too, when the table is vacuumed). */
const storedGroupingsQuery = preparedQuery('stored_category_groupings', (db) =>
  db.selectFrom('businesses').select(['is_verified', 'country', 'category_group', 'category']).distinct(),
);

/** Every (category, group) pair stored (read only when the rules changed). */
export async function storedCategoryGroupings(store: Store): Promise<CategoryGrouping[]> {
  const rows = await store.all(storedGroupingsQuery, {});
  const seen = new Map<string, CategoryGrouping>();
  for (const row of rows) {
    seen.set(JSON.stringify([row.category, row.category_group]), {
      category: row.category,
      group: row.category_group,
    });
  }
  return [...seen.values()];
}

// SQLite: "+category_group" keeps the planner on the category's index: by the group's it would read
// every row of the group to find the few of one category. PostgreSQL has no such hint (and needs
// none: its statistics tell it the category is the narrower).

/** The businesses of `category` stored under `group`. */
export async function idsInCategoryGroup(store: Store, category: string, group: string): Promise<number[]> {
  if (store.dialect === 'postgres') {
    const { rows } = await store.query<{ id: number }>(
      'SELECT id FROM businesses WHERE category = $1 AND category_group = $2',
      [category, group],
    );
    return rows.map((row) => row.id);
  }
  return cached(store.sqlite, 'SELECT id FROM businesses WHERE category = ? AND +category_group = ?')
    .pluck()
    .all(category, group) as number[];
}

/** PostgreSQL moves ids in slices of this: the index reads each slice's rows into memory. */
const POSTGRES_MOVE_SLICE = 5_000;

/** Moves the businesses of `category` stored under `from` (their ids: `ids`) into `to`. With
 *  `reindex`, their search index rows follow; without, the caller rebuilds the index
 *  (rebuildSearchIndex). Call inside a write transaction. */
export async function moveCategoryGroup(
  store: Store,
  move: { category: string; from: string; to: string; ids: readonly number[] },
  reindex: boolean,
): Promise<void> {
  if (store.dialect === 'sqlite') {
    const { sqlite } = store;
    // FTS5 removes a row by its old text: before the change.
    if (reindex) ftsRemoveRows(sqlite, move.ids);
    cached(sqlite, 'UPDATE businesses SET category_group = ? WHERE category = ? AND +category_group = ?').run(
      move.to,
      move.category,
      move.from,
    );
    if (reindex) ftsIndexRows(sqlite, move.ids);
    return;
  }
  for (let start = 0; start < move.ids.length; start += POSTGRES_MOVE_SLICE) {
    const ids = move.ids.slice(start, start + POSTGRES_MOVE_SLICE);
    // By the ids read, still of that category and group: under READ COMMITTED a concurrent write could
    // have changed a row since, and only the rows moved here are the ones reindexed here.
    await store.query(
      `UPDATE businesses SET category_group = $1
       WHERE id = ANY($2::bigint[]) AND category = $3 AND category_group = $4`,
      [move.to, ids, move.category, move.from],
    );
    if (reindex) {
      // The stored tsvector says what to remove, so removing after the change is as good as before.
      await pgSearchRemove(store, ids);
      await pgSearchIndex(store, ids);
    }
  }
}

/** Rebuilds the whole search index from the businesses (when most rows moved). Call inside a write
 *  transaction. */
export async function rebuildSearchIndex(store: Store): Promise<void> {
  if (store.dialect === 'sqlite') ftsRebuild(store.sqlite);
  else await pgSearchRebuild(store);
}
