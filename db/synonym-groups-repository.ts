// The synonym groups' table (search_synonyms): its one set of queries, run through the store (the
// search context, the commands on either dialect) or synchronously on SQLite where a start's
// synchronous transaction replaces the shipped groups (search/search-reads.ts). Rows by id: the order
// they were added.
import { preparedQuery } from './query/prepared-query.ts';
import type { SynonymGroupRow } from './search/search-reads.ts';
import type { Store } from './store/store.ts';

type Source = SynonymGroupRow['source'];

const allGroups = preparedQuery('synonyms_all_groups', (db) =>
  db.selectFrom('search_synonyms').select(['id', 'terms', 'source', 'created_at']).orderBy('id'),
);

const termsOfSource = preparedQuery('synonyms_terms_of_source', (db, args: { source: Source }) =>
  db.selectFrom('search_synonyms').select('terms').where('source', '=', args.source).orderBy('id'),
);

export const deleteOfSource = preparedQuery('synonyms_delete_of_source', (db, args: { source: Source }) =>
  db.deleteFrom('search_synonyms').where('source', '=', args.source),
);

export const insertGroup = preparedQuery(
  'synonyms_insert_group',
  (db, args: { terms: string; source: Source; createdAt: string }) =>
    db
      .insertInto('search_synonyms')
      .values({ terms: args.terms, source: args.source, created_at: args.createdAt }),
);

/** Every group, shipped and the administrator's, in the order they were added. */
export function readSynonymGroupRows(store: Store): Promise<SynonymGroupRow[]> {
  return store.all(allGroups, {});
}

/** The terms (comma-separated) of one source's groups, in order. */
export async function readSynonymTermsOf(store: Store, source: Source): Promise<string[]> {
  return (await store.all(termsOfSource, { source })).map((row) => row.terms);
}

export async function deleteSynonymGroupsOf(store: Store, source: Source): Promise<void> {
  await store.run(deleteOfSource, { source });
}

/** Adds groups in the order given (inside the caller's transaction: a few hundred at most, as a rule). */
export async function insertSynonymGroups(
  store: Store,
  source: Source,
  groups: readonly string[],
  createdAt: string,
): Promise<void> {
  for (const terms of groups) await store.run(insertGroup, { terms, source, createdAt });
}
