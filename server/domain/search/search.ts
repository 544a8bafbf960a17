// The one search of the directory, behind /api/search, /api/businesses?search=, the search and
// browse pages and the admin's business list: a query is planned into tiers (query-plan.ts), each
// tier's matches come from the index in rank order, and a page takes them tier after tier. A plan's
// counts are kept per data version, so paging or asking again does not count again.
import { DataVersionMaps } from '../../../db/data-version-maps.ts';
import {
  centreOfMatches,
  type DiscoveryConditions,
  type GeoPoint,
} from '../../../db/discovery-repository.ts';
import { categoryFacet, groupFacet } from '../../../db/search/analyzer.ts';
import { forgetKeptReads } from '../../../db/search/kept-reads.ts';
import { allOf, anyOf, type Match, matchKey } from '../../../db/search/match.ts';
import { type SearchIndex, searchIndexOf } from '../../../db/search/search-index.ts';
import { term } from '../../../db/search/terms.ts';
import type { Store } from '../../../db/store/store.ts';
import type { SearchAnswer } from '../../contract/search.ts';
import { BUSINESSES_JSON, type JsonPieces, type WithBusinessesJson } from '../businesses/business-json.ts';
import { businessesByIds, type CategoryRef, resolveCategory } from '../businesses/business-queries.ts';
import {
  conditionsOf,
  type DiscoveryFilters,
  discoverPage,
  discoverPageJson,
  hasDiscoveryFilters,
} from '../businesses/discovery.ts';
import { alternativesFor } from './alternatives.ts';
import type { Place } from './places.ts';
import { planQuery, type QueryPlan, wordsToLookUp } from './query-plan.ts';
import { type SearchContext, searchContext } from './search-context.ts';
import { correctedQueryOf, searchUrl, understandingOf } from './understanding.ts';
import { warmServiceWords } from './warm-words.ts';

export interface SearchRequest {
  q: string;
  location?: string;
  category?: string;
  page: number;
  pageSize: number;
  exact?: boolean;
  /** Near a point, open now, rating, verified, sorting (decision 0026): counted exactly. */
  filters?: DiscoveryFilters;
  /** The instant "open now" is decided at (tests pin it). */
  now?: Date;
  /** The answer is sent as JSON, not rendered: a filtered search's businesses may come as their
   *  JSON texts (BUSINESSES_JSON, with `businesses` left empty; answerJson writes them). */
  asJson?: boolean;
}

/** Counting stops here: past it the answer says this many (a page count of 5,000 is as useful). */
export const SEARCH_COUNT_CAP = 100_000;
/** Plans kept per store and data version. */
const PLANS_LIMIT = 2_000;

interface CountedPlan {
  plan: QueryPlan;
  /** Every match, or (when `estimated`) an estimate from where in the rank order the matches are. */
  total: number;
  estimated: boolean;
  /** The first ids in answer order, up to PAGED_WINDOW: pages within it are sliced from them. */
  window: number[] | null;
  /** Matches of the first k+1 tiers together, counted when a page past the window needs them. */
  cumulative: (number | undefined)[];
}

/** Up to this many matches a search counts exactly and pages from its first ids (five pages of 20);
 *  beyond, the total is estimated until a page past them is asked for (then counted). Counting every
 *  match of "plumber" in Chicago costs ~3 ms at 1M businesses, reading the first 100 ~0.2 ms. */
export const PAGED_WINDOW = 100;

const plans = new DataVersionMaps<CountedPlan>();

/** Forgets the plans of a store and the index reads kept for them (measurements of first-time searches). */
export function clearSearchPlans(store: Store): void {
  plans.forget(store);
  forgetKeptReads(store);
}

export function facetOf(ref: CategoryRef): string {
  return ref.kind === 'group' ? groupFacet(ref.value) : categoryFacet(ref.value);
}

type PlanRequest = Omit<SearchRequest, 'page' | 'pageSize' | 'category'> & { oneBox?: boolean };

