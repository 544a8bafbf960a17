// Suggestions as a visitor types (GET /api/suggest): categories, cities and businesses whose names
// start with what is typed or are a typo away from it, each with a link and a count. Built anew each
// time: the same few letters typed by everyone are kept by the answer cache as the answers it sends
// (decision 0051), not a second time here as objects.
import { type BusinessLabel, findBusinessLabels } from '../../../db/business-repository.ts';
import { formOf, formsOf, words } from '../../../db/search/analyzer.ts';
import { allOf, anyOf, type Match } from '../../../db/search/match.ts';
import { searchIndexOf } from '../../../db/search/search-index.ts';
import { term } from '../../../db/search/terms.ts';
import type { Store } from '../../../db/store/store.ts';
import { businessPath, categoryPath, cityPath } from '../../contract/paths.ts';
import { MAX_SUGGESTIONS, type SuggestAnswer, type Suggestion } from '../../contract/search.ts';
import { allowedEdits, fuzzyMatches, prefixRange } from './fuzzy.ts';
import type { Place } from './places.ts';
import type { CategoryEntry, SearchContext } from './search-context.ts';
import { PREFIX_WORDS, searchContext } from './search-context.ts';
import { locationKey, suggestedNameIds } from './suggest-names.ts';
import { searchUrl } from './understanding.ts';

const MAX_CATEGORIES = 4;
const MAX_CITIES = 3;

export async function suggestSearches(
  store: Store,
  request: { q: string; location?: string },
): Promise<SuggestAnswer> {
  return buildSuggestions(store, await searchContext(store), request);
}

async function buildSuggestions(
  store: Store,
  context: SearchContext,
  request: { q: string; location?: string },
): Promise<SuggestAnswer> {
  const typed = words(request.q).slice(0, 8);
  if (typed.length === 0) return { suggestions: [] };
  const location = request.location?.trim() || undefined;
  const place = location ? context.places.resolve(words(location)) : undefined;
  const suggestions: Suggestion[] = [];

  for (const category of matchingCategories(context, typed).slice(0, MAX_CATEGORIES))
    suggestions.push({
      type: 'category',
      label: category.name,
      url: location ? searchUrl({ q: category.name, location }) : categoryPath(category.name),
      count: category.count,
    });

  if (!location)
    for (const city of context.places.citiesStartingWith(typed.join(' '), MAX_CITIES))
      suggestions.push({ type: 'city', label: city.label, url: cityPath(city.name), count: city.count ?? 0 });

  const want = MAX_SUGGESTIONS - suggestions.length;
  // Names from two letters (one letter says too little to pick from a million names).
  const last = typed.at(-1)!;
  const earlier = typed.slice(0, -1);
  const completions = last.length >= 2 ? context.wordsStartingWith(last) : [];
  if (want > 0 && (completions.length > 0 || (last.length < 2 && earlier.length > 0))) {
    const index = searchIndexOf(store);
    // search_names holds each name's words as they are, and the place terms.
    const parts: Match[] = earlier.map((word) => ({ term: word }));
    // The last word, perhaps unfinished: every word it starts where the index keeps the prefix's own
    // list (one list to read, where the OR of its words seeks in each of them at every step of an
    // AND: half the time, decision 0052) — after a word, the pair of that word and the prefix's first
    // two letters (decision 0055); else the commonest words it starts
    // (SearchContext.wordsStartingWith: a longer prefix would merge the lists of all its words).
    const prefixList = index.indexedNamePrefixes.has(last.length);
    const before = earlier.at(-1);
    if (prefixList && before !== undefined && index.indexesNamePairs)
      parts.splice(-1, 1, wordThenPrefix(before, last));
    else if (prefixList) parts.push({ term: last, prefix: true });
    else if (completions.length > 0) parts.push(anyOf(completions.map((word) => ({ term: word }))));
    const lookedUpAfter = place && isBroad(place, context) ? place.match : undefined;
    if (place && !lookedUpAfter) parts.push(place.match);
    const ids = await suggestedNameIds(
      store,
      index,
      {
        typed,
        match: allOf(parts),
        place: lookedUpAfter,
        location: locationKey(location),
        // Fewer completions than kept are all the words the prefix starts.
        wholePrefix: last.length < 2 || prefixList || completions.length < PREFIX_WORDS,
      },
      want,
    );
    suggestions.push(...businessSuggestions(await findBusinessLabels(store, ids)));
  }
  return { suggestions: suggestions.slice(0, MAX_SUGGESTIONS) };
}

/**
 * A name with the word `word` and a word starting with `prefix` (2 or 3 letters), as the names' pairs
 * say it (term.namePair): an AND of the word's list and the prefix's walks both to the end when few
 * names have both — "pizza re" 2.7 ms at 1M businesses, none found — where the pair is one short
 * list (0.01 ms). The other word's first two letters are the pair's, and a third is the prefix's own
 * list; the word itself may be the one the prefix starts ("pizza pi" finds "Pizza Hut" through
 * "pizza"), which no pair holds; a name of too many words for pairs is tested as before, among the
 * few such names (term.longName).
 */
function wordThenPrefix(word: string, prefix: string): Match {
  const pair: Match = { term: term.namePair(word, prefix.slice(0, 2)) };
  const startsWith: Match = { term: prefix, prefix: true };
  return anyOf([
    prefix.length === 2 ? pair : allOf([pair, startsWith]),
    allOf([{ term: term.longName }, { term: word }, startsWith]),
    ...(word.startsWith(prefix) ? [{ term: word }] : []),
  ]);
}

/** A business is its name and city ("Joe's Pizza, Chicago"); branches of one name in one city, each
 *  its own link, are told apart by their addresses ("Joe's Pizza, 12 Elm St, Chicago, IL 60601"),
 *  as a list of the same label repeated would not let the visitor pick one. */
