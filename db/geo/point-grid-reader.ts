// Reads every business's coordinates for the in-memory grid (decision 0040), a slice of ids at a time
// in id order (a sequential read of the table on SQLite), so that a million rows never hold the event
// loop for long: on SQLite each slice is one synchronous read of ~15 ms, and the caller yields between
// them. The columns are typed arrays sized from the largest id (not growing JavaScript arrays: those
// left ~80 MB of garbage behind at 1M businesses).
import { largestBusinessId } from '../business-repository.ts';
import { preparedQuery } from '../query/prepared-query.ts';
import type { Store } from '../store/store.ts';
import { PointGrid } from './point-grid.ts';

/** Rows per read. */
export const GRID_SLICE_ROWS = 20_000;

const coordinatesQuery = preparedQuery('point_grid_coordinates', (db, a: { after: number; limit: number }) =>
  db
    .selectFrom('businesses')
    .select(['id', 'latitude', 'longitude', 'rank_score'])
    .where('id', '>', a.after)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .orderBy('id')
    .limit(a.limit),
);

/** Collects the coordinates slice by slice; `grid()` once `read()` has said it is done. */
export class PointGridReader {
  private ids = new Float64Array(0);
  private lats = new Float64Array(0);
  private lngs = new Float64Array(0);
  private ranks = new Float64Array(0);
  private count = 0;
  private after = 0;
  private done = false;

  constructor(
    private readonly store: Store,
    private readonly sliceRows = GRID_SLICE_ROWS,
  ) {}

  /** Reads the next slice; true when every row has been read. */
  async read(): Promise<boolean> {
    if (this.done) return true;
    if (this.after === 0 && this.ids.length === 0) {
      const largest = await largestBusinessId(this.store);
      this.reserve(Math.min(largest, 50_000_000));
    }
    const rows = await this.store.all(coordinatesQuery, { after: this.after, limit: this.sliceRows });
    this.reserve(this.count + rows.length);
    for (const row of rows) {
      const lat = Number(row.latitude);
      const lng = Number(row.longitude);
      // Outside the globe: no distance to it means anything (the import never stores such a point).
      if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) continue;
      const at = this.count++;
      this.ids[at] = Number(row.id);
      this.lats[at] = lat;
      this.lngs[at] = lng;
      this.ranks[at] = Number(row.rank_score);
    }
    if (rows.length > 0) this.after = Number(rows[rows.length - 1]!.id);
    this.done = rows.length < this.sliceRows;
    return this.done;
  }

  /** The grid of what was read; the reader lets its own columns go (~32 MB at 1M). */
  grid(): PointGrid {
    const n = this.count;
    const grid = PointGrid.build(
      this.ids.subarray(0, n),
      this.lats.subarray(0, n),
      this.lngs.subarray(0, n),
      this.ranks.subarray(0, n),
    );
    this.ids = this.lats = this.lngs = this.ranks = new Float64Array(0);
    return grid;
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
}
