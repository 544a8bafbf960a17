// The search page's state, from the URL (/search?q=&location=&category=&exact=1&page=), read the same
// way by the loader and the page; and the texts that say what was searched and where.
import type { SearchUnderstanding } from '../../../server/contract/search.ts';
import { parsePageParam } from '../../components/pagination/page-number.ts';
import {
  type ResultFilters,
  readResultFilters,
  resultFilterParams,
} from '../../components/result-filters/result-filters.ts';
import { filterHref, filterText } from '../browse/filter-text.ts';

export const SEARCH_PATH = '/search';

export interface SearchState {
  q: string;
  location: string;
  category: string;
  /** Search the words as typed, without correction (exact=1). */
  exact: boolean;
  /** null: not a page number (the page answers 404). */
  page: number | null;
}

export function readSearchState(params: URLSearchParams): SearchState {
  return {
    q: filterText(params.get('q')),
    location: filterText(params.get('location')),
    category: filterText(params.get('category')),
    exact: params.get('exact') === '1',
    page: parsePageParam(params.get('page')),
  };
}

/** A service, a place or both: anything less is not searched (the page shows its prompt). */
export function isSearched({ q, location }: Pick<SearchState, 'q' | 'location'>): boolean {
  return q !== '' || location !== '';
}

/** Issue 16's filters of a search: a typed place has a centre, so it can be sorted by distance. */
export function readSearchFilters(params: URLSearchParams): ResultFilters {
  return readResultFilters(params, filterText(params.get('location')) !== '');
}

/** Searched by words, a place, or a point ("Use my location" with no words: what is near). */
export function isSearchedWith(state: SearchState, filters: ResultFilters): boolean {
  return isSearched(state) || filters.point !== null;
}

/**
 * The page's heading: the server's reading of the query once the answer is here ("Plumbers in
 * Chicago, IL"); until then what the URL says ('Results for "dentist" in Chicago', 'Businesses in
 * Chicago'). A chosen category is added in brackets, as the server's label does not name it.
 */
export function searchHeading(state: SearchState, understood?: SearchUnderstanding): string {
  const within = state.category ? ` (${state.category})` : '';
  if (understood) return `${understood.label}${within}`;
  if (state.q) return `Results for "${state.q}"${within}${state.location ? ` in ${state.location}` : ''}`;
  if (state.location) return `Businesses${within} in ${state.location}`;
  return 'Search Local Businesses';
}

/** The query of the page's links (paging, first page): exact only when it is on. */
export function searchParamsOf(state: SearchState): Record<string, string> {
  return {
    q: state.q,
    location: state.location,
    category: state.category,
    exact: state.exact ? '1' : '',
  };
}

/**
 * Where the search form goes. `exact` is kept only while the service text is the one searched
 * exactly (a category chosen for it); new words are a new search, corrected as usual.
 */
export function formSearchHref(
  state: SearchState,
  values: { q: string; location: string; category: string },
  filters?: ResultFilters,
): string {
  const exact = state.exact && filterText(values.q) === state.q;
  const href = filterHref(SEARCH_PATH, { ...values, exact: exact ? '1' : '' });
  // Issue 16: the filters and order stay through a new search (page 1 again).
  // Distance without a point needs the place: a search with the place emptied drops that order.
  const orphan = filters?.sort === 'distance' && !filters.point && !filterText(values.location);
  const kept = new URLSearchParams(
    filters ? resultFilterParams(orphan ? { ...filters, sort: null } : filters) : {},
  ).toString();
  return kept ? `${href}${href.includes('?') ? '&' : '?'}${kept}` : href;
}

/** "No businesses matched “xyz”, so it was left out." ('' when no word was left out). */
export function ignoredWordsNote(words: readonly string[]): string {
  if (words.length === 0) return '';
  const left = words.length === 1 ? 'it was' : 'they were';
  return `No businesses matched “${words.join(' ')}”, so ${left} left out.`;
}
