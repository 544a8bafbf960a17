// Texts and URLs of a category page (§2): the name shown is the path's, hyphens to spaces in title
// case — except the eight navigation groups, shown as the navigation spells them ("Beauty & Wellness").

import { CATEGORY_GROUPS } from '../../../server/contract/category-groups.ts';
import { categoryPath, categorySlug } from '../../../server/contract/paths.ts';
import type { Crumb } from '../../seo/breadcrumb-list.ts';

export const CATEGORY_PAGE_SIZE = 20;

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('en-US') + word.slice(1).toLocaleLowerCase('en-US'))
    .join(' ');
}

/** "auto-services" → "Auto Services", "beauty-wellness" → "Beauty & Wellness",
 *  "mexican-restaurant" → "Mexican Restaurant". */
export function categoryDisplayName(pathValue: string): string {
  const slug = categorySlug(pathValue);
  const group = CATEGORY_GROUPS.find((name) => categorySlug(name) === slug);
  return group ?? titleCase(pathValue.replace(/-/g, ' '));
}

export function categoryPageHref(name: string, page: number): string {
  return page > 1 ? `${categoryPath(name)}?page=${page}` : categoryPath(name);
}

const pageSuffix = (page: number) => (page > 1 ? ` – Page ${page}` : '');

export function categoryTitle(name: string, page: number): string {
  return `${name} – Local Businesses & Services${pageSuffix(page)}`;
}

export function categoryDescription(name: string, total: number, page: number, totalPages: number): string {
  const count = total.toLocaleString('en-US');
  const where = page > 1 ? ` Page ${page} of ${totalPages}.` : '';
  return `Discover ${count} quality ${name} businesses and services in your area: ratings, addresses, phone numbers and opening hours.${where}`;
}

export function categoryCrumbs(name: string): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name, path: categoryPath(name) },
  ];
}
