import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempDatabase } from '../../../db/testing/temp-database.ts';
import { addSynonymGroups } from '../../../db/search/search-reads.ts';
import { bumpDataVersion } from '../../../db/stats-repository.ts';
import { searchDirectory, searchText } from './search.ts';
import { suggestSearches } from './suggest.ts';
import { createSearchDirectory } from './testing/search-directory.ts';

let database: TempDatabase;
beforeAll(async () => {
  database = await createSearchDirectory();
});
afterAll(async () => {
  await database.dispose();
});

const search = (q: string, location?: string, extra: { exact?: boolean; category?: string } = {}) =>
  searchDirectory(database.sqlite, { q, location, page: 1, pageSize: 20, ...extra });
const names = (q: string, location?: string, extra?: { exact?: boolean; category?: string }) =>
  search(q, location, extra).businesses.map((b) => b.name);

describe('word forms', () => {
  it('matches plurals and endings both ways', () => {
    expect(names('plumbers')).toEqual(
      expect.arrayContaining(['Acme Plumbers', 'Windy City Pipes', 'Premier Drain & Plumbing']),
    );
    expect(names('plumber')).toHaveLength(3);
    expect(names('plumbing')).toHaveLength(3);
    expect(names('dentists')).toEqual(['Lakeside Dental Care', 'Smile Studio']);
    expect(names('restaurants')).toEqual(
      expect.arrayContaining(['Green Leaf Kitchen', 'Midtown Restaurant Supply']),
    );
    expect(names('electricians')).toEqual(['Bright Spark Electrical']);
  });

  it('finds "plumber" in New York although the business is named "Plumbing"', () => {
    expect(names('plumber', 'New York')).toEqual(['Premier Drain & Plumbing']);
  });
});

describe('typos', () => {
  it('corrects each kind of edit on words of 5+ letters', () => {
    for (const typo of ['plumbr', 'plumbeer', 'plumbar', 'pulmber']) {
      const answer = search(typo);
      expect(answer.businesses.length, typo).toBe(3);
      expect(answer.correctedQuery, typo).toBe('plumber');
      expect(answer.exactSearchUrl).toBe(`/search?q=${typo}&exact=1`);
    }
    expect(names('resturant')).toEqual(expect.arrayContaining(['Green Leaf Kitchen']));
  });

  it('allows two edits from 9 letters, one below', () => {
    expect(names('electrcain')).toEqual(['Bright Spark Electrical']);
    expect(names('plmbr')).toEqual([]);
  });

  it('never fuzzes words under 5 letters', () => {
    expect(search('pubb').correctedQuery).toBeUndefined();
    expect(names('pubb')).toEqual([]);
  });

  it('searches exactly what was typed when asked', () => {
    const exact = search('plumbr', undefined, { exact: true });
    expect(exact.businesses).toEqual([]);
    expect(exact.correctedQuery).toBeUndefined();
  });
});

describe('ranking', () => {
  it('lists bars and pubs for "bar", never barbers first', () => {
    const found = names('bar');
    expect(found.slice(0, 2)).toEqual(['The Copper Room', 'The Red Lion']);
    expect(found).not.toContain('Fade & Blade');
    expect(names('barber')).toEqual(['Fade & Blade', 'Northside Barbers']);
  });

  it('puts an exact phrase in the name first, then exact words, then forms, then synonyms', () => {
    // "restaurant supply" as a phrase beats higher-rated restaurants.
    expect(names('restaurant supply')[0]).toBe('Midtown Restaurant Supply');
    // An exact word before a word form: "plumbers" in a name before "Plumber" as a form, whatever the rating.
    expect(names('plumbers')[0]).toBe('Acme Plumbers');
    // A synonym ranks below an exact hit: "pub" lists the Pub before the Bar.
    expect(names('pub')).toEqual(['The Red Lion', 'The Copper Room']);
  });

  it('never ranks a typo above an exact match', () => {
    // "barbers" is exact for Northside Barbers and a form for Fade & Blade; no typo comes in.
    expect(names('barbers')[0]).toBe('Northside Barbers');
  });

  it('within a tier, orders by the review-weighted rating', () => {
    expect(names('plumber', 'Chicago')).toEqual(['Windy City Pipes', 'Acme Plumbers']);
  });
});

describe('synonyms', () => {
  it('finds the trade by its other names', () => {
    expect(names('mechanic')).toEqual(['Kowalski Auto Repair']);
    // lawyer, attorney and solicitor are one group: both firms, best rated first.
    expect(names('attorney')).toEqual(['Baker Solicitors', 'Smith & Jones LLP']);
    expect(names('movie theater')).toEqual(['Picture House']);
    expect(names('chemist')).toEqual(['Boots Chemist']);
    expect(names('pharmacy')).toEqual(['Boots Chemist']);
  });

  it('takes the administrator’s groups too', () => {
    expect(names('tradie')).toEqual([]);
    addSynonymGroups(database.sqlite, 'admin', ['tradie, electrician'], new Date().toISOString());
    bumpDataVersion(database.sqlite);
    expect(names('tradie')).toEqual(['Bright Spark Electrical']);
  });
});

