// What the filters of a search read of each business — rating, review count, verified, weekly-hours
// pattern — in memory, by id (decision 0042): a filtered search then reads the search index's matches
// and tests each here, instead of joining every match to its row (at 1M businesses a common word's
// tens of thousands of row reads were the whole cost). Read in slices of ids like the grid of
// coordinates (db/geo/point-grid-reader.ts); ~21 bytes a business. The columns count from the smallest
// id (`base`): on PostgreSQL an identity column never goes back, so a site imported again after a
// delete-all has ids from past the old ones — tables from 0 would grow by the old ids each time.
import { largestBusinessId } from './business-repository.ts';
import { preparedQuery } from './query/prepared-query.ts';
import type { Store } from './store/store.ts';

/** Rows per read. */
export const FACTS_SLICE_ROWS = 20_000;

const KNOWN = 1;
const VERIFIED = 2;

/** A set of ids as bits (1M ids: 125 KB — it stays in the processor's cache while a filtered search
 *  tests hundreds of thousands of matches against it, where the columns by id would miss it at
 *  every match). */
type Bits = Uint32Array;

export interface FactFilters {
  minRating?: number;
  verified?: boolean;
  /** The weekly-hours patterns open now (their ids; the same array for as long as the set holds). */
  openPatterns?: readonly number[];
}

/** What takes the matches collect finds, in the order they come: tier by tier, each in the index's
 *  order (relevance). */
export interface MatchSink {
  add(id: number): void;
}

/** Passing filters kept per facts object: the combinations people use are few (3 ratings × verified ×
 *  open now), and the open set changes at most once a minute. */
const PASSING_KEPT = 64;

export class BusinessFacts {
  private readonly passing = new Map<string, Bits>();
  private readonly openKeys = new WeakMap<readonly number[], string>();
  private openGeneration = 0;

  constructor(
    /** The id of the columns' first entry. */
    private readonly base: number,
    private readonly ratings: Float64Array,
    private readonly reviews: Float64Array,
    /** KNOWN | VERIFIED bits by id. */
    private readonly flags: Uint8Array,
    /** The weekly-hours pattern by id (business_hours), -1 for none (never open). */
    private readonly patterns: Int32Array,
  ) {}

  /**
   * Hands the businesses of these ids that meet the filters to `into`, in the ids' order (the
   * index's): the loop of a filtered search over every match (770,000 for the United States at 1M
   * businesses), one bit tested per match. Measured on that query: ~190 ns a match with a test of the
   * columns by id, most of it cache misses.
   */
  collect(
    ids: Uint32Array,
    filters: FactFilters,
    into: MatchSink,
    /** Tiers read as they are: only matches `within` count; those already `seen` (an earlier
     *  tier's) are skipped, and with `mark` this tier's are added to it. */
    apart?: { seen: Uint32Array; mark: boolean; within?: (id: number) => boolean },
  ): void {
    const bits = this.passingBits(filters);
    const words = bits.length;
    const seen = apart?.seen;
    const mark = apart?.mark === true;
    const within = apart?.within;
    const base = this.base;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const at = id - base;
      if (at < 0 || (within && !within(id))) continue;
      const word = at >>> 5;
      const bit = 1 << (at & 31);
      if (seen && word < seen.length) {
        if ((seen[word]! & bit) !== 0) continue;
        if (mark) seen[word]! |= bit;
      }
      if (word >= words || (bits[word]! & bit) === 0) continue;
      into.add(id);
    }
  }

  /** How many of these businesses meet the filters (and lie `within`, if given). */
  count(ids: Uint32Array, filters: FactFilters, within?: (id: number) => boolean): number {
    const bits = this.passingBits(filters);
    const words = bits.length;
    const base = this.base;
    let count = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const at = id - base;
      const word = at >>> 5;
      if (at < 0 || word >= words || (bits[word]! & (1 << (at & 31))) === 0) continue;
      if (!within || within(id)) count++;
    }
    return count;
  }

  /** How many ids its columns span (a `seen` table for collect covers this many). */
  get size(): number {
    return this.flags.length;
  }

  rating(id: number): number {
    return this.ratings[id - this.base]!;
  }

  reviewCount(id: number): number {
    return this.reviews[id - this.base]!;
  }

  /** The businesses meeting these filters, as bits: made from the columns in one pass the first time a
   *  combination is asked (~5 ms at 1M), kept after. */
  private passingBits(filters: FactFilters): Bits {
    const open = filters.openPatterns;
    let openKey = '';
    if (open) {
      openKey = this.openKeys.get(open) ?? `o${++this.openGeneration}`;
      this.openKeys.set(open, openKey);
    }
    const key = `${filters.minRating ?? ''}|${filters.verified ? 1 : 0}|${openKey}`;
    let bits = this.passing.get(key);
    if (bits) return bits;
    const { flags, ratings, patterns } = this;
    const size = flags.length;
    const minRating = filters.minRating ?? Number.NEGATIVE_INFINITY;
    const need = filters.verified ? KNOWN | VERIFIED : KNOWN;
    const openTable = open ? patternTable(open) : undefined;
    bits = new Uint32Array((size >>> 5) + 1);
    for (let at = 0; at < size; at++) {
      if ((flags[at]! & need) !== need || !(ratings[at]! >= minRating)) continue;
      if (openTable) {
        const pattern = patterns[at]!;
        if (pattern < 0 || pattern >= openTable.length || openTable[pattern] === 0) continue;
      }
      bits[at >>> 5]! |= 1 << (at & 31);
    }
    if (this.passing.size >= PASSING_KEPT) this.passing.delete(this.passing.keys().next().value as string);
    this.passing.set(key, bits);
    return bits;
  }
}

