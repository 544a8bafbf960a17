// What a query means, as conditions on the index in the order of the ranking rules: exact phrase in
// name or category, then every word exactly, then word forms, then synonyms, then typo corrections,
// then the words found only in a description or address. At each of the first levels, businesses
// whose category is the trade asked for come before those that merely carry the word in their name:
// "bar" lists bars, then pubs (a synonym, in the category), then "Nail Bar". A tier's results are the
// matches no earlier tier had, ordered by rank (the index's rowid order). The last tier holds them all.
import { formOf, formsOf, wordKey, words } from '../../../db/search/analyzer.ts';
import { allOf, anyOf, type Match, matchKey } from '../../../db/search/match.ts';
import { sequence, term } from '../../../db/search/terms.ts';
import { allowedEdits, fuzzyMatches } from './fuzzy.ts';
import type { Place } from './places.ts';
import type { SearchContext } from './search-context.ts';
import { MAX_TERM_WORDS } from './synonyms.ts';

/** Words of a query beyond this many are not searched (no service name is longer). */
export const MAX_QUERY_WORDS = 10;
/** Typo corrections tried per word: the nearest, most common ones. */
const MAX_CORRECTIONS = 4;
/** Words between a service and a place in one box ("plumbers in chicago", "pizza near 10001"). */
const CONNECTORS = new Set(['in', 'near', 'at', 'around', 'by', 'within', 'from', 'close to']);

export interface QueryInput {
  q: string;
  /** Given in its own box: always a place. */
  location?: string;
  /** The facet token of the category filter, when there is one. */
  facet?: string;
  /** No typo correction and no left-out words: search exactly what was typed. */
  exact?: boolean;
  /** False: the text is only a service, never "service in place" (the browse box, the admin list). */
  oneBox?: boolean;
  /** Service words left out when all of them together find nothing: this many from the end (from
   *  the start when negative), as a search engine drops the least important words. */
  dropWords?: number;
  /** Also match descriptions and addresses (when names and categories find nothing). */
  withDescriptions?: boolean;
}

export interface QueryPlan {
  /** The tiers, each the whole condition (text, place and facet), best first. */
  tiers: Match[];
  /** Every match of the tiers together: the broadest tier's condition. Not always the last tier: a
   *  tier the same as an earlier one is dropped, and the broadest (typos) is the same as the
   *  synonyms' tier when a word has no typo variant, while the tier between them (typos in the
   *  category) holds fewer. Null when there is no condition at all. */
  every: Match | null;
  /** The tiers' text part alone (for "this tier minus the earlier ones"). */
  textTiers: (Match | null)[];
  /** The place and category conditions every tier carries. */
  filters: Match[];
  place: Place | null;
  /** Free text of a location that is no known place, matched against the place columns. */
  locationText: string | null;
  /** The service words searched (corrections applied, left-out words removed). */
  searchedWords: string[];
  /** The service words as typed, before the place and connectors were taken off. */
  typedWords: string[];
  corrections: Map<string, string>;
  ignoredWords: string[];
  /** The condition of the service text alone (all tiers merged): "where else does this exist". */
  textMatch: Match | null;
}

interface Segment {
  words: string[];
  forms: string[];
  exact: Match;
  form: Match;
  synonyms: Match[];
  typos: Match[];
  other: Match;
  /** The business's category is this segment's trade: its form or a synonym in the category. */
  inCategory: Match;
  /** The same, counting typo corrections. */
  inCategoryCorrected: Match;
  /** Whether anything in the index matches it. */
  found: boolean;
  correction?: string;
}

