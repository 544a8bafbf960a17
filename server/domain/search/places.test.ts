// A country's condition: the index terms a search in it reads (db/search/index-row.ts writes a
// business's country code and its country as written, each a term).
import { describe, expect, it } from 'vitest';
import { words } from '../../../db/search/analyzer.ts';
import { term } from '../../../db/search/terms.ts';
import { PlaceIndex } from './places.ts';

const places = new PlaceIndex(
  [],
  [
    { country: 'United States', country_code: 'US', business_count: 5 },
    { country: 'USA', country_code: 'us', business_count: 2 },
    // No code: a country written as two letters, and one written out.
    { country: 'GB', country_code: null, business_count: 1 },
    { country: 'Deutschland', country_code: null, business_count: 3 },
  ],
);
const matchOf = (name: string) => places.resolve(words(name))?.match;

describe('a country as a search condition', () => {
  it('is its code term alone when grouped by a code: every business of the group carries it', () => {
    for (const name of ['United States', 'USA', 'US', 'America'])
      expect(matchOf(name), name).toEqual({ term: term.country('us') });
    expect(matchOf('United Kingdom')).toEqual({ term: term.country('gb') });
  });

  it('is the country as written when there is no code', () => {
    expect(matchOf('Deutschland')).toEqual({ term: term.country('Deutschland') });
  });

  it('counts every business of the group', () => {
    expect(places.resolve(words('usa'))?.count).toBe(7);
  });
});
