// The search page's state, from the URL (/search?q=&location=&category=&page=), read the same way by
// the loader and the page; and the texts that say what was searched and where.
import { parsePageParam } from '../../components/pagination/page-number.ts';
import { filterText } from '../browse/filter-text.ts';

export const SEARCH_PATH = '/search';

export interface SearchState {
  q: string;
  location: string;
  category: string;
  /** null: not a page number (the page answers 404). */
  page: number | null;
}

export function readSearchState(params: URLSearchParams): SearchState {
  return {
    q: filterText(params.get('q')),
    location: filterText(params.get('location')),
    category: filterText(params.get('category')),
    page: parsePageParam(params.get('page')),
  };
}

/** 'Results for "dentist" in Chicago' (with the category when one is chosen: 'in Healthcare'). */
export function searchHeading({ q, location, category }: SearchState): string {
  const within = category ? ` (${category})` : '';
  return `Results for "${q}"${within}${location ? ` in ${location}` : ''}`;
}

export function searchParamsOf(state: SearchState): Record<string, string> {
  return { q: state.q, location: state.location, category: state.category };
}