async function countedPlan(store: Store, request: PlanRequest, facet?: string): Promise<CountedPlan> {
  const map = plans.current(store);
  const key = JSON.stringify([
    request.q,
    request.location ?? '',
    facet ?? '',
    Boolean(request.exact),
    request.oneBox,
  ]);
  let counted = map.get(key);
  if (!counted) {
    // Kept only if the data did not change while it was worked out (PostgreSQL answers asynchronously).
    const version = store.dataVersion();
    const context = await searchContext(store);
    const index = searchIndexOf(store);
    await context.lookUpOther(wordsToLookUp(request.q));
    let plan = planQuery(context, { ...request, facet });
    let first = plan.every ? await index.matchingRowids(plan.every, PAGED_WINDOW + 1) : [];
    // Names and categories have nothing: try descriptions and addresses too. Still nothing: leave out
    // a word, the last first, then the first ("hvac repair" → hvac, "vegetarian restaurant" →
    // restaurant), and say which.
    const words = plan.searchedWords.length;
    for (const drop of [0, 1, -1, 2, -2]) {
      if (first.length > 0 || (request.exact && drop !== 0) || Math.abs(drop) >= Math.max(1, words)) break;
      const relaxed = planQuery(context, { ...request, facet, dropWords: drop, withDescriptions: true });
      const found = relaxed.every ? await index.matchingRowids(relaxed.every, PAGED_WINDOW + 1) : [];
      if (found.length > 0) {
        plan = relaxed;
        first = found;
      }
    }
    if (first.length === 0 && !request.exact) {
      // Nothing at all: the last word may still be being typed ("dent" → dentist).
      const prefixed = prefixPlan(context, plan);
      if (prefixed) {
        const found = await index.matchingRowids(prefixed, PAGED_WINDOW + 1);
        if (found.length > 0) {
          plan.tiers = [prefixed];
          plan.every = prefixed;
          plan.textTiers = [null];
          first = found;
        }
      }
    }
    // plan.every holds every match. Past the window, the total is the window's share of the
    // directory in rank order, scaled: the matches spread over the ranks about as all businesses do.
    const estimated = first.length > PAGED_WINDOW;
    const total = estimated
      ? Math.max(
          PAGED_WINDOW + 1,
          Math.round(
            (PAGED_WINDOW * context.rankedBusinesses) / context.rankPosition(first[PAGED_WINDOW - 1]!),
          ),
        )
      : first.length;
    counted = { plan, total, estimated, window: null, cumulative: [] };
    if (store.dataVersion() !== version) return counted;
    // Another search may have planned the same meanwhile: one is kept.
    counted = map.get(key) ?? counted;
  }
  DataVersionMaps.keep(map, key, counted, PLANS_LIMIT);
  return counted;
}

/** Counts every match (a page past the window was asked for). */
async function exactTotal(index: SearchIndex, counted: CountedPlan): Promise<void> {
  if (!counted.estimated) return;
  counted.total = await index.countMatching(counted.plan.every!, SEARCH_COUNT_CAP);
  counted.estimated = false;
}

/** The last tier with its last word as a prefix of name or category words (the commonest words it
 *  starts, named: see SearchContext.wordsStartingWith). */
function prefixPlan(context: SearchContext, plan: QueryPlan): Match | null {
  const last = plan.searchedWords.at(-1);
  if (!last || last.length < 2 || plan.tiers.length === 0) return null;
  const completions = context.wordsStartingWith(last).filter((word) => word !== last);
  if (completions.length === 0) return null;
  const earlier = plan.searchedWords.slice(0, -1);
  const parts: Match[] = earlier.map((word) => ({ term: term.word(word) }));
  parts.push(anyOf(completions.map((word) => ({ term: term.word(word) }))));
  return { all: [...parts, ...plan.filters] };
}

/** Tier k's own matches: its condition, less every earlier tier's. */
function tierOnly(plan: QueryPlan, k: number): Match {
  const earlier = plan.textTiers.slice(0, k).filter((text): text is Match => text !== null);
  if (earlier.length === 0) return plan.tiers[k]!;
  return { but: plan.tiers[k]!, not: earlier.length === 1 ? earlier[0]! : { any: earlier } };
}

