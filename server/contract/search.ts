// The shapes of the search and suggestion answers (GET /api/search, GET /api/suggest). Plain types
// only: imported by the browser bundle.
import type { PagedBusinesses } from './business.ts';

/** How the server read the query: what the page says above the results. */
export interface SearchUnderstanding {
  /** The service words searched, after one-box parsing, corrections and left-out words ('' for none). */
  text: string;
  /** The place the results are limited to, as a person writes it ("Chicago, IL"), or null. */
  location: string | null;
  /** One line for the heading: "Plumbers in Chicago, IL", "Businesses in Illinois", "“xyz”". */
  label: string;
  /** Words of the query that matched nothing in the directory and were left out of the search. */
  ignoredWords: string[];
}

/** A category or a place that does have businesses, offered when a search finds none. */
export interface SearchAlternative {
  label: string;
  /** A path on this site. */
  url: string;
  count: number;
  /** There are more than `count` (counting stopped at a cap): shown as "100+". */
  countCapped?: true;
}

export interface SearchAnswer extends PagedBusinesses {
  page: number;
  /** Present (true) when totalCount is an estimate: more than 200 matches, counted exactly only once
   *  a page past the 200th is asked for. The page says "About 1,400 businesses". */
  totalCountEstimated?: true;
  understood: SearchUnderstanding;
  /** Present only when words were corrected: the words searched instead of the ones typed. */
  correctedQuery?: string;
  /** With correctedQuery: a path that searches exactly the words typed (no correction). */
  exactSearchUrl?: string;
  /** Present when the answer is sorted by distance from a place's centre (no lat/lng given): that
   *  centre, the mean position of the place's businesses. */
  distanceFrom?: { lat: number; lng: number; label: string };
  /** Present only when nothing matched: the nearest categories and places that have businesses. */
  alternatives?: { categories: SearchAlternative[]; places: SearchAlternative[] };
}

export type SuggestionType = 'category' | 'city' | 'business';

export interface Suggestion {
  type: SuggestionType;
  label: string;
  /** A path on this site. */
  url: string;
  /** Businesses behind the suggestion (1 for a business). */
  count: number;
}

export interface SuggestAnswer {
  suggestions: Suggestion[];
}

/** At most this many suggestions come back. */
export const MAX_SUGGESTIONS = 10;
