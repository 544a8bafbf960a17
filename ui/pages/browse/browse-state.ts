// The browse page's state lives in the URL (?search=&category=&page=) so that back, forward and
// shared links work; the loader and the page read it with this one function.
import { parsePageParam } from '../../components/pagination/page-number.ts';
import { filterText } from './filter-text.ts';

export const BROWSE_PAGE_SIZE = 20;
export const BROWSE_PATH = '/businesses';

export interface BrowseState {
  search: string;
  category: string;
  /** null: not a page number (the page answers 404). */
  page: number | null;
}

export function readBrowseState(params: URLSearchParams): BrowseState {
  return {
    search: filterText(params.get('search')),
    category: filterText(params.get('category')),
    page: parsePageParam(params.get('page')),
  };
}

export function browseTitle({ search, category }: BrowseState, page: number): string {
  const suffix = page > 1 ? ` – Page ${page}` : '';
  if (!search && !category) return `Browse All Businesses${suffix}`;
  const what = search ? `"${search}"` : 'Businesses';
  return `${what}${category ? ` in ${category}` : ''} – Browse Businesses${suffix}`;
}
