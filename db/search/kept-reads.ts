// The search index's short reads — a condition's first matches (a page, the plan's window of 101) and
// its capped counts — kept per store and data version, by the condition as the index is asked it. The
// search rules keep their plans by what was typed (server/domain/search/search.ts); different typing
// asks the index the same ("plumbers chicago", "plumber in chicago, il", "chicago plumber" share their
// conditions), and so do a search's alternatives and its neighbours'. Measured on the long-tail
// benchmark's 4,800 searches at 1M businesses, one after another: 3,098 of their 20,581 index reads
// repeated an earlier search's read, 1.0 s of the 8.4 s the reads took.
import { DataVersionMaps } from '../data-version-maps.ts';
import type { Store } from '../store/store.ts';
import { businessIdOf } from './analyzer.ts';
import type { Match } from './match.ts';

/** The reads this keeps, and what it names them by (a part of SearchIndex, which it wraps). */
export interface IndexReads {
  matchingRowids(match: Match, limit: number, offset?: number): Promise<number[]>;
  matchingIds(match: Match, limit: number, offset?: number): Promise<number[]>;
  countMatching(match: Match, cap: number): Promise<number>;
  queryText(match: Match): string;
}

/** Reads of at most this many rowids are kept (a window and its one more: server/domain/search). */
export const KEPT_READ_ROWS = 101;

/** Entries per store, the least recently used out: ≤ 101 rowids of 8 bytes an entry and its key, the
 *  condition's text (on the long tail's reads 33 rowids and 127 characters on average: ~2.5 MB for
 *  4,000; 6 MB were every one a window with a long text). */
const READS_KEPT = 4_000;

/** Rowids as doubles in one buffer: the index's rowids are past 2^31, a heap number each in an array. */
const reads = new DataVersionMaps<Float64Array | number>();

/** `index` with its short reads and counts kept (the other members as they are). */
export function keepingReads<I extends IndexReads>(store: Store, index: I): I {
  const kept = async <V extends Float64Array | number>(key: string, read: () => Promise<V>): Promise<V> => {
    const map = reads.current(store);
    const hit = map.get(key);
    if (hit !== undefined) {
      DataVersionMaps.keep(map, key, hit, READS_KEPT); // the most recently used last
      return hit as V;
    }
    const version = store.dataVersion();
    const value = await read();
    // Not kept if the data changed meanwhile (PostgreSQL answers asynchronously).
    if (store.dataVersion() === version) DataVersionMaps.keep(reads.current(store), key, value, READS_KEPT);
    return value;
  };
  const matchingRowids = async (match: Match, limit: number, offset = 0): Promise<number[]> => {
    if (limit + offset > KEPT_READ_ROWS) return index.matchingRowids(match, limit, offset);
    const rowids = await kept(`r${limit},${offset} ${index.queryText(match)}`, async () =>
      Float64Array.from(await index.matchingRowids(match, limit, offset)),
    );
    // An array of its own: callers may add to what they are given.
    return Array.from(rowids);
  };
  return {
    ...index,
    matchingRowids,
    // The ids are the rowids' low parts, on either dialect.
    matchingIds: async (match: Match, limit: number, offset = 0) =>
      (await matchingRowids(match, limit, offset)).map(businessIdOf),
    countMatching: (match: Match, cap: number) =>
      kept(`c${cap} ${index.queryText(match)}`, () => index.countMatching(match, cap)),
  };
}

/** Forgets a store's kept reads (measurements of first-time searches). */
export function forgetKeptReads(store: Store): void {
  reads.forget(store);
}
