// The rank bands follow the rowid order, and a condition on bands 0 to k holds exactly those bands.
import { describe, expect, it } from 'vitest';
import { ID_BITS, RANK_SCALE, searchRowid } from './analyzer.ts';
import { isTerm, type Match } from './match.ts';
import { bandsUpTo, RANK_BANDS, rankBandOf, rankBandTerms } from './rank-bands.ts';

/** Whether a row with these terms matches (terms only, as bandsUpTo writes them). */
function holds(match: Match, terms: ReadonlySet<string>): boolean {
  if (isTerm(match)) return terms.has(match.term);
  if ('any' in match) return match.any.some((part) => holds(part, terms));
  if ('all' in match) return match.all.every((part) => holds(part, terms));
  return holds(match.but, terms) && !holds(match.not, terms);
}

describe('rank bands', () => {
  it('never decrease along the rowid order, from the best rank to the worst', () => {
    let previous = -1;
    const seen = new Set<number>();
    // Every rank part in steps of 997 (a prime: no step lands only on knots), and the ends.
    for (let inverted = 0; inverted <= 5 * RANK_SCALE; inverted += 997) {
      for (const id of [1, ID_BITS - 1]) {
        const band = rankBandOf(inverted * ID_BITS + id);
        expect(band).toBeGreaterThanOrEqual(previous);
        expect(band).toBeLessThan(RANK_BANDS);
        previous = band;
        seen.add(band);
      }
    }
    expect(rankBandOf(searchRowid(5, 1))).toBe(0);
    expect(rankBandOf(searchRowid(0, 1))).toBe(RANK_BANDS - 1);
    // The ranks real rows have (3.5 to 4.9) are spread over many bands, not a few.
    expect(
      new Set([...Array(141).keys()].map((i) => rankBandOf(searchRowid(3.5 + i / 100, 7)))).size,
    ).toBeGreaterThan(100);
    expect(seen.size).toBeGreaterThan(RANK_BANDS / 2);
  });

  it('gives a rowid and the same rank with another id the same band', () => {
    for (const rank of [4.87, 4.0, 3.2, 1.0])
      expect(rankBandOf(searchRowid(rank, 1))).toBe(rankBandOf(searchRowid(rank, 123_456_789)));
  });

  it('matches bands 0 to k, and no other, with at most 45 terms', () => {
    for (const last of [0, 1, 3, 15, 16, 63, 255, 256, 1000, 1023, 4095]) {
      const condition = bandsUpTo(last);
      const terms = isTerm(condition) ? 1 : 'any' in condition ? condition.any.length : Infinity;
      expect(terms).toBeLessThanOrEqual(45);
      for (const band of new Set([0, 1, 15, 16, 17, 255, 256, 257, last - 1, last, last + 1, 4095])) {
        if (band < 0 || band >= RANK_BANDS) continue;
        const rowid = bandRowid(band);
        if (rowid === null) continue;
        const carried = new Set(rankBandTerms(rowid).split(' '));
        expect(holds(condition, carried), `bands 0–${last}, band ${band}`).toBe(band <= last);
      }
    }
  });
});

/** A rowid in the given band, searched along the rank parts (null if the band is empty). */
function bandRowid(band: number): number | null {
  let low = 0;
  let high = 5 * RANK_SCALE;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (rankBandOf(middle * ID_BITS) < band) low = middle + 1;
    else high = middle;
  }
  return rankBandOf(low * ID_BITS) === band ? low * ID_BITS + 1 : null;
}
