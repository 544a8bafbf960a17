// A search that finds nothing still leads somewhere: the categories nearest to what was typed and
// the places where it does exist, each with its count (never a bare dead end).
import type { Sqlite } from '../../../db/connection.ts';
import { countMatching } from '../../../db/search/search-reads.ts';
import { categoryFacet } from '../../../db/search/analyzer.ts';
import type { Match } from '../../../db/search/match.ts';
import type { SearchAlternative } from '../../contract/search.ts';
import { categoryPath, cityPath } from '../../contract/paths.ts';
import { allowedEdits, fuzzyMatches } from './fuzzy.ts';
import type { QueryPlan } from './query-plan.ts';
import type { SearchContext } from './search-context.ts';
import { searchUrl } from './understanding.ts';

const MAX_ALTERNATIVES = 5;
/** Cities tried for "where else": the largest ones. */
const PLACES_TRIED = 30;

export function alternativesFor(
  sqlite: Sqlite,
  context: SearchContext,
  plan: QueryPlan,
  request: { q: string; location?: string },
): { categories: SearchAlternative[]; places: SearchAlternative[] } {
  const location = plan.place
    ? plan.place.kind === 'city'
      ? plan.place.name
      : plan.place.label
    : request.location;
  const placeMatch: Match | null = plan.filters[0] ?? null;

  // Categories whose words are near the words typed (a prefix, a form, a typo away); with a place,
  // those that have businesses there.
  const typed = [...plan.searchedWords, ...plan.ignoredWords];
  const scored = context.categories
    .map((category) => ({ category, score: similarity(typed, category.words) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || b.category.count - a.category.count);
  // The nearest first, then the largest (those a place does have, when it lacks the near ones).
  const near = scored.map((entry) => entry.category);
  const pool = [...new Set([...near.slice(0, 10), ...context.categories.slice(0, 20)])];
  const categories: SearchAlternative[] = [];
  for (const category of pool) {
    if (categories.length >= MAX_ALTERNATIVES) break;
    const count = placeMatch
      ? countMatching(
          sqlite,
          { all: [{ fields: ['facets'], tokens: [categoryFacet(category.name)] }, placeMatch] },
          100_000,
        )
      : category.count;
    if (count === 0) continue;
    categories.push({
      label: category.name,
      url: location ? searchUrl({ q: category.name, location }) : categoryPath(category.name),
      count,
    });
  }

  // Places where the service does exist, largest first.
  const places: SearchAlternative[] = [];
  if (plan.textMatch) {
    const cities = [...context.places.cities].sort((a, b) => (b.count ?? 0) - (a.count ?? 0));
    for (const city of cities.slice(0, PLACES_TRIED)) {
      if (places.length >= MAX_ALTERNATIVES) break;
      const count = countMatching(sqlite, { all: [plan.textMatch, city.match] }, 100_000);
      if (count > 0)
        places.push({
          label: city.label,
          url: searchUrl({ q: plan.searchedWords.join(' '), location: city.name }),
          count,
        });
    }
  } else {
    for (const city of context.places.cities.slice(0, MAX_ALTERNATIVES))
      places.push({ label: city.label, url: cityPath(city.name), count: city.count ?? 0 });
  }
  return { categories, places };
}

/** How many typed words are near a word of the category: the same word, a prefix of one, or within
 *  the typo rule's edits. */
function similarity(typed: readonly string[], categoryWords: readonly string[]): number {
  let score = 0;
  for (const word of typed) {
    if (word.length < 3) continue;
    const sorted = [...categoryWords].sort();
    if (categoryWords.some((c) => c.startsWith(word) || word.startsWith(c))) score += 2;
    else if (fuzzyMatches(sorted, word, Math.max(1, allowedEdits(word))).length > 0) score += 1;
  }
  return score;
}