/** How many businesses the first k+1 tiers hold together. */
async function cumulativeCount(index: SearchIndex, counted: CountedPlan, k: number): Promise<number> {
  const { plan } = counted;
  if (k === plan.tiers.length - 1) return counted.total;
  let count = counted.cumulative[k];
  if (count === undefined) {
    const texts = plan.textTiers.slice(0, k + 1).filter((text): text is Match => text !== null);
    const union: Match | null = texts.length === 0 ? null : texts.length === 1 ? texts[0]! : { any: texts };
    const whole: Match = union
      ? plan.filters.length
        ? { all: [union, ...plan.filters] }
        : union
      : plan.tiers[k]!;
    count = await index.countMatching(whole, SEARCH_COUNT_CAP);
    counted.cumulative[k] = count;
  }
  return count;
}

/** The ids of one page. Within the window they are sliced from the first ids, read tier after tier
 *  (each tier's matches less the earlier tiers', in rank order) and kept with the plan; past it, the
 *  tiers before the page are counted once and the page read from the tier it falls in. */
async function pageIds(
  index: SearchIndex,
  counted: CountedPlan,
  offset: number,
  limit: number,
): Promise<number[]> {
  const { plan } = counted;
  if (counted.total === 0) return [];
  if (offset + limit <= PAGED_WINDOW) {
    const want = offset + limit;
    if (
      !counted.window ||
      (counted.window.length < want && counted.window.length < Math.min(counted.total, PAGED_WINDOW))
    ) {
      const ids: number[] = [];
      // Where a tier's read costs the same for a page or for the whole window, the tiers the page
      // needs are read to the window's end, so that the next pages need no read.
      const target = index.readsAheadFree ? PAGED_WINDOW : want;
      for (let k = 0; k < plan.tiers.length && ids.length < want; k++)
        ids.push(...(await index.matchingIds(tierOnly(plan, k), target - ids.length)));
      counted.window = ids;
    }
    return counted.window.slice(offset, offset + limit);
  }
  await exactTotal(index, counted);
  const ids: number[] = [];
  let tierStart = 0;
  for (let k = 0; k < plan.tiers.length && ids.length < limit; k++) {
    const want = offset + ids.length;
    const tierEnd = await cumulativeCount(index, counted, k);
    if (want < tierEnd)
      ids.push(
        ...(await index.matchingIds(
          tierOnly(plan, k),
          Math.min(limit - ids.length, tierEnd - want),
          want - tierStart,
        )),
      );
    tierStart = tierEnd;
  }
  return ids;
}

/** The search page and GET /api/search. */
export async function searchDirectory(store: Store, request: SearchRequest): Promise<SearchAnswer> {
  const category = request.category ? await resolveCategory(store, request.category) : undefined;
  if (hasDiscoveryFilters(request.filters)) return filteredSearch(store, request, category);
  const counted = await countedPlan(
    store,
    request,
    category ? facetOf(category) : request.category ? 'cnone' : undefined,
  );
  const ids = await pageIds(
    searchIndexOf(store),
    counted,
    (request.page - 1) * request.pageSize,
    request.pageSize,
  );
  const total = counted.total;
  const answer: SearchAnswer = {
    businesses: await businessesByIds(store, ids),
    totalCount: total,
    totalPages: Math.ceil(total / request.pageSize),
    page: request.page,
    understood: understandingOf(counted.plan),
  };
  if (counted.estimated) answer.totalCountEstimated = true;
  addCorrection(answer, request, counted.plan);
  if (total === 0)
    answer.alternatives = await alternativesFor(store, await searchContext(store), counted.plan, request);
  return answer;
}

// ---- with filters (decision 0026) ---------------------------------------------------------------

/** Each place's centre (the mean position of its businesses), per store and data version. */
const centres = new DataVersionMaps<GeoPoint | null>();

export async function placeCentre(store: Store, place: Place): Promise<GeoPoint | null> {
  const map = centres.current(store);
  const key = `${place.kind}:${matchKey(place.match)}`;
  let centre = map.get(key);
  if (centre === undefined) {
    const version = store.dataVersion();
    centre = await centreOfMatches(store, searchIndexOf(store).queryText(place.match));
    if (store.dataVersion() === version) map.set(key, centre);
  }
  return centre;
}

/** The search conditions of a plan for a filtered list: each tier's own matches in relevance order
 *  (so that the tiers' order survives the filters), or all matches at once for the other orders. */
