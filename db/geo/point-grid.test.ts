// The grid against measuring every point: the same counts and the same nearest lists, for clustered
// cities, points sharing coordinates, circles across the antimeridian and near a pole.
import { describe, expect, it } from 'vitest';
import { type GridPoint, kthSmallest, PointGrid } from './point-grid.ts';
import { haversineKm } from './sphere.ts';

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Clusters around these centres (dense in the middle, like a city), plus copies sharing coordinates. */
const CENTRES = [
  { lat: 40.7128, lng: -74.006 },
  { lat: 51.5072, lng: -0.1276 },
  { lat: -36.8485, lng: 174.7633 },
  { lat: -17.7, lng: 179.95 },
  { lat: 78.2232, lng: 15.6267 },
  { lat: 0.0001, lng: -0.0001 },
];

function points(count: number): GridPoint[] {
  const random = seeded(42);
  const list: GridPoint[] = [];
  for (let id = 1; list.length < count; id++) {
    const centre = CENTRES[id % CENTRES.length]!;
    const spread = random() ** 2 * 0.4;
    const angle = random() * 2 * Math.PI;
    let lng = centre.lng + Math.cos(angle) * spread * 1.5;
    if (lng > 180) lng -= 360;
    const point = {
      id,
      lat: centre.lat + Math.sin(angle) * spread,
      lng,
      rank: Math.round(random() * 50) / 10,
    };
    list.push(point);
    // Every 7th business shares its neighbour's coordinates (one building), some with the same rank.
    if (id % 7 === 0) list.push({ ...point, id: id + 1_000_000, rank: id % 2 ? point.rank : 1 });
  }
  return list;
}

function gridOf(list: GridPoint[]): PointGrid {
  return PointGrid.build(
    Float64Array.from(list, (p) => p.id),
    Float64Array.from(list, (p) => p.lat),
    Float64Array.from(list, (p) => p.lng),
    Float64Array.from(list, (p) => p.rank),
  );
}

function measured(list: GridPoint[], lat: number, lng: number, radiusKm: number) {
  return list
    .map((p) => ({ p, distanceKm: haversineKm(lat, lng, p.lat, p.lng) }))
    .filter((x) => x.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || b.p.rank - a.p.rank || a.p.id - b.p.id)
    .map((x) => ({ id: x.p.id, distanceKm: x.distanceKm }));
}

