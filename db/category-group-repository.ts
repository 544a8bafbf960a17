// SQL for keeping businesses.category_group in step with the grouping rules (decision 0025): the
// version of the rules the rows were grouped by, the categories present, and moving the rows of one
// category to another group, with their search index rows (the index holds the group as a term).
import type { Sqlite } from './connection.ts';
import { ftsIndexRows, ftsRemoveRows } from './search/fts-index.ts';
import { cachedStatement as cached } from './statement-cache.ts';

export function readDerivationVersion(sqlite: Sqlite, key: string): string | undefined {
  return cached(sqlite, 'SELECT value FROM derivation_versions WHERE key = ?').pluck().get(key) as
    | string
    | undefined;
}

export function writeDerivationVersion(sqlite: Sqlite, key: string, value: string): void {
  cached(
    sqlite,
    `INSERT INTO derivation_versions (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(key, value);
}

export interface CategoryGrouping {
  category: string;
  group: string;
}

/** Every (category, group) pair stored. The columns are those of businesses_admin_filter, so the
 *  scan reads that index alone, never the wide rows (only when the rules changed). */
export function storedCategoryGroupings(sqlite: Sqlite): CategoryGrouping[] {
  const rows = sqlite
    .prepare('SELECT DISTINCT is_verified, country, category_group, category FROM businesses')
    .all() as { category_group: string; category: string }[];
  const seen = new Map<string, CategoryGrouping>();
  for (const row of rows) {
    seen.set(JSON.stringify([row.category, row.category_group]), {
      category: row.category,
      group: row.category_group,
    });
  }
  return [...seen.values()];
}

// "+category_group" keeps the planner on the category's index: by the group's it would read every
// row of the group to find the few of one category.

/** The businesses of `category` stored under `group`. */
export function idsInCategoryGroup(sqlite: Sqlite, category: string, group: string): number[] {
  return cached(sqlite, 'SELECT id FROM businesses WHERE category = ? AND +category_group = ?')
    .pluck()
    .all(category, group) as number[];
}

/** Moves the businesses of `category` stored under `from` (their ids: `ids`) into `to`. With
 *  `reindex`, their search index rows follow (removed before the change, indexed after); without,
 *  the caller rebuilds the index. Call inside a write transaction. */
export function moveCategoryGroup(
  sqlite: Sqlite,
  move: { category: string; from: string; to: string; ids: readonly number[] },
  reindex: boolean,
): void {
  if (reindex) ftsRemoveRows(sqlite, move.ids);
  cached(sqlite, 'UPDATE businesses SET category_group = ? WHERE category = ? AND +category_group = ?').run(
    move.to,
    move.category,
    move.from,
  );
  if (reindex) ftsIndexRows(sqlite, move.ids);
}
