// The businesses that search words match, as a bitmap over their ids, kept per store and data version
// (decision 0040): words near a point then cost a walk over the grid of coordinates around it, not a
// read of the search index. A service word is asked near many points ("plumber" near each visitor),
// so its matches are read once per data version — Lucene keeps its frequent filters as bitsets the
// same way. At 1M businesses a set is 125 KB; the least recently used go past MATCH_SETS_BYTES.
import type { Store } from '../../../db/store/store.ts';
import { KeptByBytes } from './kept-by-bytes.ts';
import { matchIdsOf } from './tier-matches.ts';

/** The memory all of a store's sets may take. */
export const MATCH_SETS_BYTES = 32 * 1024 * 1024;

export class MatchSet {
  constructor(
    private readonly bits: Uint8Array,
    /** How many ids it holds. */
    readonly size: number,
  ) {}

  /** The set of these business ids. */
  static of(ids: Uint32Array): MatchSet {
    let largest = 0;
    for (const id of ids) largest = Math.max(largest, id);
    const bits = new Uint8Array((largest >>> 3) + 1);
    for (const id of ids) bits[id >>> 3]! |= 1 << (id & 7);
    return new MatchSet(bits, ids.length);
  }

  get byteLength(): number {
    return this.bits.length;
  }

  /** Calls `visit` with each id it holds, in ascending order. */
  forEachId(visit: (id: number) => void): void {
    const bits = this.bits;
    for (let byte = 0; byte < bits.length; byte++) {
      const value = bits[byte]!;
      if (value === 0) continue;
      for (let bit = 0; bit < 8; bit++) if ((value & (1 << bit)) !== 0) visit(byte * 8 + bit);
    }
  }

  /** As a function (it is passed around as the grid's `only`). */
  readonly has = (id: number): boolean => {
    const byte = id >>> 3;
    return byte < this.bits.length && (this.bits[byte]! & (1 << (id & 7))) !== 0;
  };
}

const sets = new KeptByBytes<MatchSet>(MATCH_SETS_BYTES);

/** The set of the businesses a text in the search index's own syntax (FTS5 MATCH, tsquery) matches. */
export function matchSetOf(store: Store, text: string): Promise<MatchSet> {
  return sets.get(store, text, async () => MatchSet.of(await matchIdsOf(store, text)));
}

/** The set kept for a text, if it has been read at the store's current data version. */
export function keptMatchSet(store: Store, text: string): MatchSet | undefined {
  return sets.peek(store, text);
}
