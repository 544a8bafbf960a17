// Texts and URLs of a city page (§2): the title, description and canonical of each page of the list.
import { cityPath } from '../../../server/contract/paths.ts';
import type { Crumb } from '../../seo/breadcrumb-list.ts';

export const CITY_PAGE_SIZE = 20;

/** The city path with `?page=n` from page 2 on: each page is its own canonical URL. */
export function cityPageHref(city: string, page: number): string {
  return page > 1 ? `${cityPath(city)}?page=${page}` : cityPath(city);
}

const pageSuffix = (page: number) => (page > 1 ? ` – Page ${page}` : '');

export function cityTitle(city: string, page: number): string {
  return `Businesses in ${city} | Local Services & Companies${pageSuffix(page)}`;
}

export function cityDescription(city: string, total: number, page: number, totalPages: number): string {
  const count = total.toLocaleString('en-US');
  const noun = total === 1 ? 'local business' : 'local businesses';
  const where = page > 1 ? ` Page ${page} of ${totalPages}.` : '';
  return `Find ${count} ${noun} in ${city}: ratings, addresses, phone numbers and opening hours.${where}`;
}

export function cityCrumbs(city: string): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: city, path: cityPath(city) },
  ];
}