describe('PointGrid', () => {
  const list = points(30_000);
  const grid = gridOf(list);
  const random = seeded(7);
  const probes = [
    ...CENTRES.flatMap((c) => [0.05, 0.3, 1, 2.5, 10, 25, 100].map((radiusKm) => ({ ...c, radiusKm }))),
    ...Array.from({ length: 60 }, (_, k) => {
      const c = CENTRES[k % CENTRES.length]!;
      let lng = c.lng + (random() - 0.5) * 0.6;
      if (lng > 180) lng -= 360;
      return { lat: c.lat + (random() - 0.5) * 0.4, lng, radiusKm: 0.1 + random() * 30 };
    }),
  ];

  it('counts exactly what measuring every point counts', () => {
    for (const { lat, lng, radiusKm } of probes)
      expect(grid.countWithin(lat, lng, radiusKm), `${lat},${lng} r=${radiusKm}`).toBe(
        measured(list, lat, lng, radiusKm).length,
      );
  });

  it('stops counting at `enough`, and counts exactly below it', () => {
    const only = (id: number) => id % 3 === 0;
    for (const { lat, lng, radiusKm } of probes) {
      const all = grid.countWithin(lat, lng, radiusKm, only);
      const stopped = grid.countWithin(lat, lng, radiusKm, only, 20);
      if (all < 20) expect(stopped).toBe(all);
      else {
        expect(stopped).toBeGreaterThanOrEqual(20);
        expect(stopped).toBeLessThanOrEqual(all);
      }
    }
    // A dense circle is not counted whole.
    const centre = CENTRES[0]!;
    expect(grid.countWithin(centre.lat, centre.lng, 25, only)).toBeGreaterThan(1_000);
    expect(grid.countWithin(centre.lat, centre.lng, 25, only, 20)).toBeLessThan(1_000);
  });

  it('lists the nearest first, ties by rank then id, at any offset', () => {
    for (const { lat, lng, radiusKm } of probes) {
      const all = measured(list, lat, lng, radiusKm);
      expect(grid.nearest(lat, lng, radiusKm, 20)).toEqual(all.slice(0, 20));
      expect(grid.nearest(lat, lng, radiusKm, 20, 40)).toEqual(all.slice(40, 60));
    }
  });

  it('counts and lists the members of a set of positions as it does with a test by id', () => {
    const only = (id: number) => id % 3 === 0 || id > 1_000_000;
    const matches = {
      has: only,
      forEachId: (visit: (id: number) => void) => {
        // Ids outside the grid are left out; every member is visited, some more than once.
        visit(999_999_999);
        for (const p of list) if (only(p.id)) visit(p.id);
        visit(list[3]!.id * 3);
      },
    };
    const members = grid.membersOf(matches);
    expect(grid.membersOf(matches)).toBe(members);
    // Ids far sparser than the points (every id × 1,000): the set is made by testing each point.
    const sparseGrid = gridOf(list.map((p) => ({ ...p, id: p.id * 1_000 })));
    const sparse = sparseGrid.membersOf({
      has: (id) => only(id / 1_000),
      forEachId: () => {
        throw new Error('an array by id would be too large: not used');
      },
    });
    for (const { lat, lng, radiusKm } of probes) {
      const where = `${lat},${lng} r=${radiusKm}`;
      const exact = measured(list, lat, lng, radiusKm).filter((p) => only(p.id));
      expect(grid.countWithin(lat, lng, radiusKm, members), where).toBe(exact.length);
      expect(grid.countWithin(lat, lng, radiusKm, members, 20), where).toBeGreaterThanOrEqual(
        Math.min(20, exact.length),
      );
      expect(grid.nearest(lat, lng, radiusKm, 20, 0, { only: members }), where).toEqual(exact.slice(0, 20));
      expect(grid.nearest(lat, lng, radiusKm, 10, 25, { only: members }), where).toEqual(exact.slice(25, 35));
      expect(sparseGrid.countWithin(lat, lng, radiusKm, sparse), where).toBe(exact.length);
    }
  });

  it('lists the best ranked first within the radius', () => {
    for (const { lat, lng, radiusKm } of probes.slice(0, 20)) {
      const all = measured(list, lat, lng, radiusKm);
      const rankOf = new Map(list.map((p) => [p.id, p.rank]));
      const best = [...all].sort((a, b) => rankOf.get(b.id)! - rankOf.get(a.id)! || a.id - b.id);
      expect(grid.bestRanked(lat, lng, radiusKm, 10, 5)).toEqual(best.slice(5, 15));
      expect(grid.bestRanked(lat, lng, radiusKm, 20)).toEqual(best.slice(0, 20));
      expect(grid.bestRanked(lat, lng, radiusKm, 20, 500)).toEqual(best.slice(500, 520));
    }
  });

  it('lists by two keys of the id descending, then rank, then id (rating, then reviews)', () => {
    // Few distinct values: most of a page ties on its first key, many on both.
    const rating = (id: number) => (id % 5) + 1;
    const reviews = (id: number) => id % 7;
    const rankOf = new Map(list.map((p) => [p.id, p.rank]));
    for (const { lat, lng, radiusKm } of probes.slice(0, 20)) {
      const best = [...measured(list, lat, lng, radiusKm)].sort(
        (a, b) =>
          rating(b.id) - rating(a.id) ||
          reviews(b.id) - reviews(a.id) ||
          rankOf.get(b.id)! - rankOf.get(a.id)! ||
          a.id - b.id,
      );
      for (const offset of [0, 7, 500])
        expect(grid.bestBy(lat, lng, radiusKm, 20, offset, rating, reviews)).toEqual(
          best.slice(offset, offset + 20),
        );
    }
  });

  it('breaks a tie between businesses at the same coordinates by rank, then id', () => {
    const same = { lat: 10, lng: 10 };
    const tied = gridOf([
      { id: 5, ...same, rank: 1 },
      { id: 3, ...same, rank: 4 },
      { id: 4, ...same, rank: 4 },
      { id: 9, lat: 10.001, lng: 10, rank: 5 },
    ]);
    expect(tied.nearest(10, 10, 1, 10).map((p) => p.id)).toEqual([3, 4, 5, 9]);
    expect(tied.countWithin(10, 10, 0.1)).toBe(3);
  });

  it('answers an empty grid and a circle with nothing in it', () => {
    const empty = gridOf([]);
    expect(empty.countWithin(0, 0, 10)).toBe(0);
    expect(empty.nearest(0, 0, 10, 5)).toEqual([]);
    expect(grid.countWithin(-60, -60, 50)).toBe(0);
  });
});

describe('kthSmallest', () => {
  it('finds what sorting finds, with repeated values, at every k', () => {
    const random = seeded(3);
    for (const size of [1, 2, 3, 7, 20, 200, 1_001]) {
      const values = Float64Array.from({ length: size }, () => Math.floor(random() * size) / 3);
      const sorted = [...values].sort((a, b) => a - b);
      for (let k = 0; k < size; k += Math.max(1, Math.floor(size / 13)))
        expect(kthSmallest(values.slice(), k), `size ${size}, k ${k}`).toBe(sorted[k]);
    }
  });
});
