// Keeps the stored category_group of every business in step with this version's grouping rules: at
// every start (server or CLI), a database grouped under other rules gets the rows whose group the
// rules now decide differently moved, with their search index rows and their generated about text
// (it names the group). The check itself reads one row; the work happens once per change of rules.
import {
  idsInCategoryGroup,
  lockDerivation,
  moveCategoryGroup,
  readDerivationVersion,
  rebuildSearchIndex,
  storedCategoryGroupings,
  writeDerivationVersion,
} from '../../../db/category-group-repository.ts';
import { bumpDataVersionQuery, countAllBusinessesQuery } from '../../../db/stats-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { refreshGeneratedTexts } from '../seo/generate-seo.ts';
import { CATEGORY_GROUPING_VERSION, createCategoryGrouper } from './category-groups.ts';

export const CATEGORY_GROUPING_KEY = 'category_groups';

/** Moving a row's index entry costs about 2.5× indexing it afresh (measured on SQLite at 20,000 rows:
 *  ~380 µs against ~150 µs a row): past this share of all rows, the whole index is rebuilt instead.
 *  PostgreSQL takes the same share (its removal and indexing are batched, its rebuild is not cheaper). */
const REBUILD_SHARE = 0.35;

export interface RegroupResult {
  /** Businesses whose group changed. */
  regrouped: number;
  /** Of those, the ones whose generated texts were rewritten. */
  textsRefreshed: number;
  /** Whether the search index was rebuilt rather than updated row by row. */
  indexRebuilt: boolean;
}

interface Move {
  category: string;
  from: string;
  to: string;
  ids: number[];
}

/**
 * Regroups the stored businesses if they were grouped by other rules than this version's, in one
 * write transaction on either dialect (SQLite: BEGIN IMMEDIATE; PostgreSQL: one transaction holding
 * the rows it moves until it commits, so pages never show a row in its new group with its old text).
 */
export async function ensureCategoryGroups(
  store: Store,
  now: () => Date = () => new Date(),
): Promise<RegroupResult> {
  const none = { regrouped: 0, textsRefreshed: 0, indexRebuilt: false };
  if ((await readDerivationVersion(store, CATEGORY_GROUPING_KEY)) === CATEGORY_GROUPING_VERSION) return none;
  const result = await store.transaction(async (tx) => {
    await lockDerivation(tx, CATEGORY_GROUPING_KEY);
    // Another process may have done it while this one waited for the lock.
    if ((await readDerivationVersion(tx, CATEGORY_GROUPING_KEY)) === CATEGORY_GROUPING_VERSION) return none;
    const groupOf = createCategoryGrouper();
    const moves: Move[] = [];
    for (const { category, group } of await storedCategoryGroupings(tx)) {
      const to = groupOf(category);
      if (to !== group)
        moves.push({ category, from: group, to, ids: await idsInCategoryGroup(tx, category, group) });
    }
    const moved = moves.flatMap((move) => move.ids);
    const total = moved.length > 0 ? ((await tx.first(countAllBusinessesQuery, {}))?.n ?? 0) : 0;
    const rebuild = moved.length > 0 && moved.length > REBUILD_SHARE * total;
    for (const move of moves) await moveCategoryGroup(tx, move, !rebuild);
    if (rebuild) await rebuildSearchIndex(tx);
    const textsRefreshed = await refreshGeneratedTexts(tx, moved, now());
    await writeDerivationVersion(tx, CATEGORY_GROUPING_KEY, CATEGORY_GROUPING_VERSION);
    // No stored count is per group (a group's count is read from its index), so nothing needs a
    // recount; the caches key on the data version.
    if (moved.length > 0) await tx.run(bumpDataVersionQuery, {});
    return { regrouped: moved.length, textsRefreshed, indexRebuilt: rebuild };
  });
  // As after PostgreSQL's rebuild at open (postgres-search-state.ts): the new rows' statistics, or the
  // planner takes a common word for a rare one.
  if (result.indexRebuilt && store.dialect === 'postgres')
    await store.query('ANALYZE search_documents, search_vocab');
  return result;
}
