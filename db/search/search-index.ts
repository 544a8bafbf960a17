// The search index as the search rules see it, whichever dialect holds it (decision 0035): matches of a
// condition in rank order, capped counts and the suggestion names — FTS5 on SQLite, tsvectors on
// PostgreSQL, both built from the same analyzer rows and read in the same rowid order, so the rules
// above (server/domain/search) run unchanged on either. What both dialects store alike (vocabulary,
// rank bins, places) is read through shared queries (search-reads.ts).
import type { Store } from '../store/store.ts';
import { businessIdOf } from './analyzer.ts';
import { keepingReads } from './kept-reads.ts';
import { allOf, type Match, toFts5 } from './match.ts';
import {
  pgAnyMatching,
  pgCountMatching,
  pgMatchingRowids,
  pgNameMatchingRowids,
  pgNameRowidsAmong,
} from './postgres-search-index.ts';
import {
  countMatching as ftsCountMatching,
  matchingRowids as ftsMatchingRowids,
  nameMatchingRowids as ftsNameMatchingRowids,
  nameMatchingRowidsWithin as ftsNameMatchingRowidsWithin,
  nameRowidsAmong as ftsNameRowidsAmong,
} from './search-reads.ts';
import { toTsquery } from './tsquery.ts';

export interface SearchIndex {
  /** Whether anyMatchNow answers (SQLite) rather than always undefined (PostgreSQL). */
  readonly answersAtOnce: boolean;
  /** Whether reading a window of matches (100) costs about what one page (20) does: PostgreSQL reads a
   *  common term's matches from its GIN index unordered and sorts them all, whatever the limit; FTS5
   *  reads them in order, so it reads no more than a page needs. */
  readonly readsAheadFree: boolean;
  /** Lengths of the prefixes the names' index keeps lists of its own for (FTS5's prefix='2 3' on
   *  search_names): a prefix term of such a length reads one list, where a longer one merges the
   *  lists of every word it starts. Empty on PostgreSQL (GIN reads a prefix's words one by one). */
  readonly indexedNamePrefixes: ReadonlySet<number>;
  /** Whether the names' index holds each name's pairs of a word and another's first two letters
   *  (term.namePair; SQLite's search_names, decision 0055). */
  readonly indexesNamePairs: boolean;
  /** Index rowids of the matches, best rank first (a rowid sorts by rank; businessIdOf gives the id). */
  matchingRowids(match: Match, limit: number, offset?: number): Promise<number[]>;
  /** Ids of the matches, best rank first. */
  matchingIds(match: Match, limit: number, offset?: number): Promise<number[]>;
  /** How many businesses match, counting at most `cap`. */
  countMatching(match: Match, cap: number): Promise<number>;
  /** Whether any business matches. */
  anyMatching(match: Match): Promise<boolean>;
  /** Index rowids (rank order: businessIdOf gives the id) of the businesses whose name row (name
   *  words and place terms) matches `match`, and `place` when given, best first. A place given apart
   *  is looked up after the names where that is cheaper (a place with a long doclist on FTS5:
   *  decision 0049). */
  nameMatchingRowids(match: Match, limit: number, place?: Match): Promise<number[]>;
  /** Which of these index rowids (a few: a name read's whole answer) have a name row matching, best
   *  first — a seek per rowid, where `match` alone may walk long doclists. */
  nameRowidsAmong(match: Match, among: readonly number[], limit: number): Promise<number[]>;
  /**
   * Whether any business matches, answered at once when the dialect can (SQLite: a prepared FTS5
   * probe), else undefined: the search rules ask it while planning, synchronously, so PostgreSQL
   * looks the words up beforehand (SearchContext.lookUpOther).
   */
  anyMatchNow(match: Match): boolean | undefined;
  /** A condition in the dialect's own syntax, for the queries that join the index themselves
   *  (discovery's filtered lists): an FTS5 MATCH text, or a tsquery. */
  queryText(match: Match): string;
}

/** search_names' prefix indexes, as its migration made them (prefix='2 3'; a test reads the table's
 *  definition to hold the two together). */
export const SEARCH_NAMES_PREFIXES: ReadonlySet<number> = new Set([2, 3]);

/** FTS5: better-sqlite3's prepared statements answer at once, so each promise is already settled. */
function sqliteSearchIndex(store: Extract<Store, { dialect: 'sqlite' }>): SearchIndex {
  const { sqlite } = store;
  return {
    answersAtOnce: true,
    readsAheadFree: false,
    indexedNamePrefixes: SEARCH_NAMES_PREFIXES,
    indexesNamePairs: true,
    matchingRowids: async (match, limit, offset = 0) => ftsMatchingRowids(sqlite, match, limit, offset),
    matchingIds: async (match, limit, offset = 0) =>
      ftsMatchingRowids(sqlite, match, limit, offset).map(businessIdOf),
    countMatching: async (match, cap) => ftsCountMatching(sqlite, match, cap),
    anyMatching: async (match) => ftsCountMatching(sqlite, match, 1) > 0,
    nameMatchingRowids: async (match, limit, place) =>
      place
        ? ftsNameMatchingRowidsWithin(sqlite, match, place, limit)
        : ftsNameMatchingRowids(sqlite, match, limit),
    nameRowidsAmong: async (match, among, limit) => ftsNameRowidsAmong(sqlite, match, among, limit),
    anyMatchNow: (match) => ftsCountMatching(sqlite, match, 1) > 0,
    queryText: toFts5,
  };
}

function postgresSearchIndex(store: Extract<Store, { dialect: 'postgres' }>): SearchIndex {
  return {
    answersAtOnce: false,
    readsAheadFree: true,
    indexedNamePrefixes: new Set(),
    indexesNamePairs: false,
    matchingRowids: (match, limit, offset = 0) => pgMatchingRowids(store, match, limit, offset),
    matchingIds: async (match, limit, offset = 0) =>
      (await pgMatchingRowids(store, match, limit, offset)).map(businessIdOf),
    countMatching: (match, cap) => pgCountMatching(store, match, cap),
    anyMatching: (match) => pgAnyMatching(store, match),
    // GIN intersects the parts' entries itself: the place goes in the one condition.
    nameMatchingRowids: (match, limit, place) =>
      pgNameMatchingRowids(store, place ? allOf([match, place]) : match, limit),
    nameRowidsAmong: (match, among, limit) => pgNameRowidsAmong(store, match, among, limit),
    anyMatchNow: () => undefined,
    queryText: toTsquery,
  };
}

/** A condition in a dialect's own syntax (SearchIndex.queryText without a store). */
export function indexQueryText(dialect: Store['dialect'], match: Match): string {
  return dialect === 'sqlite' ? toFts5(match) : toTsquery(match);
}

const indexes = new WeakMap<Store, SearchIndex>();

/** The search index of a store (one object per store). */
export function searchIndexOf(store: Store): SearchIndex {
  let index = indexes.get(store);
  if (!index) {
    index = keepingReads(
      store,
      store.dialect === 'sqlite' ? sqliteSearchIndex(store) : postgresSearchIndex(store),
    );
    indexes.set(store, index);
  }
  return index;
}
