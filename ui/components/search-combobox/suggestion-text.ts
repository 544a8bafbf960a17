// What the suggestions say: the type hint beside each label, the count, and the live region's line.
import type { Suggestion, SuggestionType } from '../../../server/contract/search.ts';
import { businessCountText } from '../../format/counts.ts';

const TYPE_HINTS: Record<SuggestionType, string> = {
  category: 'Category',
  city: 'City',
  business: 'Business',
};

export function typeHint(type: SuggestionType): string {
  return TYPE_HINTS[type];
}

/** "12 businesses" for a category or a city; '' for a business, whose count is always 1 and would
 *  only add noise to its name. */
export function suggestionCount(suggestion: Suggestion): string {
  return suggestion.type === 'business' ? '' : businessCountText(suggestion.count);
}

/** An option's accessible name: "Plumber, Category, 12 businesses", "Joe's Plumbing, Business". */
export function optionName(suggestion: Suggestion): string {
  return [suggestion.label, typeHint(suggestion.type), suggestionCount(suggestion)]
    .filter(Boolean)
    .join(', ');
}

/** The polite live region's line when the list opens or changes: "3 suggestions" ('' when closed). */
export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return '';
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}
