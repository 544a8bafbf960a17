// The filters' URL reading and writing: what a link writes reads back the same, values the API would
// refuse never reach a link, a changed filter starts again at page 1, and the count's words.
import { describe, expect, it } from 'vitest';
import {
  apiFilterParams,
  filteredHref,
  filteredListOutcome,
  filterPhrase,
  isRefined,
  NO_FILTERS,
  type ResultFilters,
  readResultFilters,
  resultFilterParams,
  roundCoordinate,
} from './result-filters.ts';

const read = (query: string, distanceWithoutPoint = false) =>
  readResultFilters(new URLSearchParams(query), distanceWithoutPoint);

describe('readResultFilters and resultFilterParams', () => {
  it('reads back what a link writes (round trip)', () => {
    const samples: ResultFilters[] = [
      NO_FILTERS,
      { ...NO_FILTERS, openNow: true },
      { ...NO_FILTERS, minRating: 3.5, verified: true, sort: 'reviews' },
      {
        openNow: true,
        minRating: 4.5,
        verified: true,
        sort: 'distance',
        point: { lat: 41.878, lng: -87.63 },
        radiusKm: 25,
      },
      { ...NO_FILTERS, point: { lat: -33.869, lng: 151.209 }, radiusKm: 0.5 },
    ];
    for (const filters of samples) {
      const query = new URLSearchParams(resultFilterParams(filters)).toString();
      expect(read(query)).toEqual(filters);
    }
  });

  it('writes the contract spelling in a fixed order, defaults left out', () => {
    expect(resultFilterParams(NO_FILTERS)).toEqual({});
    const filters = read('sort=rating&verified=true&minRating=4&openNow=true&lng=2.35&lat=48.86&radiusKm=5');
    expect(new URLSearchParams(resultFilterParams(filters)).toString()).toBe(
      'openNow=true&minRating=4&verified=true&sort=rating&lat=48.86&lng=2.35&radiusKm=5',
    );
  });

  it('drops bad values, so that no link the page makes carries them', () => {
    const bad = read('openNow=yes&minRating=3&verified=1&sort=price&lat=91&lng=10&radiusKm=500');
    expect(bad).toEqual(NO_FILTERS);
    expect(read('minRating=5')).toEqual(NO_FILTERS);
    expect(read('minRating=4.0').minRating).toBe(4);
    expect(read('minRating=abc').minRating).toBeNull();
    // One coordinate alone is no point; nor is text, an exponent or a longitude past 180.
    expect(read('lat=41.8').point).toBeNull();
    expect(read('lat=41.8&lng=abc').point).toBeNull();
    expect(read('lat=1e1&lng=2').point).toBeNull();
    expect(read('lat=10&lng=-180.5').point).toBeNull();
    // A radius needs a point and must be 0 < r <= 100.
    expect(read('radiusKm=5').radiusKm).toBeNull();
    expect(read('lat=1&lng=2&radiusKm=0').radiusKm).toBeNull();
    expect(read('lat=1&lng=2&radiusKm=100').radiusKm).toBe(100);
    expect(read('lat=1&lng=2&radiusKm=100.5').radiusKm).toBeNull();
    expect(resultFilterParams(bad)).toEqual({});
  });

  it('rounds a point to 3 decimals (about 100 m), no more precise than needed', () => {
    expect(read('lat=41.878113&lng=-87.629799').point).toEqual({ lat: 41.878, lng: -87.63 });
    expect(roundCoordinate(-0.0001)).toBe(0);
    expect(Object.is(roundCoordinate(-0.0001), -0)).toBe(false);
  });

  it('keeps sort=distance only with a point, or where the page has a place', () => {
    expect(read('sort=distance').sort).toBeNull();
    expect(read('sort=distance', true).sort).toBe('distance');
    expect(read('sort=distance&lat=1&lng=2').sort).toBe('distance');
    // Relevance is the default: not written, so the plain list has one URL.
    expect(read('sort=relevance').sort).toBeNull();
    expect(isRefined(read('sort=relevance'))).toBe(false);
  });
});

describe('filteredHref', () => {
  const filters = read('openNow=true&minRating=4');

  it('keeps the page own parameters, applies the change, and never carries a page number', () => {
    expect(
      filteredHref('/search', { q: 'pizza', location: 'Chicago', exact: '' }, filters, { verified: true }),
    ).toBe('/search?q=pizza&location=Chicago&openNow=true&minRating=4&verified=true');
    expect(filteredHref('/businesses', {}, filters, { openNow: false })).toBe('/businesses?minRating=4');
    expect(filteredHref('/city/Chicago', {}, filters, NO_FILTERS)).toBe('/city/Chicago');
  });

  it('drops a distance order with its point unless the page has a place', () => {
    const near = read('lat=1&lng=2&sort=distance&radiusKm=5');
    expect(filteredHref('/businesses', {}, near, { point: null })).toBe('/businesses');
    expect(filteredHref('/search', { location: 'Leeds' }, near, { point: null })).toBe(
      '/search?location=Leeds&sort=distance',
    );
  });
});

describe('the words and the API parameters', () => {
  it('says what the filters keep after the count', () => {
    expect(filterPhrase(NO_FILTERS)).toBe('');
    expect(filterPhrase(read('openNow=true'))).toBe(' open now');
    expect(filterPhrase(read('openNow=true&minRating=4'))).toBe(' open now and rated 4+');
    expect(filterPhrase(read('openNow=true&minRating=4.5&verified=true'))).toBe(
      ' open now, rated 4.5+ and verified',
    );
  });

  it('asks the API only for what is set', () => {
    expect(apiFilterParams(NO_FILTERS)).toEqual({
      openNow: undefined,
      minRating: undefined,
      verified: undefined,
      sort: undefined,
      lat: undefined,
      lng: undefined,
      radiusKm: undefined,
    });
    expect(apiFilterParams(read('openNow=true&minRating=3.5&lat=1.5&lng=2&sort=distance'))).toMatchObject({
      openNow: true,
      minRating: 3.5,
      lat: 1.5,
      lng: 2,
      sort: 'distance',
    });
  });

  it('shows an empty filtered list instead of the 404 of an empty place', () => {
    expect(filteredListOutcome(0, 1, 20, NO_FILTERS)).toBe('empty');
    expect(filteredListOutcome(0, 1, 20, read('verified=true'))).toBe('ok');
    expect(filteredListOutcome(0, 2, 20, read('verified=true'))).toBe('out-of-range');
  });
});
