// Reads every business's coordinates for the in-memory grid (decision 0040), a slice of ids at a time
// in id order (a sequential read of the table on SQLite), so that a million rows never hold the event
// loop for long: on SQLite each slice is one synchronous read of ~15 ms (~40 on a slow host), and the
// caller yields between them; the grid is then sorted by cell in steps too (PointGridBuilder), where
// one build held the loop ~130 ms at 1M. The columns are typed arrays sized from the largest id (not
// growing JavaScript arrays: those left ~80 MB of garbage behind at 1M businesses).
import { largestBusinessId } from '../business-repository.ts';
import { preparedQuery } from '../query/prepared-query.ts';
import type { Store } from '../store/store.ts';
import { type PointGrid, PointGridBuilder } from './point-grid.ts';

/** Rows per read. */
export const GRID_SLICE_ROWS = 5_000;

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

/** Collects the coordinates slice by slice, then sorts them a step at a time; `grid()` once `read()`
 *  has said it is done. */
export class PointGridReader {
  private ids = new Float64Array(0);
  private lats = new Float64Array(0);
  private lngs = new Float64Array(0);
  private ranks = new Float64Array(0);
  private count = 0;
  private after = 0;
  private builder: PointGridBuilder | undefined;
  private built = false;

  constructor(
    private readonly store: Store,
    private readonly sliceRows = GRID_SLICE_ROWS,
  ) {}

  /** Reads the next slice, or takes the next step of the sort; true when the grid is built. A small
   *  directory (one slice) is read and sorted at once. */
  async read(): Promise<boolean> {
    if (this.built) return true;
    if (this.builder) return this.buildStep();
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
    if (rows.length === this.sliceRows) return false;
    const n = this.count;
    this.builder = new PointGridBuilder(
      this.ids.subarray(0, n),
      this.lats.subarray(0, n),
      this.lngs.subarray(0, n),
      this.ranks.subarray(0, n),
    );
    if (n > this.sliceRows) return false;
    for (let built = false; !built; ) built = this.buildStep();
    return true;
  }

  /** The grid of what was read; the reader lets its own columns go (~32 MB at 1M). */
  grid(): PointGrid {
    if (!this.builder || !this.built) throw new Error('the grid is not read yet');
    const grid = this.builder.grid();
    this.ids = this.lats = this.lngs = this.ranks = new Float64Array(0);
    this.builder = undefined;
    return grid;
  }

  private buildStep(): boolean {
    this.built = this.builder!.next();
    return this.built;
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