function textConditions(index: SearchIndex, plan: QueryPlan, filters: DiscoveryFilters): DiscoveryConditions {
  if (plan.tiers.length === 0) return {};
  const relevance = (filters.sort ?? 'relevance') === 'relevance';
  // In the index's own syntax: discovery joins the index in its queries (FTS5 MATCH, or a tsquery).
  if (!relevance) return { textTiers: [index.queryText(plan.every!)] };
  return {
    textTiers: plan.tiers.map((_, k) => index.queryText(tierOnly(plan, k))),
    plainTiers: plainTiersOf(index, plan),
    tiersTogether: index.queryText(plan.every!),
  };
}

/** The tiers as their words and their place apart, for the filters in memory (decision 0042):
 *  a word's matches and a place's are each read once and kept, and intersected there. Only when every
 *  tier is its words and the plan's filters (not so for a plan finishing the last word as a prefix). */
function plainTiersOf(index: SearchIndex, plan: QueryPlan): DiscoveryConditions['plainTiers'] {
  const filter = plan.filters.length > 0 ? allOf(plan.filters) : null;
  const apart = plan.tiers.every((tier, k) => {
    const text = plan.textTiers[k] ?? null;
    const whole = text && filter ? allOf([text, ...plan.filters]) : (text ?? filter);
    return whole !== null && matchKey(whole) === matchKey(tier);
  });
  if (!apart) return undefined;
  return {
    texts: plan.textTiers.map((text) => (text ? index.queryText(text) : null)),
    filter: filter ? index.queryText(filter) : null,
    ...(plan.textMatch ? { together: index.queryText(plan.textMatch) } : {}),
  };
}

function categoryConditions(ref: CategoryRef): DiscoveryConditions {
  return ref.kind === 'group' ? { group: ref.value } : { category: ref.value };
}

async function filteredSearch(
  store: Store,
  request: SearchRequest,
  category: CategoryRef | undefined,
): Promise<SearchAnswer> {
  const filters = request.filters!;
  // A site searched near points: its commonest service words' matches read ahead (decision 0054).
  if (filters.point) warmServiceWords(store);
  const now = request.now ?? new Date();
  const page = { limit: request.pageSize, offset: (request.page - 1) * request.pageSize };
  const sort = filters.sort ?? 'relevance';
  const read = (conditions: DiscoveryConditions, countKey: string) =>
    pageOf(store, conditions, countKey, sort, page, request.asJson ? now : undefined);
  let found: FoundPage;
  let answer: SearchAnswer & WithBusinessesJson;
  if (!request.q && !request.location) {
    // A point alone ("near me"), perhaps with a category: everything around it.
    if (request.category && !category) found = { businesses: [], total: 0 };
    else {
      const base = category ? categoryConditions(category) : {};
      const { conditions, countKey } = await conditionsOf(store, base, filters, now);
      found = await read(conditions, countKey);
    }
    const label = category ? `${category.value} nearby` : 'Businesses nearby';
    answer = {
      businesses: found.businesses,
      totalCount: found.total,
      totalPages: Math.ceil(found.total / request.pageSize),
      page: request.page,
      understood: { text: '', location: null, label, ignoredWords: [] },
    };
  } else {
    const { counted, centre, read: words } = await wordsWithFilters(store, request, category, now);
    const plan = counted.plan;
    found = words ? await read(words.conditions, words.countKey) : { businesses: [], total: 0 };
    answer = {
      businesses: found.businesses,
      totalCount: found.total,
      totalPages: Math.ceil(found.total / request.pageSize),
      page: request.page,
      understood: understandingOf(plan),
    };
    if (centre && plan.place) answer.distanceFrom = { ...centre, label: plan.place.label };
    addCorrection(answer, request, plan);
    // Alternatives answer "nothing matches these words"; a filter that leaves nothing is not that.
    if (counted.total === 0)
      answer.alternatives = await alternativesFor(store, await searchContext(store), plan, request);
  }
  if (found.json) answer[BUSINESSES_JSON] = found.json;
  return answer;
}

interface FoundPage {
  businesses: SearchAnswer['businesses'];
  total: number;
  /** The businesses as JSON texts (then `businesses` is empty). */
  json?: JsonPieces[];
}

