// Reads of the search index: matching rowids in rank order, counts, and the vocabulary, synonyms and
// places that the search rules are built from. Statements are prepared once per connection.
import type { Sqlite } from '../connection.ts';
import { cachedStatement as cached } from '../statement-cache.ts';
import { businessIdOf, words } from './analyzer.ts';
import type { VocabField } from './fts-index.ts';
import { allOf, type Match, toFts5 } from './match.ts';
import { term } from './terms.ts';

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

/** The index's words of one field with the number of businesses each is in. */
export function readVocabulary(sqlite: Sqlite, field: VocabField): { term: string; docs: number }[] {
  return cached(sqlite, 'SELECT term, docs FROM search_vocab WHERE field = ? AND docs > 0').all(field) as {
    term: string;
    docs: number;
  }[];
}

export interface SynonymGroupRow {
  id: number;
  terms: string;
  source: 'shipped' | 'admin';
  created_at: string;
}

export function readSynonymGroups(sqlite: Sqlite): SynonymGroupRow[] {
  return cached(
    sqlite,
    'SELECT id, terms, source, created_at FROM search_synonyms ORDER BY id',
  ).all() as SynonymGroupRow[];
}

/** Replaces the groups of one source (inside the caller's transaction). */
export function replaceSynonymGroups(
  sqlite: Sqlite,
  source: SynonymGroupRow['source'],
  groups: readonly string[],
  now: string,
): void {
  sqlite.prepare('DELETE FROM search_synonyms WHERE source = ?').run(source);
  addSynonymGroups(sqlite, source, groups, now);
}

export function addSynonymGroups(
  sqlite: Sqlite,
  source: SynonymGroupRow['source'],
  groups: readonly string[],
  now: string,
): void {
  const insert = sqlite.prepare('INSERT INTO search_synonyms (terms, source, created_at) VALUES (?, ?, ?)');
  for (const terms of groups) insert.run(terms, source, now);
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

/** Every city with its count, state and country (one indexed look-up per city). */
export function readCityPlaces(sqlite: Sqlite): CityPlaceRow[] {
  return cached(
    sqlite,
    `SELECT c.city_key, c.name, c.business_count, b.state, b.country, b.country_code
     FROM city_stats c LEFT JOIN businesses b ON b.id = (
       SELECT id FROM businesses WHERE city_key = c.city_key ORDER BY rank_score DESC, id LIMIT 1)`,
  ).all() as CityPlaceRow[];
}

export interface CountryPlaceRow {
  country: string;
  country_code: string | null;
  business_count: number;
}

export function readCountryPlaces(sqlite: Sqlite): CountryPlaceRow[] {
  return cached(
    sqlite,
    `SELECT s.country, (SELECT country_code FROM businesses WHERE country = s.country LIMIT 1) AS country_code,
       s.business_count FROM country_stats s`,
  ).all() as CountryPlaceRow[];
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

/** Ids of the businesses whose name and place terms match (suggestions: search_names), best first. */
export function nameMatchingIds(sqlite: Sqlite, match: Match, limit: number): number[] {
  const rowids = cached(
    sqlite,
    'SELECT rowid FROM search_names WHERE search_names MATCH ? ORDER BY rowid LIMIT ?',
  )
    .pluck()
    .all(toFts5(match), limit) as number[];
  return rowids.map(businessIdOf);
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

/** Businesses per step of 0.001 of the rank, best first (search_rank_bins). */
export function readRankBins(sqlite: Sqlite): { bin: number; businesses: number }[] {
  return cached(sqlite, 'SELECT bin, businesses FROM search_rank_bins ORDER BY bin').all() as {
    bin: number;
    businesses: number;
  }[];
}
