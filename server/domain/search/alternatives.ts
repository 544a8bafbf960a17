// A search that finds nothing still leads somewhere: the categories nearest to what was typed and
// the places where it does exist, each with its count (never a bare dead end). Bounded work: a few
// candidates are tried, each with one read of at most ALTERNATIVE_COUNT_CAP + 1 matches in rank order,
// which says both whether it has any and how many up to the cap (counting to 1,000 cost 5–10 ms per
// candidate at 1M businesses, a third of all the time first-time searches took). The places where a
// service exists do not depend on the place asked for: kept per data version.
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import { categoryFacet } from '../../../db/search/analyzer.ts';
import { allOf, type Match, matchKey } from '../../../db/search/match.ts';
import { searchIndexOf } from '../../../db/search/search-index.ts';
import type { Store } from '../../../db/store/store.ts';
import { categoryPath, cityPath } from '../../contract/paths.ts';
import type { SearchAlternative } from '../../contract/search.ts';
import { allowedEdits, fuzzyMatches } from './fuzzy.ts';
import type { QueryPlan } from './query-plan.ts';
import type { SearchContext } from './search-context.ts';
import { searchUrl } from './understanding.ts';

const MAX_ALTERNATIVES = 5;
/** Candidates tried of each kind. */
const TRIED = 8;
/** Counts of alternatives stop here: past it, the answer says "100+" (countCapped). */
export const ALTERNATIVE_COUNT_CAP = 100;
const PLACES_KEPT = 2_000;

const placesByText = new DataVersionMaps<SearchAlternative[]>();

export async function alternativesFor(
  store: Store,
  context: SearchContext,
  plan: QueryPlan,
  request: { q: string; location?: string },
): Promise<{ categories: SearchAlternative[]; places: SearchAlternative[] }> {
  const index = searchIndexOf(store);
  const location = plan.place
    ? plan.place.kind === 'city'
      ? plan.place.name
      : plan.place.label
    : request.location;
  const placeMatch: Match | null = plan.filters.length > 0 ? allOf(plan.filters) : null;
  /** Matches up to the cap (0: none), and whether there are more. */
  const counted = async (match: Match): Promise<Pick<SearchAlternative, 'count' | 'countCapped'>> => {
    // A count, not a page: no rank order to read (on PostgreSQL, that order is the costly part).
    const found = await index.countMatching(match, ALTERNATIVE_COUNT_CAP + 1);
    return found > ALTERNATIVE_COUNT_CAP
      ? { count: ALTERNATIVE_COUNT_CAP, countCapped: true }
      : { count: found };
  };

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
    const businesses = placeMatch
      ? await counted(allOf([{ term: categoryFacet(category.name) }, placeMatch]))
      : { count: category.count };
    if (businesses.count === 0) continue;
    categories.push({
      label: category.name,
      url: location ? searchUrl({ q: category.name, location }) : categoryPath(category.name),
      ...businesses,
    });
  }

  // Places where the service does exist, largest first.
  const cities = [...context.places.cities].sort((a, b) => (b.count ?? 0) - (a.count ?? 0)).slice(0, TRIED);
  const { textMatch } = plan;
  if (!textMatch)
    return {
      categories,
      places: cities
        .slice(0, MAX_ALTERNATIVES)
        .map((city) => ({ label: city.label, url: cityPath(city.name), count: city.count ?? 0 })),
    };
  const searched = plan.searchedWords.join(' ');
  const kept = placesByText.current(store);
  const key = `${matchKey(textMatch)}\u0000${searched}`;
  let places = kept.get(key);
  if (!places) {
    const version = store.dataVersion();
    places = [];
    for (const city of cities) {
      if (places.length >= MAX_ALTERNATIVES) break;
      const there = await counted(allOf([textMatch, city.match]));
      if (there.count === 0) continue;
      places.push({ label: city.label, url: searchUrl({ q: searched, location: city.name }), ...there });
    }
    // Not kept if the data changed meanwhile (PostgreSQL answers asynchronously).
    if (store.dataVersion() === version) DataVersionMaps.keep(kept, key, places, PLACES_KEPT);
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