/** A page of a filtered list: as objects, or (given the instant for "open now") as JSON texts. */
async function pageOf(
  store: Store,
  conditions: DiscoveryConditions,
  countKey: string,
  sort: NonNullable<DiscoveryFilters['sort']>,
  page: { limit: number; offset: number },
  jsonAt: Date | undefined,
): Promise<FoundPage> {
  if (!jsonAt) return discoverPage(store, conditions, countKey, sort, page);
  const { json, total } = await discoverPageJson(store, conditions, countKey, sort, page, jsonAt);
  return { businesses: [], total, json };
}

/** The plan of search words with filters and the conditions discovery reads them with (none when
 *  nothing can match). */
async function wordsWithFilters(
  store: Store,
  request: SearchRequest,
  category: CategoryRef | undefined,
  now: Date,
) {
  const filters = request.filters!;
  const sort = filters.sort ?? 'relevance';
  const counted = await countedPlan(
    store,
    request,
    category ? facetOf(category) : request.category ? 'cnone' : undefined,
  );
  const plan = counted.plan;
  const centre =
    sort === 'distance' && !filters.point && plan.place ? await placeCentre(store, plan.place) : null;
  if (plan.tiers.length === 0) {
    await conditionsOf(store, {}, filters, now, centre ?? undefined); // still refuses distance without a point
    return { counted, centre, read: undefined };
  }
  const read = await conditionsOf(
    store,
    textConditions(searchIndexOf(store), plan, filters),
    filters,
    now,
    centre ?? undefined,
  );
  return { counted, centre, read };
}

/** The conditions a search with words and filters is read with (tests read them both ways). */
export async function searchConditions(
  store: Store,
  request: SearchRequest,
): Promise<DiscoveryConditions | undefined> {
  const category = request.category ? await resolveCategory(store, request.category) : undefined;
  return (await wordsWithFilters(store, request, category, request.now ?? new Date())).read?.conditions;
}

/** A page of free-text matches with filters (the browse page's box with filters). */
export async function searchTextFiltered(
  store: Store,
  text: string,
  options: { category?: CategoryRef; offset: number; limit: number; filters: DiscoveryFilters; now?: Date },
): Promise<{ businesses: SearchAnswer['businesses']; total: number }> {
  const counted = await countedPlan(
    store,
    { q: text, oneBox: false },
    options.category ? facetOf(options.category) : undefined,
  );
  if (counted.plan.tiers.length === 0) return { businesses: [], total: 0 };
  const { conditions, countKey } = await conditionsOf(
    store,
    textConditions(searchIndexOf(store), counted.plan, options.filters),
    options.filters,
    options.now ?? new Date(),
  );
  return discoverPage(store, conditions, countKey, options.filters.sort ?? 'relevance', options);
}

/** A page of matches of free text (the browse page's search box, the admin list): the same rules,
 *  with the text only (no place taken from it). */
export async function searchText(
  store: Store,
  text: string,
  options: { category?: CategoryRef; offset: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  const counted = await countedPlan(
    store,
    { q: text, oneBox: false },
    options.category ? facetOf(options.category) : undefined,
  );
  // The browse box and the admin list show an exact count.
  const index = searchIndexOf(store);
  await exactTotal(index, counted);
  return { ids: await pageIds(index, counted, options.offset, options.limit), total: counted.total };
}

/** The condition every match of a text satisfies (all tiers merged), for callers that filter and
 *  order matches their own way (the admin list); null when the text has no words. */
export async function textMatchOf(store: Store, text: string): Promise<Match | null> {
  const counted = await countedPlan(store, { q: text, oneBox: false });
  return counted.plan.every;
}

export { suggestSearches } from './suggest.ts';

/** When words were corrected: the words searched, and a link that searches the ones typed. */
function addCorrection(answer: SearchAnswer, request: SearchRequest, plan: QueryPlan): void {
  const corrected = correctedQueryOf(request.q, plan);
  if (!corrected) return;
  answer.correctedQuery = corrected;
  answer.exactSearchUrl = searchUrl({
    q: request.q,
    location: request.location,
    category: request.category,
    exact: true,
  });
}
