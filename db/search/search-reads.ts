// Reads of the search index. On SQLite: matching rowids in rank order, counts and suggestion names with
// FTS5 statements prepared once per connection (the search rules reach them through search-index.ts,
// beside PostgreSQL's). On both dialects: the vocabulary, rank bins, places and categories the rules
// are built from, as shared queries run through the store (or synchronously on SQLite).
import type { Kysely } from 'kysely';
import type { Sqlite } from '../connection.ts';
import { preparedQuery } from '../query/prepared-query.ts';
import { sqliteSync } from '../query/query-runner.ts';
import { cachedStatement as cached } from '../statement-cache.ts';
import type { Store } from '../store/store.ts';
import { deleteOfSource, insertGroup } from '../synonym-groups-repository.ts';
import { businessIdOf, words } from './analyzer.ts';
import type { VocabField } from './fts-index.ts';
import { allOf, type Match, toFts5 } from './match.ts';
import { term } from './terms.ts';

/** The index's own tables both dialects hold alike (not in the site schema: only search reads them). */
interface SearchTables {
  search_vocab: { field: string; term: string; docs: number };
  search_rank_bins: { bin: number; businesses: number };
}
const searchTables = (db: object) => db as Kysely<SearchTables>;

/** Ids of the businesses matching, best rank first (the index's rowid order). */
export function matchingIds(sqlite: Sqlite, match: Match, limit: number, offset = 0): number[] {
  return matchingRowids(sqlite, match, limit, offset).map(businessIdOf);
}

/** How many businesses match, counting at most `cap` (a count stops early past it). */
export function countMatching(sqlite: Sqlite, match: Match, cap: number): number {
  return cached(sqlite, 'SELECT COUNT(*) FROM (SELECT 1 FROM search_fts WHERE search_fts MATCH ? LIMIT ?)')
    .pluck()
    .get(toFts5(match), cap) as number;
}

const vocabularyQuery = preparedQuery('search_vocabulary', (db, args: { field: VocabField }) =>
  searchTables(db)
    .selectFrom('search_vocab')
    .select(['term', 'docs'])
    .where('field', '=', args.field)
    .where('docs', '>', 0),
);

/** The index's words of one field with the number of businesses each is in. */
export function readVocabulary(sqlite: Sqlite, field: VocabField): { term: string; docs: number }[] {
  return sqliteSync.all(sqlite, vocabularyQuery, { field });
}

export function readVocabularyIn(store: Store, field: VocabField): Promise<{ term: string; docs: number }[]> {
  return store.all(vocabularyQuery, { field });
}

export interface SynonymGroupRow {
  id: number;
  terms: string;
  source: 'shipped' | 'admin';
  created_at: string;
}

/** Replaces the groups of one source (inside the caller's synchronous transaction: a start). */
export function replaceSynonymGroups(
  sqlite: Sqlite,
  source: SynonymGroupRow['source'],
  groups: readonly string[],
  now: string,
): void {
  sqliteSync.run(sqlite, deleteOfSource, { source });
  addSynonymGroups(sqlite, source, groups, now);
}

function addSynonymGroups(
  sqlite: Sqlite,
  source: SynonymGroupRow['source'],
  groups: readonly string[],
  now: string,
): void {
  for (const terms of groups) sqliteSync.run(sqlite, insertGroup, { terms, source, createdAt: now });
}

export interface CityPlaceRow {
  city_key: string;
  name: string;
  business_count: number;
  /** State and country of the city's best-ranked business (a city name is keyed without its state). */
  state: string | null;
  country: string | null;
  country_code: string | null;
}

/** Every city with its count, state and country (one indexed look-up per city), by city_key. */
const cityPlacesQuery = preparedQuery('search_city_places', (db) =>
  db
    .selectFrom('city_stats as c')
    .leftJoin('businesses as b', (join) =>
      join.on((eb) =>
        eb(
          'b.id',
          '=',
          eb
            .selectFrom('businesses as best')
            .select('best.id')
            .whereRef('best.city_key', '=', 'c.city_key')
            .orderBy('best.rank_score', 'desc')
            .orderBy('best.id')
            .limit(1),
        ),
      ),
    )
    .select(['c.city_key', 'c.name', 'c.business_count', 'b.state', 'b.country', 'b.country_code']),
);

/** Sorted by code point, as SQLite's binary order (PostgreSQL's collation orders otherwise). */
const byKey =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

export async function readCityPlaces(store: Store): Promise<CityPlaceRow[]> {
  const rows = (await store.all(cityPlacesQuery, {})) as CityPlaceRow[];
  return rows.sort(byKey((row) => row.city_key));
}