/** Splits a one-box query into its service words and a trailing place. */
export function splitOneBox(
  context: SearchContext,
  typed: readonly string[],
): { service: string[]; serviceTyped: string[]; place: Place | null } {
  const folded = typed.map(wordKey);
  // A place named exactly, then one a typo away — but a typo never turns a word of the trade into a
  // place ("indian" is a cuisine, not Indiana).
  const isServiceWord = (word: string) =>
    context.formDocs.has(formOf(word)) || context.synonyms.has([formOf(word)]);
  for (const fuzzy of [false, true]) {
    for (let size = Math.min(MAX_TERM_WORDS, folded.length); size >= 1; size--) {
      const tail = folded.slice(folded.length - size);
      if (fuzzy && tail.every(isServiceWord)) continue;
      const place = context.places.resolve(tail, {
        typed: typed.slice(typed.length - size),
        oneBox: true,
        fuzzy,
      });
      if (!place) continue;
      let end = folded.length - size;
      while (end > 0 && CONNECTORS.has(folded[end - 1]!)) end--;
      if (end >= 2 && folded[end - 2] === 'close' && folded[end - 1] === 'to') end -= 2;
      return { service: folded.slice(0, end), serviceTyped: typed.slice(0, end) as string[], place };
    }
  }
  return { service: folded, serviceTyped: [...typed], place: null };
}

/** Words as typed (case kept, to tell "IN" from "in"), each folded to one or more index words. */
function typedWords(q: string): string[] {
  return q
    .normalize('NFKC')
    .split(/[\s,;]+/)
    .flatMap((token) => {
      const parts = words(token);
      return parts.length <= 1 ? (parts.length ? [token] : []) : parts;
    })
    .slice(0, MAX_QUERY_WORDS);
}

/** Every word planning may look up in descriptions and addresses (SearchContext.inOther): the
 *  service words are a part of these, whatever the place and the dropped words. */
export function wordsToLookUp(q: string): string[] {
  return typedWords(q).map(wordKey);
}

