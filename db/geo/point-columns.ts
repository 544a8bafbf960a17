// The coordinates read for the grid (decision 0040), gathered into typed arrays sized ahead (growing
// JavaScript arrays left ~80 MB of garbage behind at 1M businesses); shared by the reader on the
// event loop (./point-grid-reader.ts) and the one on a thread of its own (./point-grid-thread-main.ts).
import { PointGridBuilder } from './point-grid.ts';

/** Columns are sized ahead for at most this many points (a larger directory grows them as it reads). */
const MAX_RESERVED = 50_000_000;

export class PointColumns {
  private ids = new Float64Array(0);
  private lats = new Float64Array(0);
  private lngs = new Float64Array(0);
  private ranks = new Float64Array(0);
  private count = 0;

  /** Sized for `expected` points (the largest id: rows written meanwhile may still add some). */
  constructor(expected = 0) {
    this.reserve(Math.min(Math.max(expected, 0), MAX_RESERVED));
  }

  get size(): number {
    return this.count;
  }

  /** One business's row; a point outside the globe is left out (no distance to it means anything, and
   *  the import never stores one). */
  add(id: unknown, latitude: unknown, longitude: unknown, rank: unknown): void {
    const lat = Number(latitude);
    const lng = Number(longitude);
    if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) return;
    this.reserve(this.count + 1);
    const at = this.count++;
    this.ids[at] = Number(id);
    this.lats[at] = lat;
    this.lngs[at] = lng;
    this.ranks[at] = Number(rank);
  }

  /** Room for `size` points (rows written since the largest id was read may need more). */
  private reserve(size: number): void {
    if (size <= this.ids.length) return;
    const capacity = Math.max(size, this.ids.length * 2, 1_024);
    const grown = (column: Float64Array) => {
      const next = new Float64Array(capacity);
      next.set(column.subarray(0, this.count));
      return next;
    };
    this.ids = grown(this.ids);
    this.lats = grown(this.lats);
    this.lngs = grown(this.lngs);
    this.ranks = grown(this.ranks);
  }

  /** The sort of what was gathered; the columns themselves are let go (~32 MB at 1M). */
  builder(): PointGridBuilder {
    const n = this.count;
    const builder = new PointGridBuilder(
      this.ids.subarray(0, n),
      this.lats.subarray(0, n),
      this.lngs.subarray(0, n),
      this.ranks.subarray(0, n),
    );
    this.ids = this.lats = this.lngs = this.ranks = new Float64Array(0);
    return builder;
  }
}
