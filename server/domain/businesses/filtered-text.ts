// Search words with filters (open now, a minimum rating, verified; sorted by relevance, rating or
// reviews) on the facts in memory (db/business-facts.ts, decision 0042): each tier's matches are read
// from the search index alone, in its order, and tested against the facts; only the page is ordered.
// The SQL path (findTextPage) joins every match to its row for the same test. Other conditions (a
// point, a city, a category) stay on the SQL path.
import { type BusinessFacts, BusinessFactsReader, FACTS_SLICE_ROWS } from '../../../db/business-facts.ts';
import {
  type DiscoveredId,
  type DiscoveryConditions,
  type DiscoverySort,
  TEXT_PAGE_DEPTH,
} from '../../../db/discovery-repository.ts';
import type { Store } from '../../../db/store/store.ts';
import { matchSetOf } from './match-sets.ts';
import { BestMatches, FirstMatches } from './match-sinks.ts';
import { matchIdsOf } from './tier-matches.ts';
import { VersionedSnapshots } from './versioned-snapshots.ts';

const snapshots = new VersionedSnapshots<BusinessFacts>(
  (store, sliceRows) => new BusinessFactsReader(store, sliceRows),
  FACTS_SLICE_ROWS,
);

/** The facts of the store's current data, or undefined while a large snapshot is being read. */
export function businessFactsOf(store: Store, sliceRows?: number): Promise<BusinessFacts | undefined> {
  return snapshots.of(store, sliceRows);
}

/** Waits for facts being read in the background (tests and benchmarks). */
export function businessFactsReady(store: Store): Promise<BusinessFacts | undefined> {
  return snapshots.ready(store);
}

/** A shared condition (a place) with at least this many businesses is intersected with each tier's
 *  words here rather than by the index: measured at 1M, "restaurant | Chicago" (30,000 businesses) is
 *  quicker for FTS5, "pizza | United States" (770,000) far quicker here. */
const BROAD_CONDITION = 100_000;

/** The count and a page of search words with filters, or undefined for what this path does not take
 *  (other conditions, a page deeper than TEXT_PAGE_DEPTH, facts not read yet). */
export async function filteredTextPage(
  store: Store,
  conditions: DiscoveryConditions,
  sort: DiscoverySort,
  page: { limit: number; offset: number },
  /** The size from which a shared condition counts as broad (tests take both ways on small data). */
  broadCondition = BROAD_CONDITION,
): Promise<{ total: number; found: DiscoveredId[] } | undefined> {
  const { textTiers, plainTiers, tiersTogether, minRating, verified, openPatterns, ...others } = conditions;
  if (!textTiers?.length || page.offset + page.limit > TEXT_PAGE_DEPTH) return undefined;
  if (Object.values(others).some((value) => value !== undefined)) return undefined;
  const facts = await businessFactsOf(store);
  if (!facts) return undefined;
  const wanted = page.offset + page.limit;
  // The matches that meet the filters come tier by tier, each tier in the index's order: relevance.
  const matches =
    sort === 'rating' || sort === 'reviews' ? new BestMatches(facts, sort, wanted) : new FirstMatches(wanted);
  const filters = { minRating, verified, openPatterns };
  // Apart when the shared condition is broad (a country, a state) or absent; a narrow one (a city, a
  // postcode) is quicker for the index to intersect with each tier than a tier's words are to read.
  const within =
    plainTiers?.filter === null || plainTiers === undefined
      ? undefined
      : await matchSetOf(store, plainTiers.filter);
  const apart =
    plainTiers !== undefined &&
    plainTiers.texts.length === textTiers.length &&
    (!within || within.size >= broadCondition)
      ? { ...plainTiers, seen: new Uint32Array((facts.size >>> 5) + 1) }
      : undefined;
  const collectTier = async (tier: number): Promise<void> => {
    if (!apart) {
      facts.collect(await matchIdsOf(store, textTiers[tier]!), filters, matches);
      return;
    }
    // The tier's words read as they are (and kept); a match goes to the first tier holding it, and
    // must lie in the shared condition's set (a place's, kept as a bitmap).
    const text = apart.texts[tier]!;
    facts.collect(
      await matchIdsOf(store, text ?? apart.filter!),
      filters,
      matches,
      // A tier without words excludes nothing from the later ones (as tierOnly has it).
      { seen: apart.seen, mark: text !== null, within: text === null ? undefined : within?.has },
    );
  };
  // Every tier's matches together, when known: the broadest tier's words (apart) or its whole text.
  const together = apart ? apart.together : tiersTogether;
  if (
    sort === 'relevance' &&
    matches instanceof FirstMatches &&
    together !== undefined &&
    textTiers.length > 1
  ) {
    // Counted from every tier's matches together (one read, kept), and the tiers read in turn only
    // until the page is full or every match meeting the filters has its tier: with open now and a
    // rating most matches fail, and each tier is a read of its own (seven for "restaurant"; in a
    // narrow place each repeats the earlier tiers' words as exclusions). Measured in-process at 1M
    // on the filtered benchmark's 3,000 searches: 17.4 s before, 9.9 s with this.
    const total = facts.count(await matchIdsOf(store, together), filters, apart ? within?.has : undefined);
    const needed = Math.min(wanted, total);
    for (let tier = 0; tier < textTiers.length && matches.ids.length < needed; tier++)
      await collectTier(tier);
    return { total, found: pageOf(matches.ids.slice(0, needed), page.offset) };
  }
  for (let tier = 0; tier < textTiers.length; tier++) await collectTier(tier);
  return {
    total: matches.count,
    found: pageOf(matches instanceof BestMatches ? matches.best() : matches.ids, page.offset),
  };
}

const pageOf = (ids: readonly number[], offset: number): DiscoveredId[] =>
  ids.slice(offset).map((id) => ({ id, distanceKm: null }));
