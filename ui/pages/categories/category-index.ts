// The all-categories page's A–Z index: every category that has a page (a non-empty slug), sorted by
// name and grouped under its first letter ("#" for names that start with a digit or a sign).
import type { CategorySummary } from '../../../server/contract/business.ts';
import { categorySlug } from '../../../server/contract/paths.ts';

export interface LetterGroup {
  letter: string;
  categories: CategorySummary[];
}

export function letterOf(name: string): string {
  const first = name.trim().normalize('NFKD').charAt(0).toLocaleUpperCase('en-US');
  return /\p{L}/u.test(first) ? first : '#';
}

export function groupByLetter(categories: readonly CategorySummary[]): LetterGroup[] {
  const sorted = categories
    .filter((c) => categorySlug(c.category) !== '')
    .sort((a, b) => a.category.localeCompare(b.category, 'en', { sensitivity: 'base' }));
  const groups: LetterGroup[] = [];
  for (const category of sorted) {
    const letter = letterOf(category.category);
    const last = groups.at(-1);
    if (last?.letter === letter) last.categories.push(category);
    else groups.push({ letter, categories: [category] });
  }
  // "#" sorts wherever its first name fell; it reads best at the end.
  return [...groups.filter((g) => g.letter !== '#'), ...groups.filter((g) => g.letter === '#')];
}