export function planQuery(context: SearchContext, input: QueryInput): QueryPlan {
  const typed = typedWords(input.q);

  let place: Place | null = null;
  let locationText: string | null = null;
  let service = typed.map(wordKey);
  let serviceTyped = typed;
  if (input.location?.trim()) {
    const locationWords = words(input.location);
    const typedLocation = input.location.trim().split(/[\s,]+/);
    place = context.places.resolve(locationWords, { typed: typedLocation }) ?? null;
    if (!place && locationWords.length > 0) locationText = locationWords.join(' ');
  } else if (typed.length > 0 && input.oneBox !== false) {
    const split = splitOneBox(context, typed);
    service = split.service;
    serviceTyped = split.serviceTyped;
    place = split.place;
  }

  const dropped: string[] = [];
  if (input.dropWords && Math.abs(input.dropWords) < service.length) {
    const cut = input.dropWords > 0 ? service.length - input.dropWords : -input.dropWords;
    const [keep, drop] =
      input.dropWords > 0
        ? [service.slice(0, cut), service.slice(cut)]
        : [service.slice(cut), service.slice(0, cut)];
    const keepTyped = input.dropWords > 0 ? serviceTyped.slice(0, cut) : serviceTyped.slice(cut);
    dropped.push(...drop);
    service = keep;
    serviceTyped = keepTyped;
  }
  const segments = segmentsOf(context, service, Boolean(input.exact));
  const searched = input.exact ? segments : segments.filter((segment) => segment.found);
  // Nothing found for any word: keep them all, so that the answer is an honest "none" with
  // alternatives rather than the whole directory.
  const kept = searched.length === 0 && segments.length > 0 ? segments : searched;
  const ignoredWords = [
    ...(kept === segments ? [] : segments.filter((s) => !s.found).flatMap((s) => s.words)),
    ...dropped,
  ];
  const corrections = new Map<string, string>();
  for (const segment of kept) if (segment.correction) corrections.set(segment.words[0]!, segment.correction);

  const locationMatch: Match | null = place
    ? place.match
    : locationText
      ? locationTextMatch(locationText)
      : null;
  const facet: Match | null = input.facet ? { term: input.facet } : null;
  const filters = [locationMatch, facet].filter((part): part is Match => part !== null);
  const withFilters = (text: Match | null): Match | null => {
    const parts = text ? [text, ...filters] : filters;
    if (parts.length === 0) return null;
    return parts.length === 1 ? parts[0]! : { all: parts };
  };

  const textTiers: (Match | null)[] = [];
  if (kept.length === 0) textTiers.push(null);
  else {
    const all = (pick: (segment: Segment) => Match): Match => allOf(kept.map(pick));
    const both = (a: Match, b: Match): Match => ({ all: [a, b] });
    const trade = anyOf(kept.map((segment) => segment.inCategory));
    const tradeCorrected = anyOf(kept.map((segment) => segment.inCategoryCorrected));
    const exact = all((segment) => segment.exact);
    const forms = all((segment) => segment.form);
    const synonyms = all((segment) => anyOf([segment.form, ...segment.synonyms]));
    const typos = all((segment) => anyOf([segment.form, ...segment.synonyms, ...segment.typos]));
    const allWords = kept.flatMap((segment) => segment.words);
    // A word no name or category holds as typed ("plumbers") leaves the exact tiers empty: skipped
    // rather than asked of the index.
    const exactPossible = allWords.every((word) => context.wordDocs.has(word));
    if (exactPossible && allWords.length >= 2) textTiers.push(sequence(allWords, term.word, term.wordPair));
    if (exactPossible) textTiers.push(both(exact, trade));
    // One segment: its trade (a form or synonym in the category) implies the segment matches.
    textTiers.push(kept.length === 1 ? trade : both(synonyms, trade));
    if (exactPossible) textTiers.push(exact);
    textTiers.push(forms, synonyms);
    textTiers.push(both(typos, tradeCorrected), typos);
    // Descriptions and addresses are searched only when names and categories have nothing: their
    // words are many and common, and every search would pay for them (measured at 1M businesses).
    if (input.withDescriptions)
      textTiers.push(
        all((segment) => anyOf([segment.form, ...segment.synonyms, ...segment.typos, segment.other])),
      );
  }

  // A tier the same as an earlier one (no synonyms, no typos) adds nothing and is dropped.
  const tiers: Match[] = [];
  const keptTextTiers: (Match | null)[] = [];
  const seen = new Set<string>();
  for (const text of textTiers) {
    const whole = withFilters(text);
    if (!whole) continue;
    const key = matchKey(whole);
    if (seen.has(key)) continue;
    seen.add(key);
    tiers.push(whole);
    keptTextTiers.push(text);
  }
  return {
    tiers,
    every: withFilters(textTiers.at(-1) ?? null),
    textTiers: keptTextTiers,
    filters,
    place,
    locationText,
    searchedWords: kept.flatMap((segment) =>
      segment.correction ? segment.correction.split(' ') : segment.words,
    ),
    typedWords: serviceTyped.map(String),
    corrections,
    ignoredWords,
    textMatch: textTiers.at(-1) ?? null,
  };
}

/** A location that is no known place: its words in the place columns, the last one possibly cut
 *  short ("San Dieg"). */
function locationTextMatch(text: string): Match {
  const tokens = text.split(' ');
  const joined = tokens.join('_');
  return anyOf([
    { term: term.city(joined), prefix: true },
    { term: term.state(joined), prefix: true },
    { term: term.country(joined), prefix: true },
    allOf(tokens.map((token, i) => ({ term: term.postcode(token), prefix: i === tokens.length - 1 }))),
  ]);
}

/** Groups the service words into segments: a run of words that is a synonym term is searched as one
 *  unit ("movie theater" → cinema), the longest first; every other word alone. */
function segmentsOf(context: SearchContext, service: readonly string[], exact: boolean): Segment[] {
  const segments: Segment[] = [];
  let i = 0;
  while (i < service.length) {
    let size = Math.min(MAX_TERM_WORDS, service.length - i);
    for (; size > 1; size--) if (context.synonyms.has(service.slice(i, i + size).map(formOf))) break;
    segments.push(segmentOf(context, service.slice(i, i + size), exact));
    i += size;
  }
  return segments;
}

