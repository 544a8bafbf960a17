// Suggestions' business names within a place, on both dialects: the names' matches read first and
// looked up in the place when they are few (FEW_NAME_MATCHES), FTS5's own AND when they are many —
// the same businesses, in the same rank order, as the one condition of names and place together.
import { describe, expect, it } from 'vitest';
import { CHICAGO, LONDON, NEW_YORK } from '../../server/domain/search/testing/search-directory.ts';
import { useSearchStore } from '../../server/domain/search/testing/search-store.ts';
import { ensureSearchIndex } from '../../server/domain/search/search-index-state.ts';
import { DIALECTS } from '../../server/domain/testing/test-store.ts';
import { stageAndMerge, stagedRow } from '../testing/staged-row.ts';
import { createTempDatabase } from '../testing/temp-database.ts';
import { businessIdOf } from './analyzer.ts';
import { allOf, anyOf, type Match } from './match.ts';
import { searchIndexOf } from './search-index.ts';
import { FEW_NAME_MATCHES, nameMatchingIds } from './search-reads.ts';
import { term } from './terms.ts';

/** Many "Harbour" names (more than FEW_NAME_MATCHES), mostly in London; six "Quayside" names. */
const HARBOURS = FEW_NAME_MATCHES + 12;
const QUAYSIDES = [LONDON, CHICAGO, LONDON, NEW_YORK, CHICAGO, LONDON];

async function createNamesDirectory() {
  const database = await createTempDatabase('names-within-');
  const rows = [
    ...Array.from({ length: HARBOURS }, (_, i) => ({
      name: `Harbour Plumbing ${i + 1}`,
      place: i % 10 === 3 ? CHICAGO : LONDON,
    })),
    ...QUAYSIDES.map((place, i) => ({ name: `Quayside Dental ${i + 1}`, place })),
  ];
  stageAndMerge(
    database.sqlite,
    rows.map(({ name, place }, index) =>
      stagedRow(index + 2, {
        name,
        ...place,
        address: `${index + 1} Main St, ${place.city}`,
        // Ranks in no order of the rows, so that rank order is what is checked.
        rating: 3 + ((index * 7) % 20) / 10,
        review_count: 10 + ((index * 13) % 50),
      }),
    ),
  );
  ensureSearchIndex(database.sqlite);
  return database;
}

const word = (w: string): Match => ({ term: w });
const chicago: Match = allOf([
  { term: term.city('chicago') },
  anyOf([{ term: 's_il' }, { term: 's_illinois' }]),
]);
const london: Match = { term: term.city('london') };
const unitedStates: Match = anyOf([{ term: term.country('us') }, { term: term.country('united states') }]);

describe.each(DIALECTS)('business names within a place on %s', (dialect) => {
  const database = useSearchStore(dialect, createNamesDirectory);

  /** The businesses of a name word in a city, from the table itself, as a set. */
  const idsIn = (nameWord: string, city: string) =>
    (
      database()
        .source.sqlite.prepare('SELECT id FROM businesses WHERE name LIKE ? AND city = ? ORDER BY id')
        .pluck()
        .all(`${nameWord} %`, city) as number[]
    ).sort((a, b) => a - b);
  /** The ids of a store's names read (its index answers rowids). */
  const namesIn = async (words: Match, limit: number, place: Match) =>
    (await searchIndexOf(database().store).nameMatchingRowids(words, limit, place)).map(businessIdOf);
  /** What the one condition of names and place answers (FTS5's AND on the SQLite source). */
  const together = (words: Match, place: Match, limit: number) =>
    nameMatchingIds(database().source.sqlite, allOf([words, place]), limit);

  it('finds few names in the place by looking each one up, best first', async () => {
    const inChicago = await namesIn(word('quayside'), 10, chicago);
    expect([...inChicago].sort((a, b) => a - b)).toEqual(idsIn('Quayside', 'Chicago'));
    expect(inChicago).toEqual(together(word('quayside'), chicago, 10));
    const inLondon = await namesIn(word('quayside'), 10, london);
    expect([...inLondon].sort((a, b) => a - b)).toEqual(idsIn('Quayside', 'London'));
    expect(inLondon).toEqual(together(word('quayside'), london, 10));
    // The limit takes the best: the first two of the three in London.
    expect(await namesIn(word('quayside'), 2, london)).toEqual(inLondon.slice(0, 2));
    // Several words and a country (an OR of its names).
    const words = allOf([word('quayside'), anyOf([word('dental'), word('dentist')])]);
    const inUs = await namesIn(words, 10, unitedStates);
    expect(inUs).toHaveLength(3);
    expect(inUs).toEqual(together(words, unitedStates, 10));
  });

  it('finds many names in the place through the one condition, best first', async () => {
    const inChicago = await namesIn(word('harbour'), 20, chicago);
    expect([...inChicago].sort((a, b) => a - b)).toEqual(idsIn('Harbour', 'Chicago'));
    expect(inChicago).toEqual(together(word('harbour'), chicago, 20));
    const inLondon = await namesIn(word('harbour'), 10, london);
    expect(inLondon).toHaveLength(10);
    expect(inLondon).toEqual(together(word('harbour'), london, 10));
  });

  it('finds nothing when the names are nowhere or not in the place', async () => {
    expect(await namesIn(word('lighthouse'), 10, london)).toEqual([]);
    expect(await namesIn(word('quayside'), 10, { term: term.city('manchester') })).toEqual([]);
    expect(await namesIn(word('harbour'), 10, { term: term.city('new york') })).toEqual([]);
  });
});
