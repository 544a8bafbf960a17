// The search rules on both dialects, over the same businesses (testing/search-directory.ts): SQLite's
// FTS5 index and PostgreSQL's tsvector twin answer every rule alike.
import { describe, expect, it } from 'vitest';
import { findBusinessLabels } from '../../../db/business-repository.ts';
import { bumpDataVersionQuery } from '../../../db/stats-repository.ts';
import { insertSynonymGroups } from '../../../db/synonym-groups-repository.ts';
import { settledDataVersion } from '../testing/settled-data-version.ts';
import { DIALECTS } from '../testing/test-store.ts';
import { searchDirectory, searchText, searchTextFiltered } from './search.ts';
import { suggestSearches } from './suggest.ts';
import { createSearchDirectory } from './testing/search-directory.ts';
import { useSearchStore } from './testing/search-store.ts';

describe.each(DIALECTS)('search on %s', (dialect) => {
  const database = useSearchStore(dialect, createSearchDirectory);

  const search = (q: string, location?: string, extra: { exact?: boolean; category?: string } = {}) =>
    searchDirectory(database().store, { q, location, page: 1, pageSize: 20, ...extra });
  const names = async (q: string, location?: string, extra?: { exact?: boolean; category?: string }) =>
    (await search(q, location, extra)).businesses.map((b) => b.name);

  describe('word forms', () => {
    it('matches plurals and endings both ways', async () => {
      expect(await names('plumbers')).toEqual(
        expect.arrayContaining(['Acme Plumbers', 'Windy City Pipes', 'Premier Drain & Plumbing']),
      );
      expect(await names('plumber')).toHaveLength(3);
      expect(await names('plumbing')).toHaveLength(3);
      expect(await names('dentists')).toEqual(['Lakeside Dental Care', 'Smile Studio']);
      expect(await names('restaurants')).toEqual(
        expect.arrayContaining(['Green Leaf Kitchen', 'Midtown Restaurant Supply']),
      );
      expect(await names('electricians')).toEqual(['Bright Spark Electrical']);
    });

    it('finds "plumber" in New York although the business is named "Plumbing"', async () => {
      expect(await names('plumber', 'New York')).toEqual(['Premier Drain & Plumbing']);
    });
  });

  describe('typos', () => {
    it('corrects each kind of edit on words of 5+ letters', async () => {
      for (const typo of ['plumbr', 'plumbeer', 'plumbar', 'pulmber']) {
        const answer = await search(typo);
        expect(answer.businesses.length, typo).toBe(3);
        expect(answer.correctedQuery, typo).toBe('plumber');
        expect(answer.exactSearchUrl).toBe(`/search?q=${typo}&exact=1`);
      }
      expect(await names('resturant')).toEqual(expect.arrayContaining(['Green Leaf Kitchen']));
    });

    it('allows two edits from 9 letters, one below', async () => {
      expect(await names('electrcain')).toEqual(['Bright Spark Electrical']);
      expect(await names('plmbr')).toEqual([]);
    });

    it('never fuzzes words under 5 letters', async () => {
      expect((await search('pubb')).correctedQuery).toBeUndefined();
      expect(await names('pubb')).toEqual([]);
    });

    it('searches exactly what was typed when asked', async () => {
      const exact = await search('plumbr', undefined, { exact: true });
      expect(exact.businesses).toEqual([]);
      expect(exact.correctedQuery).toBeUndefined();
    });
  });

  describe('ranking', () => {
    it('lists bars and pubs for "bar", never barbers first', async () => {
      const found = await names('bar');
      expect(found.slice(0, 2)).toEqual(['The Copper Room', 'The Red Lion']);
      expect(found).not.toContain('Fade & Blade');
      expect(await names('barber')).toEqual(['Fade & Blade', 'Northside Barbers']);
    });

    it('puts an exact phrase in the name first, then exact words, then forms, then synonyms', async () => {
      // "restaurant supply" as a phrase beats higher-rated restaurants.
      expect((await names('restaurant supply'))[0]).toBe('Midtown Restaurant Supply');
      // An exact word before a word form: "plumbers" in a name before "Plumber" as a form, whatever the rating.
      expect((await names('plumbers'))[0]).toBe('Acme Plumbers');
      // A synonym ranks below an exact hit: "pub" lists the Pub before the Bar.
      expect(await names('pub')).toEqual(['The Red Lion', 'The Copper Room']);
    });

    it('never ranks a typo above an exact match', async () => {
      // "barbers" is exact for Northside Barbers and a form for Fade & Blade; no typo comes in.
      expect((await names('barbers'))[0]).toBe('Northside Barbers');
    });

    it('within a tier, orders by the review-weighted rating', async () => {
      expect(await names('plumber', 'Chicago')).toEqual(['Windy City Pipes', 'Acme Plumbers']);
    });
  });

  describe('synonyms', () => {
    it('finds the trade by its other names', async () => {
      expect(await names('mechanic')).toEqual(['Kowalski Auto Repair']);
      // lawyer, attorney and solicitor are one group: both firms, best rated first.
      expect(await names('attorney')).toEqual(['Baker Solicitors', 'Smith & Jones LLP']);
      expect(await names('movie theater')).toEqual(['Picture House']);
      expect(await names('chemist')).toEqual(['Boots Chemist']);
      expect(await names('pharmacy')).toEqual(['Boots Chemist']);
    });

    it('takes the administrator’s groups too', async () => {
      expect(await names('tradie')).toEqual([]);
      await database().store.transaction(async (tx) => {
        await insertSynonymGroups(tx, 'admin', ['tradie, electrician'], new Date().toISOString());
        await tx.run(bumpDataVersionQuery, {});
      });
      await settledDataVersion(database().store);
      expect(await names('tradie')).toEqual(['Bright Spark Electrical']);
    });
  });

  describe('places by any name', () => {
    const where = async (location: string) =>
      new Set((await search('', location)).businesses.map((b) => b.city));
    it('reads US states by name and code', async () => {
      expect(await where('Illinois')).toEqual(new Set(['Chicago']));
      expect(await where('IL')).toEqual(new Set(['Chicago']));
      expect((await search('', 'Illinois')).understood.location).toBe('Illinois');
    });
    it('reads UK nations, counties and countries by their short forms', async () => {
      expect(await where('Scotland')).toEqual(new Set(['Glasgow']));
      expect(await where('Greater Manchester')).toEqual(new Set(['Manchester']));
      for (const uk of ['UK', 'GB', 'Great Britain', 'United Kingdom'])
        expect(await where(uk), uk).toEqual(new Set(['London', 'Manchester', 'Glasgow']));
      for (const us of ['US', 'USA', 'United States'])
        expect(await where(us), us).toEqual(new Set(['Chicago', 'New York']));
    });
    it('reads city nicknames, postcodes and typos', async () => {
      expect(await where('NYC')).toEqual(new Set(['New York']));
      expect(await where('10001')).toEqual(new Set(['New York']));
      expect(await where('SW1A')).toEqual(new Set(['London']));
      expect(await where('SW1A 1AA')).toEqual(new Set(['London']));
      expect(await where('Chicgo')).toEqual(new Set(['Chicago']));
      expect(await where('Mancester')).toEqual(new Set(['Manchester']));
    });
  });

  describe('one box', () => {
    it('takes trailing words that are a known place as the location', async () => {
      const answer = await search('plumbers in chicago');
      // "plumbers" exactly in a name first, then the word form.
      expect(answer.businesses.map((b) => b.name)).toEqual(['Acme Plumbers', 'Windy City Pipes']);
      expect(answer.understood.label).toBe('Plumbers in Chicago, IL');
      expect(await names('dentist london')).toEqual(['Smile Studio']);
      expect(await names('pizza near 10001')).toEqual(['Chicago Pizza Co.']);
      expect(await names('24 hour plumber new york ny')).toEqual(['Premier Drain & Plumbing']);
    });

    it('keeps a business named after a city a business: "chicago pizza"', async () => {
      expect((await names('chicago pizza'))[0]).toBe('Chicago Pizza Co.');
    });

    it('does not read everyday words as state codes ("pizza in", "near me")', async () => {
      expect((await search('pizza near me')).understood.location).toBeNull();
      expect((await search('plumber in')).understood.location).toBeNull();
      expect((await search('plumber IL')).understood.location).toBe('Illinois');
      expect((await search('plumber il')).understood.location).toBe('Illinois');
    });

    it('lists a place alone, best first', async () => {
      const answer = await search('chicago');
      expect(answer.understood.label).toBe('Businesses in Chicago, IL');
      expect(answer.businesses[0]!.name).toBe('Fade & Blade');
      expect(answer.totalCount).toBe(9);
    });
  });

  describe('saying what was searched', () => {
    it('leaves out words that match nothing, and says so', async () => {
      const answer = await search('plumber zzyzx');
      expect(answer.businesses).toHaveLength(3);
      expect(answer.understood.ignoredWords).toEqual(['zzyzx']);
    });

    it('looks in descriptions when names and categories hold a word nowhere', async () => {
      expect(await names('brunch')).toEqual(['Green Leaf Kitchen']);
      const answer = await search('brunch zzyzx');
      expect(answer.businesses.map((b) => b.name)).toEqual(['Green Leaf Kitchen']);
      expect(answer.understood.ignoredWords).toEqual(['zzyzx']);
    });

    it('offers categories and places that exist when nothing matches', async () => {
      const answer = await search('dentist', 'Glasgow');
      expect(answer.businesses).toEqual([]);
      expect(answer.alternatives?.places.map((p) => p.label)).toEqual(
        expect.arrayContaining(['Chicago, IL', 'London, England']),
      );
      expect(answer.alternatives?.categories.map((c) => c.label)).toContain('Cinema');
      const typo = await search('qqqqq');
      expect(typo.alternatives?.categories.length).toBeGreaterThan(0);
    });

    it('keeps FTS syntax inert', async () => {
      for (const q of ['") OR 1=1 --', 'NEAR(a b)', 'name:*', '^"x"', 'plumber*', '{city} : chicago'])
        await expect(search(q)).resolves.toBeDefined();
      expect(await names('"plumber"')).toHaveLength(3);
    });
  });

  describe('paging', () => {
    it('gives every match once across tiers and pages, in answer order', async () => {
      const all = await searchDirectory(database().store, { q: 'restaurant', page: 1, pageSize: 50 });
      const paged: string[] = [];
      for (let page = 1; page <= all.totalPages * 10; page++)
        paged.push(
          ...(await searchDirectory(database().store, { q: 'restaurant', page, pageSize: 1 })).businesses.map(
            (b) => b.name,
          ),
        );
      expect(paged).toEqual(all.businesses.map((b) => b.name));
      expect(new Set(paged).size).toBe(all.totalCount);
    });

    it('filters by category inside the index', async () => {
      expect(await names('chicago', undefined, { category: 'Dentist' })).toEqual(['Lakeside Dental Care']);
      expect(await names('', 'Chicago', { category: 'healthcare' })).toEqual(['Lakeside Dental Care']);
      expect((await searchText(database().store, 'plumbers', { offset: 0, limit: 10 })).total).toBe(3);
    });
  });

  describe('with filters', () => {
    it('applies them to the matches of every tier', async () => {
      const filtered = await searchTextFiltered(database().store, 'plumbers', {
        offset: 0,
        limit: 10,
        filters: { minRating: 4.5 },
      });
      expect(new Set(filtered.businesses.map((b) => b.name))).toEqual(
        new Set(['Windy City Pipes', 'Premier Drain & Plumbing']),
      );
      expect(filtered.total).toBe(2);
      const answer = await searchDirectory(database().store, {
        q: 'plumbr',
        page: 1,
        pageSize: 20,
        filters: { minRating: 4.5 },
      });
      expect(answer.totalCount).toBe(2);
      expect(answer.correctedQuery).toBe('plumber');
    });

    it('orders by the distance from a place’s centre', async () => {
      const answer = await searchDirectory(database().store, {
        q: 'plumber',
        location: 'Chicago',
        page: 1,
        pageSize: 20,
        filters: { sort: 'distance' },
      });
      expect(new Set(answer.businesses.map((b) => b.name))).toEqual(
        new Set(['Windy City Pipes', 'Acme Plumbers']),
      );
      expect(answer.distanceFrom).toMatchObject({ label: 'Chicago, IL' });
      expect(answer.distanceFrom?.lat).toBeCloseTo(41.88, 6);
    });
  });

  describe('suggestions', () => {
    const labels = async (q: string, location?: string) =>
      (await suggestSearches(database().store, { q, location })).suggestions;
    it('suggests categories, cities and businesses by prefix', async () => {
      const plu = await labels('plu');
      expect(plu[0]).toEqual({ type: 'category', label: 'Plumber', url: '/category/plumber', count: 3 });
      expect(plu.filter((s) => s.type === 'business').map((s) => s.label)).toContain(
        'Premier Drain & Plumbing, New York',
      );
      expect((await labels('chi')).find((s) => s.type === 'city')).toEqual({
        type: 'city',
        label: 'Chicago, IL',
        url: '/city/Chicago',
        count: 9,
      });
    });
    it('tolerates typos and synonyms, and keeps the location in the links', async () => {
      expect((await labels('plumbr'))[0]?.label).toBe('Plumber');
      expect((await labels('mech'))[0]?.label).toBe('Auto repair shop');
      expect((await labels('dent', 'Chicago'))[0]).toMatchObject({
        label: 'Dentist',
        url: '/search?q=Dentist&location=Chicago',
      });
      expect(await labels('zzzz')).toEqual([]);
      expect((await labels('a')).length).toBeLessThanOrEqual(10);
    });
    it("suggests only the location's businesses, for a place of any size", async () => {
      const businesses = async (q: string, location: string) =>
        (await labels(q, location)).filter((s) => s.type === 'business').map((s) => s.label);
      // A country, a city and a city with its state (each a large share of this small directory:
      // looked up after the names), and a postcode.
      expect(await businesses('smile', 'UK')).toEqual(['Smile Studio, London']);
      expect(await businesses('smile', 'United States')).toEqual([]);
      expect(await businesses('premier drain', 'New York')).toEqual(['Premier Drain & Plumbing, New York']);
      expect(await businesses('premier drain', 'Chicago, IL')).toEqual([]);
      expect(await businesses('premier', 'SW1A 1AA')).toEqual([]);
    });
    it("reads businesses' labels in the order asked, skipping ids that are gone", async () => {
      const found = (await search('plumber')).businesses;
      expect(found.length).toBeGreaterThanOrEqual(3);
      const [a, b, c] = found;
      const labelled = await findBusinessLabels(database().store, [
        Number(c!.id),
        987_654_321,
        Number(a!.id),
        Number(b!.id),
      ]);
      expect(labelled).toEqual(
        [c!, a!, b!].map((business) => ({
          name: business.name,
          city: business.city,
          slug: business.slug,
          address: business.address,
        })),
      );
      expect(await findBusinessLabels(database().store, [])).toEqual([]);
    });
  });
});
