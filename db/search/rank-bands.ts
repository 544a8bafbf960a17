// Rank bands of the PostgreSQL search index (decision 0039). A page of matches is the first matches in
// rank (rowid) order; PostgreSQL's GIN index finds matches fast but in no order, so the first page of
// a word in 5 % of a million businesses meant reading all 50,000 rows for their rowids. Each indexed
// business also carries the terms of its rank band — a slice of the rank order — and of the band's
// groups: `cond & (bands 0 … k)` is answered by the GIN index and reads only the matches of the best
// bands, and since the bands follow the rank order, the first page of those is the first page of all.
// How the bands are cut decides only how many rows a query reads, never which rows it answers.
import { ID_BITS } from './analyzer.ts';
import type { Match } from './match.ts';

/** Bands, and bands per group at each of the two group levels (16 × 16 × 16). */
export const RANK_BANDS = 4096;
const PER_GROUP = 16;

/**
 * The share of businesses ranked better, in bands (0–4096), at points of the rowid's rank part
 * (rowid / ID_BITS, worse rank larger), between which it is taken as linear: measured over the
 * 1,000,000 generated businesses of bench/out/million.db (real-shape Google Maps rows) by
 * bench/rank-band-knots.ts. A rank many businesses share (4.0: none reviewed) starts where they start
 * and falls in one band. A site whose ranks spread otherwise reads more or fewer rows per step.
 */
// biome-ignore format: a table
const KNOTS: readonly (readonly [inverted: number, band: number])[] = [
  [0, 0], [20640, 1], [20929, 2], [21598, 4], [23010, 8], [26219, 16],
  [33807, 32], [56117, 64], [149925, 128], [544843, 256], [840909, 384], [1147482, 512],
  [1543641, 640], [1941176, 768], [2252688, 896], [2602669, 1024], [3016771, 1152], [3322581, 1280],
  [3603448, 1408], [3961538, 1530], [4158730, 1664], [4413043, 1790], [4545455, 1908], [4761905, 2038],
  [5000000, 2147], [5065217, 2558], [5333333, 2687], [5476190, 2786], [5714286, 2938], [5909091, 3058],
  [6217949, 3200], [6500000, 3326], [7131579, 3456], [7888683, 3584], [8710526, 3712], [9722222, 3840],
  [10945030, 3968], [12967573, 4096],
];

/** The band of an index rowid: its rank part decides (the id part never moves a rowid across), by
 *  integer steps that never decrease as the rank part grows, so the bands follow the rowid order. */
export function rankBandOf(rowid: number): number {
  const inverted = Math.floor(rowid / ID_BITS);
  let next = 1;
  while (next < KNOTS.length && KNOTS[next]![0] <= inverted) next++;
  if (next === KNOTS.length) return RANK_BANDS - 1;
  const [i0, b0] = KNOTS[next - 1]!;
  const [i1, b1] = KNOTS[next]!;
  return Math.min(RANK_BANDS - 1, Math.floor(b0 + ((inverted - i0) * (b1 - b0)) / (i1 - i0)));
}

/** A band's term and its groups' (a group of 16 bands, and of 16 of those). */
const levelTerms = ['rb_', 'rm_', 'rt_'] as const;

/** The terms a business's row carries for its rank, space-separated (after its index terms). */
export function rankBandTerms(rowid: number): string {
  const band = rankBandOf(rowid);
  return levelTerms.map((prefix, level) => `${prefix}${Math.floor(band / PER_GROUP ** level)}`).join(' ');
}

/** Bands 0 to `last` as one condition: whole groups by their group terms, the rest band by band
 *  (at most 45 terms). */
export function bandsUpTo(last: number): Match {
  const parts: Match[] = [];
  let next = 0;
  for (let level = levelTerms.length - 1; level >= 0; level--) {
    const size = PER_GROUP ** level;
    while (next + size <= last + 1) {
      parts.push({ term: `${levelTerms[level]}${next / size}` });
      next += size;
    }
  }
  return parts.length === 1 ? parts[0]! : { any: parts };
}
