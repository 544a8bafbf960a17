// Everything a search reads besides the index itself, built once per store and data version: the
// index's vocabulary (which words and forms exist, how common), the synonym groups, the places and the
// categories. Built on the first search after a change (measured in docs/benchmarks.md), the same on
// either dialect.
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import { formOf, formsOf, rankOfRowid, words } from '../../../db/search/analyzer.ts';
import { searchIndexOf } from '../../../db/search/search-index.ts';
import {
  readCityPlaces,
  readCountryPlaces,
  readRankBinsIn,
  readVocabularyIn,
} from '../../../db/search/search-reads.ts';
import { term } from '../../../db/search/terms.ts';
import { readCategoryCounts } from '../../../db/stats-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { readSynonymGroupRows } from '../../../db/synonym-groups-repository.ts';
import { prefixRange } from './fuzzy.ts';
import { PlaceIndex } from './places.ts';
import { parseSynonymFile, SynonymIndex } from './synonyms.ts';

export interface CategoryEntry {
  name: string;
  count: number;
  words: string[];
  forms: string[];
}

export interface SearchContext {
  /** Name and category words → businesses. */
  wordDocs: Map<string, number>;
  /** Forms of name and category words → businesses. */
  formDocs: Map<string, number>;
  /** Whether any description or address holds the word (looked up in the index, then kept). Where
   *  the index answers only asynchronously (PostgreSQL), only words given to lookUpOther first. */
  inOther(word: string): boolean;
  /** Looks the words up for inOther ahead of planning (a no-op where the index answers at once). */
  lookUpOther(words: readonly string[]): Promise<void>;
  /** Sorted words typo correction may land on: the index's name and category words and every
   *  synonym term's words. */
  correctable: string[];
  /** The commonest name and category words starting with `prefix` (at most PREFIX_WORDS), for the
   *  conditions that would otherwise ask the index for a prefix: FTS5 reads and merges the whole
   *  doclist of every word a prefix covers ("scho*": 15 ms at 1M businesses), while a few named
   *  words are read lazily in rank order (0.05 ms). */
  wordsStartingWith(prefix: string): readonly string[];
  synonyms: SynonymIndex;
  places: PlaceIndex;
  /** How many businesses rank at or above the rank of an index rowid (estimates, from the bins). */
  rankPosition(rowid: number): number;
  /** Businesses in the directory (the bins' sum). */
  rankedBusinesses: number;
  categories: CategoryEntry[];
}

// The promise is kept, so that searches arriving while it is built wait for the one build.
const contexts = new DataVersionMaps<Promise<SearchContext>>();

export function searchContext(store: Store): Promise<SearchContext> {
  const map = contexts.current(store);
  let context = map.get('');
  if (!context) {
    context = buildContext(store);
    map.set('', context);
    // A failed build is not kept: the next search tries again.
    context.catch(() => {
      if (map.get('') === context) map.delete('');
    });
  }
  return context;
}

function toMap(rows: { term: string; docs: number }[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) map.set(row.term, row.docs);
  return map;
}

