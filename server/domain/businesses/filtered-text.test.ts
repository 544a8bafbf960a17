// Search words with filters on the facts in memory (filtered-text.ts, decision 0042) count and list
// exactly what the SQL path does (findTextPage), on both dialects: open now in several time zones, a
// minimum rating, verified, one tier or two, every order, pages past the first; facts that follow a
// write; conditions it does not take left to SQL.
import { beforeEach, describe, expect, it } from 'vitest';
import { updateBusinessRow } from '../../../db/admin-business-repository.ts';
import { type DiscoverySort, findTextPage } from '../../../db/discovery-repository.ts';
import { categoryFacet } from '../../../db/search/analyzer.ts';
import type { Match } from '../../../db/search/match.ts';
import { indexQueryText } from '../../../db/search/search-index.ts';
import type { Store } from '../../../db/store/store.ts';
import { replaceBusinesses } from '../../http/admin-data/testing/replace-businesses.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { testStoresForFile } from '../testing/test-stores-for-file.ts';
import { conditionsOf, type DiscoveryFilters } from './discovery.ts';
import { businessFactsOf, businessFactsReady, filteredTextPage } from './filtered-text.ts';
import { businessRecord } from './testing/business-records.ts';
import { DISCOVERY_NOW } from './testing/discovery-fixtures.ts';

const opened = testStoresForFile();
const CATEGORIES = ['Plumber', 'Dentist', 'Bakery'];
const weekdays = (open: string, close: string) =>
  JSON.stringify(
    Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((d) => [d, [{ open, close }]]),
    ),
  );

/** 300 businesses: ratings in tenths (many ties), review counts with ties, one in four verified, hours
 *  in New York (open at DISCOVERY_NOW) or Tokyo (closed), some closed for now. */
function records() {
  let seed = 5;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: 300 }, (_, k) => {
    const hours =
      k % 5 < 2
        ? { hours: weekdays('09:00', '17:00'), time_zone: 'America/New_York' }
        : k % 5 === 2
          ? { hours: weekdays('09:00', '17:00'), time_zone: 'Asia/Tokyo' }
          : {};
    return businessRecord(k + 1, {
      category: CATEGORIES[k % 3]!,
      rating: 3 + Math.floor(random() * 21) / 10,
      review_count: Math.floor(random() * 40) * 5,
      is_verified: k % 4 === 0 ? 1 : 0,
      business_status: k % 11 === 0 ? 'CLOSED_TEMPORARILY' : 'OPERATIONAL',
      ...hours,
    });
  });
}

const FILTERS: DiscoveryFilters[] = [
  { openNow: true },
  { minRating: 4 },
  { minRating: 4.5, verified: true },
  { openNow: true, minRating: 3.5 },
];
const SORTS: DiscoverySort[] = ['relevance', 'rating', 'reviews'];
const PAGES = [
  { limit: 10, offset: 0 },
  { limit: 10, offset: 10 },
  { limit: 7, offset: 40 },
];

async function both(
  store: Store,
  tiers: string[],
  filters: DiscoveryFilters,
  sort: DiscoverySort,
  page: (typeof PAGES)[0],
) {
  const { conditions } = await conditionsOf(store, { textTiers: tiers }, { ...filters, sort }, DISCOVERY_NOW);
  return {
    inMemory: await filteredTextPage(store, conditions, sort, page),
    bySql: await findTextPage(store, conditions, sort, page),
  };
}