export interface CountryPlaceRow {
  country: string;
  country_code: string | null;
  business_count: number;
}

const countryPlacesQuery = preparedQuery('search_country_places', (db) =>
  db
    .selectFrom('country_stats as s')
    .select((eb) => [
      's.country',
      eb
        .selectFrom('businesses')
        .select('businesses.country_code')
        .whereRef('businesses.country', '=', 's.country')
        .limit(1)
        .as('country_code'),
      's.business_count',
    ]),
);

export async function readCountryPlaces(store: Store): Promise<CountryPlaceRow[]> {
  const rows = (await store.all(countryPlacesQuery, {})) as CountryPlaceRow[];
  return rows.sort(byKey((row) => row.country));
}

/** Ids of the businesses whose name, category, description or address hold every word of the text
 *  exactly, best rank first (tests and checks: no forms, synonyms or typos). */
export function idsWithWords(sqlite: Sqlite, text: string, limit: number): number[] {
  const tokens = words(text);
  if (tokens.length === 0) return [];
  const parts: Match[] = tokens.map((token) => ({
    any: [{ term: term.word(token) }, { term: term.other(token) }],
  }));
  return matchingIds(sqlite, allOf(parts), limit);
}

/** Index rowids of the businesses whose name and place terms match (suggestions: search_names), best
 *  first. */
export function nameMatchingRowids(sqlite: Sqlite, match: Match, limit: number): number[] {
  return cached(sqlite, 'SELECT rowid FROM search_names WHERE search_names MATCH ? ORDER BY rowid LIMIT ?')
    .pluck()
    .all(toFts5(match), limit) as number[];
}

/** Ids of the same (tests). */
export function nameMatchingIds(sqlite: Sqlite, match: Match, limit: number): number[] {
  return nameMatchingRowids(sqlite, match, limit).map(businessIdOf);
}

/** Which of these index rowids (a few) match, best first: each is an equality on the rowid to FTS5, a
 *  seek in each term's doclist, where a condition alone walks them. */
export function nameRowidsAmong(
  sqlite: Sqlite,
  match: Match,
  among: readonly number[],
  limit: number,
): number[] {
  if (among.length === 0) return [];
  return cached(
    sqlite,
    'SELECT rowid FROM search_names WHERE search_names MATCH ? AND rowid IN (SELECT value FROM json_each(?)) ORDER BY rowid LIMIT ?',
  )
    .pluck()
    .all(toFts5(match), JSON.stringify(among), limit) as number[];
}

/** A name read that finds fewer matches than this checks each one against the place. */
export const FEW_NAME_MATCHES = 48;

/**
 * Index rowids of the businesses whose name matches `words` and whose place terms match `place`, best
 * first. FTS5 evaluates an AND by stepping its parts together, and every step seeks in each part's
 * doclist; a place that holds a large share of the directory (a country, a big city) has a long one
 * (detail=none: ~1,000 one-byte entries a leaf, read one by one), so a name with few matches there
 * or none costs the whole walk — "driving le" in the US 16 ms where the name's words alone cost 2.
 * The name's matches are read first; when they are few, each is looked up in the place (a seek
 * through its doclist index); when they are many, FTS5's own AND finds the first of them in the
 * place soonest.
 */
export function nameMatchingRowidsWithin(
  sqlite: Sqlite,
  words: Match,
  place: Match,
  limit: number,
): number[] {
  const candidates = nameMatchingRowids(sqlite, words, FEW_NAME_MATCHES);
  if (candidates.length === FEW_NAME_MATCHES) return nameMatchingRowids(sqlite, allOf([words, place]), limit);
  return nameRowidsAmong(sqlite, place, candidates, limit);
}

/** Rowids of the matches in rank order (the estimate of a large total reads where they end). */
export function matchingRowids(sqlite: Sqlite, match: Match, limit: number, offset = 0): number[] {
  return cached(
    sqlite,
    'SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid LIMIT ? OFFSET ?',
  )
    .pluck()
    .all(toFts5(match), limit, offset) as number[];
}

const rankBinsQuery = preparedQuery('search_rank_bins', (db) =>
  searchTables(db).selectFrom('search_rank_bins').select(['bin', 'businesses']).orderBy('bin'),
);

/** Businesses per step of 0.001 of the rank, best first (search_rank_bins). */
export function readRankBins(sqlite: Sqlite): { bin: number; businesses: number }[] {
  return sqliteSync.all(sqlite, rankBinsQuery, {});
}

export function readRankBinsIn(store: Store): Promise<{ bin: number; businesses: number }[]> {
  return store.all(rankBinsQuery, {});
}