async function buildContext(store: Store): Promise<SearchContext> {
  const index = searchIndexOf(store);
  const [wordRows, formRows, synonymRows, cityRows, countryRows, bins, categoryCounts] = await Promise.all([
    readVocabularyIn(store, 'word'),
    readVocabularyIn(store, 'form'),
    readSynonymGroupRows(store),
    readCityPlaces(store),
    readCountryPlaces(store),
    readRankBinsIn(store),
    readCategoryCounts(store),
  ]);
  const wordDocs = toMap(wordRows);
  const formDocs = toMap(formRows);
  // Description and address words are many (street names, numbers) and rarely asked about: looked
  // up when a word is found nowhere else, not kept in a vocabulary.
  const otherWords = new Map<string, boolean>();
  const keep = (word: string, found: boolean) => {
    if (otherWords.size > 10_000) otherWords.clear();
    otherWords.set(word, found);
  };
  const inOther = (word: string): boolean => {
    let found = otherWords.get(word);
    if (found === undefined) {
      const now = index.anyMatchNow({ term: term.other(word) });
      // An index that cannot answer at once was asked beforehand (lookUpOther); a word dropped since
      // (the memo started again meanwhile) counts as found nowhere, and is not kept.
      if (now === undefined) return false;
      found = now;
      keep(word, found);
    }
    return found;
  };
  const lookUpOther = async (asked: readonly string[]): Promise<void> => {
    if (index.answersAtOnce) return;
    // Planning asks only about a group of words of which one has no form in names or categories.
    if (asked.every((word) => formDocs.has(formOf(word)))) return;
    const unknown = [...new Set(asked)].filter((word) => !otherWords.has(word));
    if (unknown.length === 0) return;
    const found = await Promise.all(unknown.map((word) => index.anyMatching({ term: term.other(word) })));
    // All of them kept together: the memo starts again before, never between them.
    if (otherWords.size + unknown.length > 10_000) otherWords.clear();
    for (const [i, word] of unknown.entries()) otherWords.set(word, found[i]!);
  };
  const groups = synonymRows.flatMap((row) => parseSynonymFile(row.terms).groups);
  const synonyms = new SynonymIndex(groups);
  const correctable = new Set(wordDocs.keys());
  for (const word of synonyms.termWords) correctable.add(word);
  return {
    wordDocs,
    formDocs,
    inOther,
    lookUpOther,
    wordsStartingWith: prefixWords(wordDocs),
    correctable: [...correctable].filter((word) => /\p{L}/u.test(word)).sort(),
    synonyms,
    places: new PlaceIndex(cityRows, countryRows),
    ...rankPositions(bins),
    categories: categoryCounts.map(({ category, businessCount }) => ({
      name: category,
      count: businessCount,
      words: words(category),
      forms: formsOf(category),
    })),
  };
}

/** Words a prefix stands for: the commonest ones, so that the rare words a prefix also covers are
 *  the ones left out (they would rarely reach a first page). */
export const PREFIX_WORDS = 24;
const PREFIXES_KEPT = 5_000;

function prefixWords(wordDocs: Map<string, number>): SearchContext['wordsStartingWith'] {
  const sorted = [...wordDocs.keys()].sort();
  const kept = new Map<string, readonly string[]>();
  return (prefix) => {
    let found = kept.get(prefix);
    if (!found) {
      const [start, end] = prefixRange(sorted, prefix);
      const all = sorted.slice(start, end);
      found =
        all.length <= PREFIX_WORDS
          ? all
          : all
              .sort((a, b) => wordDocs.get(b)! - wordDocs.get(a)! || (a < b ? -1 : 1))
              .slice(0, PREFIX_WORDS);
      if (kept.size >= PREFIXES_KEPT) kept.clear();
      kept.set(prefix, found);
    }
    return found;
  };
}

/** Cumulative businesses per rank bin (0.001 of the rank, best first), and where a rowid falls: the
 *  businesses of the bins before its own plus its share of that bin. */
function rankPositions(
  bins: { bin: number; businesses: number }[],
): Pick<SearchContext, 'rankPosition' | 'rankedBusinesses'> {
  const size = (bins.at(-1)?.bin ?? 0) + 1;
  const before = new Float64Array(size + 1);
  const within = new Float64Array(size);
  for (const { bin, businesses } of bins) within[bin] = businesses;
  for (let i = 0; i < size; i++) before[i + 1] = before[i]! + within[i]!;
  return {
    rankedBusinesses: before[size]!,
    rankPosition(rowid: number): number {
      const exact = (5 - rankOfRowid(rowid)) * 1000;
      const bin = Math.min(size - 1, Math.max(0, Math.floor(exact)));
      return Math.max(1, before[bin]! + within[bin]! * (exact - bin));
    },
  };
}
