// The businesses a keystroke's names suggest, read within the keystroke before when that one found
// every business its text matches (decision 0053). A keystroke narrows the text it extends: the names
// of "auto electri" are among those of "auto electr", and of "auto electric s" among those of "auto
// electric". Once a text's names are few enough to have been read whole, a longer text is checked
// against those few (a seek per business in the names' index) instead of walking the index again: an
// earlier word and an unfinished one that meet in no name ("auto electri…", 0 names at 1M businesses)
// cost FTS5 a walk of both words' lists to their ends, 2–17 ms, at every further keystroke.
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import { businessIdOf, words } from '../../../db/search/analyzer.ts';
import { allOf, type Match } from '../../../db/search/match.ts';
import type { SearchIndex } from '../../../db/search/search-index.ts';
import type { Store } from '../../../db/store/store.ts';

/** A keystroke's condition on the names' index. */
export interface NameQuery {
  /** The words typed (words() of the text, as the condition was made from them). */
  typed: readonly string[];
  /** The words as a condition: the earlier ones whole, the last one unfinished. */
  match: Match;
  /** The place, when it is looked up after the names (SearchIndex.nameMatchingRowids). */
  place?: Match;
  /** The location typed (its words), which the place was resolved from. */
  location?: string;
  /** True when the condition holds every business whose name has the earlier words and a word the
   *  last one starts (or, for a one-letter last word, that is left out, the earlier words): a longer
   *  text's condition then holds no business this one does not. False when the last word stands for
   *  its commonest completions only (SearchContext.wordsStartingWith): a longer one may stand for a
   *  rarer word that this one left out. */
  wholePrefix: boolean;
}

/** Every business (index rowids, best first) of a keystroke's whole-prefix condition, when they were
 *  fewer than asked for, by location and typed text; per store and data version. */
const wholeAnswers = new DataVersionMaps<readonly number[]>();
const WHOLE_ANSWERS_KEPT = 20_000;

const keyOf = (location: string | undefined, text: string) => `${location ?? ''}\u0000${text}`;

/** Ids of the first `limit` businesses (best first) whose names match the keystroke's condition. */
export async function suggestedNameIds(
  store: Store,
  index: SearchIndex,
  query: NameQuery,
  limit: number,
): Promise<number[]> {
  const kept = wholeAnswers.current(store);
  const text = query.typed.join(' ');
  const within = earlierWholeAnswer(kept, query.location, text);
  let rowids: readonly number[];
  let whole: boolean;
  if (within) {
    // All of this condition's businesses are among the earlier ones: each is checked, none missed.
    rowids = await index.nameRowidsAmong(
      query.place ? allOf([query.match, query.place]) : query.match,
      within,
      within.length,
    );
    whole = true;
  } else {
    rowids = await index.nameMatchingRowids(query.match, limit, query.place);
    whole = rowids.length < limit;
  }
  if (whole && query.wholePrefix)
    DataVersionMaps.keep(kept, keyOf(query.location, text), rowids, WHOLE_ANSWERS_KEPT);
  return rowids.slice(0, limit).map(businessIdOf);
}

/** The whole answer kept for the longest earlier keystroke of this text — the text cut a character
 *  at a time, as typed — or undefined. */
function earlierWholeAnswer(
  kept: Map<string, readonly number[]>,
  location: string | undefined,
  text: string,
): readonly number[] | undefined {
  for (let end = text.length - 1; end >= 1; end--) {
    if (text[end - 1] === ' ') continue; // "auto " is "auto"
    const found = kept.get(keyOf(location, text.slice(0, end)));
    if (found) return found;
  }
  return undefined;
}

/** The location's words, as the key of the place it resolves to. */
export function locationKey(location: string | undefined): string | undefined {
  return location === undefined ? undefined : words(location).join(' ');
}

/** Forgets a store's kept answers (tests: a keystroke read as if nothing had been typed before it). */
export function forgetSuggestedNames(store: Store): void {
  wholeAnswers.forget(store);
}
