// What the page says about a search: how the query was read ("Plumbers in Chicago, IL"), what was
// corrected ("Showing results for plumber") and the link that searches the words as typed.
import { wordKey } from '../../../db/search/analyzer.ts';
import type { SearchUnderstanding } from '../../contract/search.ts';
import type { QueryPlan } from './query-plan.ts';

const capitalise = (word: string) => (word ? word[0]!.toLocaleUpperCase('en-US') + word.slice(1) : word);

export function understandingOf(plan: QueryPlan): SearchUnderstanding {
  const ignored = new Set(plan.ignoredWords);
  // The service as typed (its case and punctuation), with corrections and without left-out words.
  const shown = plan.typedWords
    .filter((word) => !ignored.has(wordKey(word)))
    .map((word) => plan.corrections.get(wordKey(word)) ?? word);
  const text = plan.searchedWords.join(' ');
  const location = plan.place?.label ?? (plan.locationText ? titleCase(plan.locationText) : null);
  const service = shown.length > 0 ? capitalise(shown.join(' ')) : '';
  const label = service
    ? location
      ? `${service} in ${location}`
      : service
    : location
      ? `Businesses in ${location}`
      : 'All businesses';
  return { text, location, label, ignoredWords: plan.ignoredWords };
}

/** The query with its corrected words, or undefined when nothing was corrected. */
export function correctedQueryOf(q: string, plan: QueryPlan): string | undefined {
  if (plan.corrections.size === 0) return undefined;
  return q
    .trim()
    .split(/(\s+)/)
    .map((token) => plan.corrections.get(wordKey(token)) ?? token)
    .join('');
}

export function searchUrl(params: {
  q?: string;
  location?: string;
  category?: string;
  exact?: boolean;
}): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.location) query.set('location', params.location);
  if (params.category) query.set('category', params.category);
  if (params.exact) query.set('exact', '1');
  return `/search?${query.toString()}`;
}

function titleCase(text: string): string {
  return text.split(' ').map(capitalise).join(' ');
}