describe.each(DIALECTS)('search words with filters on %s', (dialect) => {
  const facet = (category: string) => indexQueryText(dialect, { term: categoryFacet(category) });

  beforeEach(async () => {
    await replaceBusinesses(opened[dialect].store, records());
  });

  it('counts and lists what the SQL path counts and lists, in every order', async () => {
    const { store } = opened[dialect];
    expect(await businessFactsReady(store)).toBeDefined();
    let listed = 0;
    for (const tiers of [[facet('Plumber')], [facet('Plumber'), facet('Dentist')]])
      for (const filters of FILTERS)
        for (const sort of SORTS)
          for (const page of PAGES) {
            const { inMemory, bySql } = await both(store, tiers, filters, sort, page);
            const what = JSON.stringify({ tiers: tiers.length, filters, sort, page });
            expect(inMemory, what).toEqual(bySql);
            listed += inMemory!.found.length;
          }
    expect(listed).toBeGreaterThan(500);
  });

  it('reads tiers as their words and a shared condition apart, each match in its first tier', async () => {
    const { store } = opened[dialect];
    const facetOf = (category: string) => ({ term: categoryFacet(category) });
    const plumberOrBakery = { any: [facetOf('Plumber'), facetOf('Bakery')] };
    const everyone = { any: CATEGORIES.map(facetOf) };
    const shared = { any: [facetOf('Plumber'), facetOf('Dentist')] }; // stands for a place
    const text = (match: Parameters<typeof indexQueryText>[1]) => indexQueryText(dialect, match);
    const cases = [
      {
        // Overlapping tiers: the SQL texts exclude each earlier tier's words.
        textTiers: [
          text({ all: [facetOf('Plumber'), shared] }),
          text({ but: { all: [plumberOrBakery, shared] }, not: facetOf('Plumber') }),
          text({ but: { all: [everyone, shared] }, not: { any: [facetOf('Plumber'), plumberOrBakery] } }),
        ],
        plainTiers: {
          texts: [text(facetOf('Plumber')), text(plumberOrBakery), text(everyone)],
          filter: text(shared),
          together: text(everyone),
        },
        tiersTogether: text({ all: [everyone, shared] }),
      },
      // A place alone: its one tier has no words.
      {
        textTiers: [text(shared)],
        plainTiers: { texts: [null], filter: text(shared) },
      },
    ];
    let listed = 0;
    // The shared condition as a broad one (its set tested here, the tiers' words read apart) and as a
    // narrow one (the SQL texts read as they are): both as the SQL path lists them.
    for (const broadCondition of [0, Number.POSITIVE_INFINITY])
      for (const { textTiers, plainTiers, tiersTogether } of cases)
        for (const filters of FILTERS)
          for (const page of PAGES) {
            const { conditions } = await conditionsOf(
              store,
              { textTiers },
              { ...filters, sort: 'relevance' },
              DISCOVERY_NOW,
            );
            const inMemory = await filteredTextPage(
              store,
              { ...conditions, plainTiers, tiersTogether },
              'relevance',
              page,
              broadCondition,
            );
            expect(
              inMemory,
              JSON.stringify({ broadCondition, filters, page, tiers: textTiers.length }),
            ).toEqual(await findTextPage(store, conditions, 'relevance', page));
            listed += inMemory!.found.length;
          }
    expect(listed).toBeGreaterThan(300);
  });

  it.each([
    ['a narrow shared condition (the tiers as the index reads them)', Number.POSITIVE_INFINITY],
    ['a broad one (the tiers as their words, apart)', 0],
  ])('reads tiers only as far as the page needs them, counting every tier together: %s', async (_, broad) => {
    const { store } = opened[dialect];
    const facetOf = (category: string) => ({ term: categoryFacet(category) });
    const text = (match: Parameters<typeof indexQueryText>[1]) => indexQueryText(dialect, match);
    const shared = { any: [facetOf('Plumber'), facetOf('Dentist')] }; // stands for a place
    const textTiers = [
      text({ all: [facetOf('Plumber'), shared] }),
      text({ but: { all: [facetOf('Dentist'), shared] }, not: facetOf('Plumber') }),
    ];
    // Not the index's syntax: reading it throws, so a tier the page does not need must stay unread.
    const unreadable = dialect === 'sqlite' ? '"unclosed' : "'unclosed";
    /** The tiers as given (the second perhaps unreadable), every tier's matches together `together`. */
    const ask = async (page: (typeof PAGES)[0], second: string, together: Match) => {
      const { conditions } = await conditionsOf(
        store,
        { textTiers },
        { minRating: 3.5, sort: 'relevance' },
        DISCOVERY_NOW,
      );
      const plainTiers = {
        texts: [text(facetOf('Plumber')), second === unreadable ? second : text(facetOf('Dentist'))],
        filter: text(shared),
        together: text(together),
      };
      const inMemory = await filteredTextPage(
        store,
        {
          ...conditions,
          textTiers: [textTiers[0]!, second],
          plainTiers,
          tiersTogether: text({ all: [together, shared] }),
        },
        'relevance',
        page,
        broad,
      );
      return { inMemory, bySql: await findTextPage(store, conditions, 'relevance', page) };
    };
    const every = { any: [facetOf('Plumber'), facetOf('Dentist')] };
    // The first page is full from the first tier: the second is never read, the count is every tier's.
    const full = await ask(PAGES[0]!, unreadable, every);
    expect(full.inMemory).toEqual(full.bySql);
    expect(full.inMemory!.total).toBeGreaterThan(PAGES[0]!.limit);
    // A page past the first tier's matches reads the second.
    const deep = { limit: 10, offset: full.inMemory!.total - 5 };
    const both = await ask(deep, textTiers[1]!, every);
    expect(both.inMemory).toEqual(both.bySql);
    await expect(ask(deep, unreadable, every)).rejects.toThrow();
    // Nothing to list (no business holds every tier's words together): no tier is read at all.
    const none = await ask(PAGES[0]!, unreadable, facetOf('No Such Trade'));
    expect(none.inMemory).toEqual({ total: 0, found: [] });
  });

  it('follows a write: a rating raised moves the business to the top', async () => {
    const { store } = opened[dialect];
    const tiers = [facet('Plumber')];
    const before = (await both(store, tiers, { minRating: 3.5 }, 'rating', PAGES[0]!)).inMemory!;
    const last = (
      await both(store, tiers, { minRating: 3.5 }, 'rating', { limit: 10, offset: before.total - 1 })
    ).inMemory!.found[0]!.id;
    await store.transaction((tx) => updateBusinessRow(tx, last, { rating: 5 }, new Date().toISOString()));
    const { inMemory, bySql } = await both(store, tiers, { minRating: 3.5 }, 'rating', PAGES[0]!);
    expect(inMemory).toEqual(bySql);
    expect(inMemory!.found.map((f) => f.id)).toContain(last);
  });

  it('leaves a city, a category, a point and deep pages to SQL, and waits for large facts', async () => {
    const { store } = opened[dialect];
    const textTiers = [facet('Plumber')];
    const page = PAGES[0]!;
    expect(await filteredTextPage(store, { textTiers, cityKey: 'chicago' }, 'rating', page)).toBeUndefined();
    expect(await filteredTextPage(store, { textTiers, category: 'Plumber' }, 'rating', page)).toBeUndefined();
    const origin = { lat: 41.88, lng: -87.63 };
    expect(await filteredTextPage(store, { textTiers, origin }, 'distance', page)).toBeUndefined();
    expect(
      await filteredTextPage(store, { textTiers }, 'rating', { limit: 10, offset: 495 }),
    ).toBeUndefined();
    await store.transaction((tx) => updateBusinessRow(tx, 1, { rating: 4.9 }, new Date().toISOString()));
    expect(await businessFactsOf(store, 50)).toBeUndefined();
    expect(await filteredTextPage(store, { textTiers, minRating: 4 }, 'rating', page)).toBeUndefined();
    expect(await businessFactsReady(store)).toBeDefined();
    expect(await filteredTextPage(store, { textTiers, minRating: 4 }, 'rating', page)).toEqual(
      await findTextPage(store, { textTiers, minRating: 4 }, 'rating', page),
    );
  });
});
