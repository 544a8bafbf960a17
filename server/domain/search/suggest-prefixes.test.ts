// A short unfinished last word stands for every word it starts where the names' index keeps the
// prefix's own list (SQLite's search_names, prefix='2 3'; decision 0052), not only the 24 commonest:
// a rare word is suggested when its business ranks first.
import { describe, expect, it } from 'vitest';
import { SEARCH_NAMES_PREFIXES, searchIndexOf } from '../../../db/search/search-index.ts';
import { suggestSearches } from './search.ts';
import { PREFIX_WORDS } from './search-context.ts';
import { directoryOf } from './testing/search-directory.ts';
import { useSearchStore } from './testing/search-store.ts';

// PREFIX_WORDS + 1 words starting "zu", each in two names (commoner than the rare one), all rated low.
const common = Array.from({ length: PREFIX_WORDS + 1 }, (_, i) => `zu${String.fromCharCode(97 + i)}x`);
const RARE = 'Zuzzle Bakery';

const directoryWithRareWord = directoryOf(
  [...common.flatMap((word) => [`${word} Tools`, `Kestrel ${word}`]), RARE, `Kestrel ${RARE}`].map(
    (name) => ({
      name,
      category: 'Shop',
      city: 'Leeds',
      city_key: 'leeds',
      country: 'United Kingdom',
      country_code: 'GB',
      rating: name.includes('Zuzzle') ? 5 : 3,
      review_count: name.includes('Zuzzle') ? 900 : 3,
    }),
  ),
);

describe('suggestions from a short unfinished word', () => {
  const directory = useSearchStore('sqlite', directoryWithRareWord);
  const businesses = async (q: string) =>
    (await suggestSearches(directory().store, { q })).suggestions
      .filter((s) => s.type === 'business')
      .map((s) => s.label);

  it('holds every word the prefix starts, the rarest too', async () => {
    expect((await businesses('zu'))[0]).toBe(`${RARE}, Leeds`);
    expect((await businesses('zuz'))[0]).toBe(`${RARE}, Leeds`);
    // After a whole word, as the last of several.
    expect(await businesses('kestrel zu')).toContain(`Kestrel ${RARE}, Leeds`);
  });

  it('stands for the commonest words it starts from four letters on (no list of its own)', async () => {
    expect(await businesses('zuzz')).toEqual([`${RARE}, Leeds`, `Kestrel ${RARE}, Leeds`]);
    expect(await businesses('zuax')).toHaveLength(2);
  });

  it("reads the prefix lengths the names' index was made with", () => {
    const { sql } = directory()
      .source.sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = 'search_names'")
      .get() as { sql: string };
    const lengths = /prefix='([\d ]+)'/.exec(sql)?.[1]?.split(' ').map(Number);
    expect(new Set(lengths)).toEqual(SEARCH_NAMES_PREFIXES);
    expect(searchIndexOf(directory().store).indexedNamePrefixes).toBe(SEARCH_NAMES_PREFIXES);
  });
});
