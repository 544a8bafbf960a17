// The facts' columns count from the smallest id (PostgreSQL's identity column never goes back, so a
// site imported again has ids past the old ones): filters, tiers read apart and the sort keys on
// columns that start at a large id, and ids outside them.
import { describe, expect, it } from 'vitest';
import { BusinessFacts } from './business-facts.ts';

const BASE = 5_000_000;
/** Ten businesses, ids BASE … BASE+9: rating 3.0 + k/5, every other verified, k = 0..9. */
function facts(): BusinessFacts {
  const n = 10;
  return new BusinessFacts(
    BASE,
    Float64Array.from({ length: n }, (_, k) => 3 + k / 5),
    Float64Array.from({ length: n }, (_, k) => 100 - k),
    Uint8Array.from({ length: n }, (_, k) => (k % 2 === 0 ? 3 : 1)),
    Int32Array.from({ length: n }, (_, k) => (k < 5 ? 7 : -1)),
  );
}
const collected = (f: BusinessFacts, ids: number[], filters: Parameters<BusinessFacts['collect']>[1]) => {
  const found: number[] = [];
  f.collect(Uint32Array.from(ids), filters, { add: (id) => found.push(id) });
  return found;
};

describe('BusinessFacts from a large first id', () => {
  const all = Array.from({ length: 10 }, (_, k) => BASE + k);

  it('filters by rating, verified and open patterns, and knows no id outside its columns', () => {
    const f = facts();
    expect(collected(f, [1, BASE - 1, ...all, BASE + 10, BASE + 5_000], {})).toEqual(all);
    expect(collected(f, all, { minRating: 4 })).toEqual(all.slice(5));
    expect(collected(f, all, { verified: true })).toEqual(all.filter((_, k) => k % 2 === 0));
    expect(collected(f, all, { openPatterns: [7] })).toEqual(all.slice(0, 5));
    expect(collected(f, all, { openPatterns: [8], minRating: 3 })).toEqual([]);
  });

  it('reads the sort keys of an id and skips the ids an earlier tier held', () => {
    const f = facts();
    expect([f.rating(BASE + 5), f.reviewCount(BASE + 5)]).toEqual([4, 95]);
    const tiers: [number, number][] = [];
    const seen = new Uint32Array((f.size >>> 5) + 1);
    f.collect(
      Uint32Array.from(all.slice(0, 4)),
      {},
      { add: (id) => tiers.push([id, 0]) },
      { seen, mark: true },
    );
    const within = (id: number) => id !== BASE + 9;
    f.collect(Uint32Array.from(all), {}, { add: (id) => tiers.push([id, 1]) }, { seen, mark: true, within });
    expect(tiers).toEqual([...all.slice(0, 4).map((id) => [id, 0]), ...all.slice(4, 9).map((id) => [id, 1])]);
  });
});
