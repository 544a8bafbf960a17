// The map's places: one per business with coordinates (none for a business without, or with
// coordinates outside the globe), each with its details path, rating in words and address.
import { describe, expect, it } from 'vitest';
import { mapPlacesOf, ratingText } from './map-places.ts';

const base = {
  slug: 'joes-pizza-springfield',
  rating: 4.46,
  reviewCount: 1234,
  address: '1 Main St, Springfield, IL 62701',
  city: 'Springfield',
  state: 'IL',
};

describe('mapPlacesOf', () => {
  it('keeps the businesses that have coordinates, in order, and omits the others', () => {
    const places = mapPlacesOf([
      { ...base, id: 1, name: 'A', latitude: 39.78, longitude: -89.65 },
      { ...base, id: 2, name: 'B', latitude: null, longitude: null },
      { ...base, id: 3, name: 'C', latitude: 39.8, longitude: null },
      { ...base, id: 4, name: 'D', latitude: 91, longitude: 10 },
      { ...base, id: 5, name: 'E', latitude: 0, longitude: 0 },
      { ...base, id: 6, name: 'F', latitude: Number.NaN, longitude: 3 },
    ]);
    expect(places.map((p) => p.name)).toEqual(['A', 'E']);
    expect(places[0]).toEqual({
      id: 1,
      name: 'A',
      path: '/details/joes-pizza-springfield',
      rating: 4.46,
      reviewCount: 1234,
      address: '1 Main St, Springfield, IL 62701',
      latitude: 39.78,
      longitude: -89.65,
    });
  });

  it('escapes the slug into the path and adds the city the address lacks', () => {
    const [place] = mapPlacesOf([
      { ...base, id: 1, name: 'A', slug: 'a/b?c', address: '1 Main St', latitude: 1, longitude: 2 },
    ]);
    expect(place?.path).toBe('/details/a%2Fb%3Fc');
    expect(place?.address).toBe('1 Main St, Springfield, IL');
  });
});

describe('ratingText', () => {
  it('says the rating as the stars do, with the review count', () => {
    expect(ratingText({ rating: 4.46, reviewCount: 1234 })).toBe('Rated 4.5 out of 5 (1,234 reviews)');
    expect(ratingText({ rating: 5, reviewCount: 1 })).toBe('Rated 5.0 out of 5 (1 review)');
    expect(ratingText({ rating: 0, reviewCount: 0 })).toBe('No reviews yet');
  });
});
