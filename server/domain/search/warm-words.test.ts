// After a search near a point, the commonest service words' match sets are read in the background
// (decision 0054): a visitor's first search for one of them near a point finds its set read.
import { describe, expect, it } from 'vitest';
import { bumpDataVersionQuery } from '../../../db/stats-repository.ts';
import { keptMatchSet } from '../businesses/match-sets.ts';
import { settledDataVersion } from '../testing/settled-data-version.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { searchConditions, searchDirectory } from './search.ts';
import { searchContext } from './search-context.ts';
import { directoryOf, LEEDS } from './testing/search-directory.ts';
import { useSearchStore } from './testing/search-store.ts';
import { serviceWordsByUse, serviceWordsWarming, WARM_WORD_SHARE } from './warm-words.ts';

const near = { point: { lat: 53.8, lng: -1.55 }, radiusKm: 10, sort: 'distance' as const };

// 60 plumbers, 50 dentists, one bakery: "bakery" matches less than WARM_WORD_SHARE of the businesses.
const directory = directoryOf(
  [
    ...Array.from({ length: 60 }, (_, i) => ({ name: `Flow ${i + 1}`, category: 'Plumber' })),
    ...Array.from({ length: 50 }, (_, i) => ({ name: `Smile ${i + 1}`, category: 'Dentist' })),
    { name: 'Crumb', category: 'Bakery' },
  ].map((row, i) => ({ ...row, ...LEEDS, latitude: 53.8 + (i % 10) * 0.001, longitude: -1.55 + i * 0.0005 })),
);

describe.each(DIALECTS)('service words read ahead on %s', (dialect) => {
  const database = useSearchStore(dialect, directory);
  const store = () => database().store;
  /** The text a search for the word near a point reads its matches with. */
  const textOf = async (q: string) =>
    (await searchConditions(store(), { q, page: 1, pageSize: 20, filters: near }))!.textTiers![0]!;

  it('are the words of the categories, the commonest first', async () => {
    expect(serviceWordsByUse(await searchContext(store()))).toEqual(['plumber', 'dentist', 'bakery']);
  });

  it('are read after a search near a point, and again after a write', async () => {
    const plumber = await textOf('plumber');
    const dentist = await textOf('dentist');
    const bakery = await textOf('bakery');
    // A search of another kind reads none ahead.
    await searchDirectory(store(), { q: 'flow', page: 1, pageSize: 20 });
    expect(serviceWordsWarming(store())).toBeUndefined();
    expect(keptMatchSet(store(), plumber)).toBeUndefined();

    await searchDirectory(store(), { q: '', page: 1, pageSize: 20, filters: near });
    await serviceWordsWarming(store());
    expect(keptMatchSet(store(), plumber)?.size).toBe(60);
    expect(keptMatchSet(store(), dentist)?.size).toBe(50);
    expect(Math.ceil(WARM_WORD_SHARE * 111)).toBe(2);
    expect(keptMatchSet(store(), bakery)).toBeUndefined();
    // The search that asks for one answers from it.
    const plumbers = await searchDirectory(store(), { q: 'plumber', page: 1, pageSize: 20, filters: near });
    expect(plumbers.totalCount).toBe(60);

    await store().transaction((tx) => tx.run(bumpDataVersionQuery, {}));
    await settledDataVersion(store());
    expect(keptMatchSet(store(), plumber)).toBeUndefined();
    await searchDirectory(store(), { q: '', page: 1, pageSize: 20, filters: near });
    await serviceWordsWarming(store());
    expect(keptMatchSet(store(), plumber)?.size).toBe(60);
  });
});
