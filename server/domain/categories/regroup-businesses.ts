// Keeps the stored category_group of every business in step with this version's grouping rules: at
// every start (server or CLI), a database grouped under other rules gets the rows whose group the
// rules now decide differently moved, with their search index rows and their generated about text
// (it names the group). The check itself reads one row; the work happens once per change of rules.
import {
  idsInCategoryGroup,
  moveCategoryGroup,
  readDerivationVersion,
  storedCategoryGroupings,
  writeDerivationVersion,
} from '../../../db/category-group-repository.ts';
import { immediateTransaction, type Sqlite } from '../../../db/connection.ts';
import { ftsRebuild } from '../../../db/search/fts-index.ts';
import { countBusinesses } from '../../../db/seo-repository.ts';
import { bumpDataVersion } from '../../../db/stats-repository.ts';
import { refreshGeneratedTexts } from '../seo/generate-seo.ts';
import { CATEGORY_GROUPING_VERSION, createCategoryGrouper } from './category-groups.ts';

export const CATEGORY_GROUPING_KEY = 'category_groups';

/** Moving a row's index entry costs about 2.5× indexing it afresh (measured at 20,000 rows: ~380 µs
 *  against ~150 µs a row): past this share of all rows, the whole index is rebuilt instead. */
const REBUILD_SHARE = 0.35;

export interface RegroupResult {
  /** Businesses whose group changed. */
  regrouped: number;
  /** Of those, the ones whose generated texts were rewritten. */
  textsRefreshed: number;
  /** Whether the search index was rebuilt rather than updated row by row. */
  indexRebuilt: boolean;
}

export function ensureCategoryGroups(sqlite: Sqlite, now: () => Date = () => new Date()): RegroupResult {
  const none = { regrouped: 0, textsRefreshed: 0, indexRebuilt: false };
  if (readDerivationVersion(sqlite, CATEGORY_GROUPING_KEY) === CATEGORY_GROUPING_VERSION) return none;
  return immediateTransaction(sqlite, () => {
    // Another process may have done it while this one waited for the lock.
    if (readDerivationVersion(sqlite, CATEGORY_GROUPING_KEY) === CATEGORY_GROUPING_VERSION) return none;
    const groupOf = createCategoryGrouper();
    const moves = storedCategoryGroupings(sqlite)
      .map(({ category, group }) => ({ category, from: group, to: groupOf(category) }))
      .filter((move) => move.to !== move.from)
      .map((move) => ({ ...move, ids: idsInCategoryGroup(sqlite, move.category, move.from) }));
    const moved = moves.flatMap((move) => move.ids);
    const rebuild = moved.length > 0 && moved.length > REBUILD_SHARE * countBusinesses(sqlite);
    for (const move of moves) moveCategoryGroup(sqlite, move, !rebuild);
    if (rebuild) ftsRebuild(sqlite);
    const textsRefreshed = refreshGeneratedTexts(sqlite, moved, now());
    writeDerivationVersion(sqlite, CATEGORY_GROUPING_KEY, CATEGORY_GROUPING_VERSION);
    // No stored count is per group (a group's count is read from its index), so nothing needs a
    // recount; the caches key on the data version.
    if (moved.length > 0) bumpDataVersion(sqlite);
    return { regrouped: moved.length, textsRefreshed, indexRebuilt: rebuild };
  });
}
