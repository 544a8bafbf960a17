import { describe, expect, it } from 'vitest';
import { boxAround } from '../geo/sphere.ts';
import { type Match, toFts5 } from './match.ts';
import { geoCover, term } from './terms.ts';

const termsOf = (match: Match | null): string[] =>
  match ? (toFts5(match).match(/g[ca]_\d+_\d+/g) ?? []) : [];

describe('geographic cells', () => {
  it('puts a business in the 0.1° cell and the 1° area its coordinates fall in', () => {
    expect(term.geoCell(41.88, -87.63)).toBe('gc_1318_923');
    expect(term.geoCell(41.9, -87.63)).toBe('gc_1319_923');
    expect(term.geoArea(41.88, -87.63)).toBe('ga_131_92');
    expect(term.geoCell(-33.87, 151.21)).toBe('gc_561_3312');
  });

  it('covers a 10 km circle with the cells its box overlaps, the point’s own and its neighbours’', () => {
    const point = { lat: 41.88, lng: -87.63 };
    const cover = termsOf(geoCover(boxAround(point, 10)));
    expect(cover.length).toBeLessThanOrEqual(36);
    expect(cover.every((t) => t.startsWith('gc_'))).toBe(true);
    // Points 9.9 km away in each direction lie in covered cells.
    for (const [dLat, dLng] of [
      [0.089, 0],
      [-0.089, 0],
      [0, 0.119],
      [0, -0.119],
    ] as const)
      expect(cover).toContain(term.geoCell(point.lat + dLat, point.lng + dLng));
  });

  it('takes the 1° areas for a large radius, and nothing across the antimeridian', () => {
    const cover = termsOf(geoCover(boxAround({ lat: 41.88, lng: -87.63 }, 100)));
    expect(cover.length).toBeGreaterThan(0);
    expect(cover.every((t) => t.startsWith('ga_'))).toBe(true);
    expect(cover).toContain(term.geoArea(42.045, -87.688));
    expect(geoCover(boxAround({ lat: 0, lng: 179.99 }, 10))).toBeNull();
  });
});