describe('places by any name', () => {
  const where = (location: string) => search('', location).businesses.map((b) => b.city);
  it('reads US states by name and code', () => {
    expect(new Set(where('Illinois'))).toEqual(new Set(['Chicago']));
    expect(new Set(where('IL'))).toEqual(new Set(['Chicago']));
    expect(search('', 'Illinois').understood.location).toBe('Illinois');
  });
  it('reads UK nations, counties and countries by their short forms', () => {
    expect(new Set(where('Scotland'))).toEqual(new Set(['Glasgow']));
    expect(new Set(where('Greater Manchester'))).toEqual(new Set(['Manchester']));
    for (const uk of ['UK', 'GB', 'Great Britain', 'United Kingdom'])
      expect(new Set(where(uk)), uk).toEqual(new Set(['London', 'Manchester', 'Glasgow']));
    for (const us of ['US', 'USA', 'United States'])
      expect(new Set(where(us)), us).toEqual(new Set(['Chicago', 'New York']));
  });
  it('reads city nicknames, postcodes and typos', () => {
    expect(new Set(where('NYC'))).toEqual(new Set(['New York']));
    expect(new Set(where('10001'))).toEqual(new Set(['New York']));
    expect(new Set(where('SW1A'))).toEqual(new Set(['London']));
    expect(new Set(where('SW1A 1AA'))).toEqual(new Set(['London']));
    expect(new Set(where('Chicgo'))).toEqual(new Set(['Chicago']));
    expect(new Set(where('Mancester'))).toEqual(new Set(['Manchester']));
  });
});

describe('one box', () => {
  it('takes trailing words that are a known place as the location', () => {
    const answer = search('plumbers in chicago');
    // "plumbers" exactly in a name first, then the word form.
    expect(answer.businesses.map((b) => b.name)).toEqual(['Acme Plumbers', 'Windy City Pipes']);
    expect(answer.understood.label).toBe('Plumbers in Chicago, IL');
    expect(names('dentist london')).toEqual(['Smile Studio']);
    expect(names('pizza near 10001')).toEqual(['Chicago Pizza Co.']);
    expect(names('24 hour plumber new york ny')).toEqual(['Premier Drain & Plumbing']);
  });

  it('keeps a business named after a city a business: "chicago pizza"', () => {
    expect(names('chicago pizza')[0]).toBe('Chicago Pizza Co.');
  });

  it('does not read everyday words as state codes ("pizza in", "near me")', () => {
    expect(search('pizza near me').understood.location).toBeNull();
    expect(search('plumber in').understood.location).toBeNull();
    expect(search('plumber IL').understood.location).toBe('Illinois');
    expect(search('plumber il').understood.location).toBe('Illinois');
  });

  it('lists a place alone, best first', () => {
    const answer = search('chicago');
    expect(answer.understood.label).toBe('Businesses in Chicago, IL');
    expect(answer.businesses[0]!.name).toBe('Fade & Blade');
    expect(answer.totalCount).toBe(9);
  });
});

describe('saying what was searched', () => {
  it('leaves out words that match nothing, and says so', () => {
    const answer = search('plumber zzyzx');
    expect(answer.businesses).toHaveLength(3);
    expect(answer.understood.ignoredWords).toEqual(['zzyzx']);
  });

  it('offers categories and places that exist when nothing matches', () => {
    const answer = search('dentist', 'Glasgow');
    expect(answer.businesses).toEqual([]);
    expect(answer.alternatives?.places.map((p) => p.label)).toEqual(
      expect.arrayContaining(['Chicago, IL', 'London, England']),
    );
    expect(answer.alternatives?.categories.map((c) => c.label)).toContain('Cinema');
    const typo = search('qqqqq');
    expect(typo.alternatives?.categories.length).toBeGreaterThan(0);
  });

  it('keeps FTS syntax inert', () => {
    for (const q of ['") OR 1=1 --', 'NEAR(a b)', 'name:*', '^"x"', 'plumber*', '{city} : chicago'])
      expect(() => search(q)).not.toThrow();
    expect(names('"plumber"')).toHaveLength(3);
  });
});

describe('paging', () => {
  it('gives every match once across tiers and pages, in answer order', () => {
    const all = searchDirectory(database.sqlite, { q: 'restaurant', page: 1, pageSize: 50 });
    const paged: string[] = [];
    for (let page = 1; page <= all.totalPages * 10; page++)
      paged.push(
        ...searchDirectory(database.sqlite, { q: 'restaurant', page, pageSize: 1 }).businesses.map(
          (b) => b.name,
        ),
      );
    expect(paged).toEqual(all.businesses.map((b) => b.name));
    expect(new Set(paged).size).toBe(all.totalCount);
  });

  it('filters by category inside the index', () => {
    expect(names('chicago', undefined, { category: 'Dentist' })).toEqual(['Lakeside Dental Care']);
    expect(names('', 'Chicago', { category: 'healthcare' })).toEqual(['Lakeside Dental Care']);
    expect(searchText(database.sqlite, 'plumbers', { offset: 0, limit: 10 }).total).toBe(3);
  });
});

describe('suggestions', () => {
  const labels = (q: string, location?: string) =>
    suggestSearches(database.sqlite, { q, location }).suggestions;
  it('suggests categories, cities and businesses by prefix', () => {
    const plu = labels('plu');
    expect(plu[0]).toEqual({ type: 'category', label: 'Plumber', url: '/category/plumber', count: 3 });
    expect(plu.filter((s) => s.type === 'business').map((s) => s.label)).toContain(
      'Premier Drain & Plumbing, New York',
    );
    expect(labels('chi').find((s) => s.type === 'city')).toEqual({
      type: 'city',
      label: 'Chicago, IL',
      url: '/city/Chicago',
      count: 9,
    });
  });
  it('tolerates typos and synonyms, and keeps the location in the links', () => {
    expect(labels('plumbr')[0]?.label).toBe('Plumber');
    expect(labels('mech')[0]?.label).toBe('Auto repair shop');
    expect(labels('dent', 'Chicago')[0]).toMatchObject({
      label: 'Dentist',
      url: '/search?q=Dentist&location=Chicago',
    });
    expect(labels('zzzz')).toEqual([]);
    expect(labels('a').length).toBeLessThanOrEqual(10);
  });
});