/** The open patterns (ids) as a table to test a business's pattern in. */
function patternTable(patterns: readonly number[]): Uint8Array {
  let largest = 0;
  for (const id of patterns) if (id > largest) largest = id;
  const table = new Uint8Array(largest + 1);
  for (const id of patterns) table[id] = 1;
  return table;
}

const factsQuery = preparedQuery('business_facts', (db, a: { after: number; limit: number }) =>
  db
    .selectFrom('businesses as b')
    .leftJoin('business_hours as h', 'h.business_id', 'b.id')
    .select(['b.id', 'b.rating', 'b.review_count', 'b.is_verified', 'h.pattern_id'])
    .where('b.id', '>', a.after)
    .orderBy('b.id')
    .limit(a.limit),
);

export class BusinessFactsReader {
  private ratings = new Float64Array(0);
  private reviews = new Float64Array(0);
  private flags = new Uint8Array(0);
  private patterns = new Int32Array(0);
  private after = 0;
  /** The smallest id (the first row read), once read. */
  private base: number | undefined;
  private largest = 0;

  constructor(
    private readonly store: Store,
    private readonly sliceRows = FACTS_SLICE_ROWS,
  ) {}

  async read(): Promise<boolean> {
    if (this.base === undefined) this.largest = await largestBusinessId(this.store);
    const rows = await this.store.all(factsQuery, { after: this.after, limit: this.sliceRows });
    for (const row of rows) {
      const id = Number(row.id);
      if (this.base === undefined) {
        this.base = id;
        this.reserve(this.largest - id + 1);
      }
      const at = id - this.base;
      this.reserve(at + 1);
      this.ratings[at] = Number(row.rating);
      this.reviews[at] = Number(row.review_count);
      this.flags[at] = KNOWN | (Number(row.is_verified) === 1 ? VERIFIED : 0);
      this.patterns[at] = row.pattern_id === null ? -1 : Number(row.pattern_id);
    }
    if (rows.length > 0) this.after = Number(rows[rows.length - 1]!.id);
    return rows.length < this.sliceRows;
  }

  result(): BusinessFacts {
    return new BusinessFacts(this.base ?? 0, this.ratings, this.reviews, this.flags, this.patterns);
  }

  /** Room for ids below `size` (rows written since the largest id was read may need more). */
  private reserve(size: number): void {
    if (size <= this.flags.length) return;
    const capacity = Math.max(size, this.flags.length * 2);
    const grown = <T extends Float64Array | Uint8Array | Int32Array>(
      column: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(column);
      return next;
    };
    this.ratings = grown(this.ratings, (n) => new Float64Array(n));
    this.reviews = grown(this.reviews, (n) => new Float64Array(n));
    this.flags = grown(this.flags, (n) => new Uint8Array(n));
    this.patterns = grown(this.patterns, (n) => new Int32Array(n).fill(-1));
  }
}