const asForms = (sequenceOfForms: readonly string[]): Match =>
  sequence(sequenceOfForms, term.form, term.formPair);
const asCategory = (sequenceOfForms: readonly string[]): Match =>
  sequence(sequenceOfForms, term.categoryForm, term.categoryFormPair);

/** Segments already worked out, per search context (that is, per data version): a one-box query tries
 *  every split of its words, and the same words come back in query after query. */
const segmentMemos = new WeakMap<SearchContext, Map<string, Segment>>();
const SEGMENTS_KEPT = 20_000;

function segmentOf(context: SearchContext, segmentWords: string[], exact: boolean): Segment {
  let memo = segmentMemos.get(context);
  if (!memo) {
    memo = new Map();
    segmentMemos.set(context, memo);
  }
  const key = `${exact ? 1 : 0}${segmentWords.join(' ')}`;
  let segment = memo.get(key);
  if (!segment) {
    segment = workOutSegment(context, segmentWords, exact);
    if (memo.size >= SEGMENTS_KEPT) memo.clear();
    memo.set(key, segment);
  }
  return segment;
}

function workOutSegment(context: SearchContext, segmentWords: string[], exact: boolean): Segment {
  const forms = segmentWords.map(formOf);
  const synonymTerms = context.synonyms.alternativesOf(forms);
  const synonymForms = synonymTerms.map((synonym) => formsOf(synonym));

  const inPrimary = forms.every((form) => context.formDocs.has(form));
  const synonymFound = synonymForms.some((list) => list.every((form) => context.formDocs.has(form)));

  let typoForms: string[][] = [];
  let correction: string | undefined;
  if (!exact && !inPrimary && !synonymFound && segmentWords.length === 1) {
    const word = segmentWords[0]!;
    const candidates = fuzzyMatches(context.correctable, word, allowedEdits(word));
    if (candidates.length > 0) {
      const nearest = candidates[0]!.distance;
      // The nearest candidates only; among them, the ones that lead to businesses, most common first.
      const useful = candidates
        .filter((candidate) => candidate.distance === nearest)
        .map((candidate) => ({ term: candidate.term, docs: reach(context, candidate.term) }))
        .filter((candidate) => candidate.docs > 0)
        .sort((a, b) => b.docs - a.docs)
        .slice(0, MAX_CORRECTIONS);
      if (useful.length > 0) {
        correction = useful[0]!.term;
        typoForms = useful.flatMap(({ term: corrected }) => {
          const correctedForms = [formOf(corrected)];
          return [
            correctedForms,
            ...context.synonyms.alternativesOf(correctedForms).map((alt) => formsOf(alt)),
          ];
        });
      }
    }
  }
  return {
    words: segmentWords,
    forms,
    exact: sequence(segmentWords, term.word, term.wordPair),
    form: asForms(forms),
    synonyms: synonymForms.map(asForms),
    typos: typoForms.map(asForms),
    other: allOf(segmentWords.map((word) => ({ term: term.other(word) }))),
    inCategory: anyOf([forms, ...synonymForms].map(asCategory)),
    inCategoryCorrected: anyOf([forms, ...synonymForms, ...typoForms].map(asCategory)),
    found:
      inPrimary ||
      synonymFound ||
      typoForms.length > 0 ||
      segmentWords.every((word) => context.inOther(word)),
    correction,
  };
}

/** How many businesses a corrected word would reach: its own form's, or its synonyms'. */
function reach(context: SearchContext, term: string): number {
  const form = formOf(term);
  let docs = context.formDocs.get(form) ?? 0;
  for (const alt of context.synonyms.alternativesOf([form])) {
    const altForms = formsOf(alt);
    if (altForms.every((f) => context.formDocs.has(f)))
      docs = Math.max(docs, Math.min(...altForms.map((f) => context.formDocs.get(f)!)));
  }
  return docs;
}