function businessSuggestions(rows: readonly BusinessLabel[]): Suggestion[] {
  const labels = rows.map((row) => (row.city ? `${row.name}, ${row.city}` : row.name));
  const seen = new Map<string, number>();
  for (const label of labels) seen.set(label, (seen.get(label) ?? 0) + 1);
  return rows.map((row, i) => ({
    type: 'business',
    label: seen.get(labels[i]!)! > 1 && row.address ? `${row.name}, ${row.address}` : labels[i]!,
    url: businessPath(row.slug),
    count: 1,
  }));
}

/** A place holding this share of the directory or more is looked up after the names are read
 *  (SearchIndex.nameMatchingRowids): as a part of the names' condition, its long doclist is sought
 *  through at every step. A smaller one is cheaper as a part (it steers the steps itself). */
const BROAD_PLACE_SHARE = 0.05;

function isBroad(place: Place, context: SearchContext): boolean {
  // A city with its state or country ("san antonio tx") has no count of its own; its region is broad.
  if (place.count === null) return place.kind !== 'postcode';
  return place.count >= context.rankedBusinesses * BROAD_PLACE_SHARE;
}

/** What suggesting needs of a search context, worked out once per context (per data version). */
interface SuggestTables {
  /** Every word of every category, sorted and distinct (a prefix's words are a range; the typo walk
   *  goes over them once, not once per category). */
  categoryWords: string[];
  /** The categories (their positions in context.categories, ascending) holding each word, or form. */
  categoriesByWord: Map<string, number[]>;
  categoriesByForm: Map<string, number[]>;
  /** Every synonym term, sorted (the terms a prefix starts are a range), and each one's group. */
  terms: string[];
  termGroups: number[];
  /** Each group's terms as category forms (formsOf joined), as categories are compared. */
  groupForms: string[][];
  /** Each category's forms, joined the same way. */
  categoryForms: Map<CategoryEntry, string>;
}

const tablesByContext = new WeakMap<SearchContext, SuggestTables>();

/** Positions by key, each list ascending and without repeats. */
function positionsBy(lists: readonly (readonly string[])[]): Map<string, number[]> {
  const by = new Map<string, number[]>();
  lists.forEach((keys, position) => {
    for (const key of keys) {
      const list = by.get(key);
      if (!list) by.set(key, [position]);
      else if (list.at(-1) !== position) list.push(position);
    }
  });
  return by;
}

function suggestTables(context: SearchContext): SuggestTables {
  let tables = tablesByContext.get(context);
  if (!tables) {
    const groups = context.synonyms.groups;
    const terms = groups
      .flatMap((group, index) => group.map((term) => ({ term, group: index })))
      .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.group - b.group));
    const categoriesByWord = positionsBy(context.categories.map((c) => c.words));
    tables = {
      categoryWords: [...categoriesByWord.keys()].sort(),
      categoriesByWord,
      categoriesByForm: positionsBy(context.categories.map((c) => c.forms)),
      terms: terms.map((entry) => entry.term),
      termGroups: terms.map((entry) => entry.group),
      groupForms: groups.map((group) => group.map((term) => formsOf(term).join(' '))),
      categoryForms: new Map(context.categories.map((c) => [c, c.forms.join(' ')])),
    };
    tablesByContext.set(context, tables);
  }
  return tables;
}

/** The synonym groups with a term starting with `prefix`. */
function groupsStartingWith(tables: SuggestTables, prefix: string): Set<number> {
  const [start, end] = prefixRange(tables.terms, prefix);
  return new Set(tables.termGroups.slice(start, end));
}

/** Categories whose words start with the typed words (the last one possibly unfinished), or whose
 *  synonyms do ("mech" → Auto repair shop), or a typo away; the largest first. Asked at every
 *  keystroke: what does not depend on the typed words is in suggestTables. */
function matchingCategories(context: SearchContext, typed: readonly string[]): CategoryEntry[] {
  const tables = suggestTables(context);
  const earlier = typed.slice(0, -1);
  const earlierForms = earlier.map(formOf);
  const last = typed.at(-1)!;
  // The categories with a word that starts with the last word or has its form (or, `fuzzy`, is a typo
  // away from it), found from the tables, in the context's order, that also hold the earlier words.
  const matching = (fuzzy: boolean): CategoryEntry[] => {
    const positions = new Set<number>();
    const add = (word: string) => {
      for (const position of tables.categoriesByWord.get(word) ?? []) positions.add(position);
    };
    const [start, end] = prefixRange(tables.categoryWords, last);
    for (let i = start; i < end; i++) add(tables.categoryWords[i]!);
    for (const position of tables.categoriesByForm.get(formOf(last)) ?? []) positions.add(position);
    if (fuzzy) for (const { term } of fuzzyMatches(tables.categoryWords, last, allowedEdits(last))) add(term);
    return [...positions]
      .sort((a, b) => a - b)
      .map((position) => context.categories[position]!)
      .filter((category) =>
        earlier.every(
          (word, i) => category.words.includes(word) || category.forms.includes(earlierForms[i]!),
        ),
      );
  };

  const direct = matching(false);
  // Synonym terms starting with what is typed lead to the categories named by their group.
  const viaSynonyms = new Set<string>();
  if (last.length >= 3)
    for (const group of groupsStartingWith(tables, typed.join(' ')))
      for (const forms of tables.groupForms[group]!) viaSynonyms.add(forms);
  const bySynonym =
    viaSynonyms.size === 0
      ? []
      : context.categories.filter((c) => viaSynonyms.has(tables.categoryForms.get(c)!));
  let found = [...new Set([...direct, ...bySynonym])];
  if (found.length === 0) found = matching(true);
  return found.sort((a, b) => b.count - a.count);
}
