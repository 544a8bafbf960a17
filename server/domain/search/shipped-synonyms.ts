// The shipped synonym table (data/synonyms.txt) in a PostgreSQL database. SQLite's is kept in step at
// every open, with its search index (search-index-state.ts); PostgreSQL has no search index yet, so
// its shipped groups are brought in step here, before the synonym commands read or add groups, and
// `directory synonyms list` answers the same on both.
import { readFileSync } from 'node:fs';
import { bumpDataVersionQuery } from '../../../db/stats-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import {
  deleteSynonymGroupsOf,
  insertSynonymGroups,
  readSynonymTermsOf,
} from '../../../db/synonym-groups-repository.ts';
import { lockTableForWrites } from '../../../db/table-write-lock.ts';
import { SHIPPED_SYNONYMS } from './search-index-state.ts';
import { parseSynonymFile } from './synonyms.ts';

/**
 * Replaces the shipped groups when they differ from this version's file; true when it did. Compared
 * by content rather than by a fingerprint in search_state (which a copy does not carry), so that a
 * site copied from SQLite keeps its rows, ids and order.
 */
export async function ensureShippedSynonyms(store: Store): Promise<boolean> {
  const { groups } = parseSynonymFile(readFileSync(SHIPPED_SYNONYMS, 'utf8'));
  const wanted = groups.map((terms) => terms.join(', '));
  const current = async (on: Store) => {
    const stored = await readSynonymTermsOf(on, 'shipped');
    return stored.length === wanted.length && stored.every((terms, i) => terms === wanted[i]);
  };
  if (await current(store)) return false;
  return store.transaction(async (tx) => {
    await lockTableForWrites(tx, 'search_synonyms');
    // Another process may have done it meanwhile.
    if (await current(tx)) return false;
    await deleteSynonymGroupsOf(tx, 'shipped');
    await insertSynonymGroups(tx, 'shipped', wanted, new Date().toISOString());
    await tx.run(bumpDataVersionQuery, {});
    return true;
  });
}
