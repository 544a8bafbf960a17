// The sinks against the plain way: every match collected, then sorted in full (the code they replaced).
import { describe, expect, it } from 'vitest';
import { BusinessFacts } from '../../../db/business-facts.ts';
import { BestMatches, FirstMatches } from './match-sinks.ts';

/** 2,000 businesses with ratings in tenths and review counts in a short range: many ties on both. */
function facts(): BusinessFacts {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const n = 2_000;
  return new BusinessFacts(
    1,
    Float64Array.from({ length: n }, () => 3 + Math.floor(random() * 21) / 10),
    Float64Array.from({ length: n }, () => Math.floor(random() * 40)),
    new Uint8Array(n).fill(1),
    new Int32Array(n).fill(-1),
  );
}

/** The order they come in: a shuffled half of the ids, as tiers in the index's order would be. */
const arriving = Array.from({ length: 2_000 }, (_, k) => ((k * 7919) % 2_000) + 1).filter(
  (id) => id % 2 === 0,
);

function sortedInFull(f: BusinessFacts, sort: 'rating' | 'reviews'): number[] {
  const key = (id: number) =>
    sort === 'rating' ? [f.rating(id), f.reviewCount(id)] : [f.reviewCount(id), f.rating(id)];
  return arriving
    .map((id, arrival) => ({ id, arrival, keys: key(id) }))
    .sort((a, b) => b.keys[0]! - a.keys[0]! || b.keys[1]! - a.keys[1]! || a.arrival - b.arrival)
    .map((match) => match.id);
}

describe('BestMatches', () => {
  for (const sort of ['rating', 'reviews'] as const)
    for (const wanted of [0, 1, 20, 500, 1_000, 1_500])
      it(`keeps the best ${wanted} by ${sort}, ties in the order they came, and counts them all`, () => {
        const f = facts();
        const best = new BestMatches(f, sort, wanted);
        for (const id of arriving) best.add(id);
        expect(best.count).toBe(arriving.length);
        expect(best.best()).toEqual(sortedInFull(f, sort).slice(0, wanted));
      });
});

describe('FirstMatches', () => {
  it('keeps the first ones in the order they came and counts them all', () => {
    const first = new FirstMatches(3);
    for (const id of [9, 4, 7, 1, 8]) first.add(id);
    expect([first.ids, first.count]).toEqual([[9, 4, 7], 5]);
  });
});
