// The administrator's synonym groups (directory synonyms import | list): a file in the shipped
// table's format (synonyms.ts) is checked whole, and added only when every line reads; a group the
// table already holds is not added twice. Searches see the change at once (the data version moves).
// Either dialect, through the store (decision 0034).
import { bumpDataVersionQuery } from '../../../db/stats-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import {
  deleteSynonymGroupsOf,
  insertSynonymGroups,
  readSynonymGroupRows,
} from '../../../db/synonym-groups-repository.ts';
import { lockTableForWrites } from '../../../db/table-write-lock.ts';
import { ensureShippedSynonyms } from './shipped-synonyms.ts';
import { parseSynonymFile, type SynonymFileError } from './synonyms.ts';

export interface SynonymImportReport {
  added: number;
  alreadyPresent: number;
  errors: SynonymFileError[];
}

/** The most groups one file may hold (the shipped table has a few hundred). */
export const MAX_ADMIN_GROUPS = 10_000;

/** SQLite's shipped groups were brought in step when it was opened (with its search index). */
async function shippedInStep(store: Store): Promise<void> {
  if (store.dialect === 'postgres') await ensureShippedSynonyms(store);
}

export async function importSynonymGroups(
  store: Store,
  text: string,
  options: { replace?: boolean } = {},
): Promise<SynonymImportReport> {
  const { groups, errors } = parseSynonymFile(text);
  if (groups.length > MAX_ADMIN_GROUPS)
    errors.push({
      line: 0,
      message: `the file has ${groups.length} groups; at most ${MAX_ADMIN_GROUPS} are taken`,
    });
  if (errors.length > 0 || groups.length === 0) {
    if (errors.length === 0) errors.push({ line: 0, message: 'the file holds no synonym group' });
    return { added: 0, alreadyPresent: 0, errors };
  }
  await shippedInStep(store);
  return store.transaction(async (tx) => {
    // Two imports at once must not both find a group missing and add it twice.
    await lockTableForWrites(tx, 'search_synonyms');
    const now = new Date().toISOString();
    const keyOf = (terms: readonly string[]) => [...terms].sort().join(',');
    if (options.replace) await deleteSynonymGroupsOf(tx, 'admin');
    const present = new Set(
      (await readSynonymGroupRows(tx)).map((row) => keyOf(row.terms.split(',').map((t) => t.trim()))),
    );
    const fresh = groups.filter((terms) => !present.has(keyOf(terms)));
    await insertSynonymGroups(
      tx,
      'admin',
      fresh.map((terms) => terms.join(', ')),
      now,
    );
    // SQLite's search rebuilds its synonym index from the groups at the next search after this raise.
    // PostgreSQL: its search (a later piece) will refresh its synonyms here, from the same raise.
    await tx.run(bumpDataVersionQuery, {});
    return { added: fresh.length, alreadyPresent: groups.length - fresh.length, errors: [] };
  });
}

export interface SynonymGroup {
  terms: string[];
  source: 'shipped' | 'admin';
}

export async function listSynonymGroups(store: Store): Promise<SynonymGroup[]> {
  await shippedInStep(store);
  return (await readSynonymGroupRows(store)).map((row) => ({
    terms: row.terms.split(',').map((term) => term.trim()),
    source: row.source,
  }));
}
