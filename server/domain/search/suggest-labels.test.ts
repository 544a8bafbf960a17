// A suggested business is its name and city; branches of one name in one city are told apart by
// their addresses, so that the list never repeats a label the visitor cannot choose between.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../testing/test-store.ts';
import { suggestSearches } from './search.ts';
import { directoryOf } from './testing/search-directory.ts';
import { useSearchStore } from './testing/search-store.ts';

const LEEDS = { city: 'Leeds', city_key: 'leeds', country: 'United Kingdom', country_code: 'GB' };
const YORK = { city: 'York', city_key: 'york', country: 'United Kingdom', country_code: 'GB' };

const branches = directoryOf(
  [
    { name: "Joe's Pizza", ...LEEDS, address: '12 Elm St, Leeds LS1 4AP', rating: 4.9 },
    { name: "Joe's Pizza", ...LEEDS, address: '3 Kirkgate, Leeds LS2 7DJ', rating: 4.8 },
    { name: "Joe's Pizza", ...YORK, address: '1 Stonegate, York YO1 8AS', rating: 4.7 },
    { name: "Joe's Diner", ...LEEDS, address: '9 Briggate, Leeds LS1 6HD', rating: 4.6 },
    // Two of one name with no address: nothing to tell them apart by, so the label stays.
    { name: 'Joe Bakes', ...YORK, address: '', rating: 4.5 },
    { name: 'Joe Bakes', ...YORK, address: '', rating: 4.4 },
  ].map((row) => ({ category: 'Restaurant', review_count: 50, ...row })),
);

describe.each(DIALECTS)('suggested businesses on %s', (dialect) => {
  const directory = useSearchStore(dialect, branches);
  it('are told apart by their addresses when they share a name and a city', async () => {
    const businesses = (await suggestSearches(directory().store, { q: 'joe' })).suggestions.filter(
      (s) => s.type === 'business',
    );
    expect(businesses.map((s) => s.label)).toEqual([
      "Joe's Pizza, 12 Elm St, Leeds LS1 4AP",
      "Joe's Pizza, 3 Kirkgate, Leeds LS2 7DJ",
      "Joe's Pizza, York",
      "Joe's Diner, Leeds",
      'Joe Bakes, York',
      'Joe Bakes, York',
    ]);
    // Each still links to its own page.
    expect(new Set(businesses.map((s) => s.url)).size).toBe(6);
  });
});
