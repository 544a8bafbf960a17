// A search that finds nothing still leads somewhere: the categories nearest to what was typed and
// the places where it does exist, each with its count (never a bare dead end). Bounded work: a few
// candidates are tried, each first for one match (cheap), and only those found are counted, up to a
// cap (an uncapped count of a large category in a large city costs milliseconds at 1M businesses).
import type { Sqlite } from '../../../db/connection.ts';
import { categoryFacet } from '../../../db/search/analyzer.ts';
import { allOf, type Match } from '../../../db/search/match.ts';
import { countMatching, matchingRowids } from '../../../db/search/search-reads.ts';
import { categoryPath, cityPath } from '../../contract/paths.ts';
import type { SearchAlternative } from '../../contract/search.ts';
import { allowedEdits, fuzzyMatches } from './fuzzy.ts';
import type { QueryPlan } from './query-plan.ts';
import type { SearchContext } from './search-context.ts';
import { searchUrl } from './understanding.ts';

const MAX_ALTERNATIVES = 5;
/** Candidates tried of each kind. */
const TRIED = 8;
/** Counts of alternatives stop here. */
export const ALTERNATIVE_COUNT_CAP = 1_000;

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
  const placeMatch: Match | null = plan.filters.length > 0 ? allOf(plan.filters) : null;
  const exists = (match: Match) => matchingRowids(sqlite, match, 1).length > 0;
  const count = (match: Match) => countMatching(sqlite, match, ALTERNATIVE_COUNT_CAP);

  // Categories whose words are near the words typed (a prefix, a form, a typo away), then the largest;
  // with a place, those that have businesses there.
  const typed = [...plan.searchedWords, ...plan.ignoredWords];
  const near = context.categories
    .map((category) => ({ category, score: similarity(typed, category.words) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || b.category.count - a.category.count)
    .map((entry) => entry.category);
  const pool = [...new Set([...near.slice(0, TRIED / 2), ...context.categories.slice(0, TRIED)])].slice(
    0,
    TRIED,
  );
  const categories: SearchAlternative[] = [];
  for (const category of pool) {
    if (categories.length >= MAX_ALTERNATIVES) break;
    let businesses = category.count;
    if (placeMatch) {
      const inPlace = allOf([{ term: categoryFacet(category.name) }, placeMatch]);
      if (!exists(inPlace)) continue;
      businesses = count(inPlace);
    }
    categories.push({
      label: category.name,
      url: location ? searchUrl({ q: category.name, location }) : categoryPath(category.name),
      count: businesses,
    });
  }

  // Places where the service does exist, largest first.
  const places: SearchAlternative[] = [];
  const cities = [...context.places.cities].sort((a, b) => (b.count ?? 0) - (a.count ?? 0)).slice(0, TRIED);
  if (plan.textMatch) {
    for (const city of cities) {
      if (places.length >= MAX_ALTERNATIVES) break;
      const there = allOf([plan.textMatch, city.match]);
      if (!exists(there)) continue;
      places.push({
        label: city.label,
        url: searchUrl({ q: plan.searchedWords.join(' '), location: city.name }),
        count: count(there),
      });
    }
  } else {
    for (const city of cities.slice(0, MAX_ALTERNATIVES))
      places.push({ label: city.label, url: cityPath(city.name), count: city.count ?? 0 });
  }
  return { categories, places };
}

/** How many typed words are near a word of the category: the same word, a prefix of one, or within
 *  the typo rule's edits. */
function similarity(typed: readonly string[], categoryWords: readonly string[]): number {
  let score = 0;
  const sorted = [...categoryWords].sort();
  for (const word of typed) {
    if (word.length < 3) continue;
    if (categoryWords.some((c) => c.startsWith(word) || word.startsWith(c))) score += 2;
    else if (fuzzyMatches(sorted, word, Math.max(1, allowedEdits(word))).length > 0) score += 1;
  }
  return score;
}
