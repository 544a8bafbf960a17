// Reads every business's coordinates for the in-memory grid (decision 0040). A small directory (one
// slice) is read and sorted at once. A larger one, on a SQLite file, is read by a thread of its own
// when the caller gives one (`whole`: the event loop only waits for its answer); otherwise a slice of
// ids at a time in id order (a sequential read of the table on SQLite), the caller yielding between
// two, and then sorted by cell in steps too (PointGridBuilder), where one build held the loop ~130 ms
// at 1M.
import { largestBusinessId } from '../business-repository.ts';
import { preparedQuery } from '../query/prepared-query.ts';
import type { Store } from '../store/store.ts';
import { PointColumns } from './point-columns.ts';
import type { PointGrid, PointGridBuilder } from './point-grid.ts';

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

/** Reads and sorts the whole grid elsewhere; `expected` sizes its columns. */
export type WholeGridReader = (expected: number) => Promise<PointGrid>;

/** Collects the coordinates slice by slice, then sorts them a step at a time; `grid()` once `read()`
 *  has said it is done. */
export class PointGridReader {
  private columns: PointColumns | undefined;
  private after = 0;
  private expected = 0;
  private builder: PointGridBuilder | undefined;
  private readGrid: PointGrid | undefined;
  private built = false;

  constructor(
    private readonly store: Store,
    private readonly sliceRows = GRID_SLICE_ROWS,
    private whole?: WholeGridReader,
  ) {}

  /** Reads the next slice, or takes the next step of the sort, or (on a thread) all of it; true when
   *  the grid is built. */
  async read(): Promise<boolean> {
    if (this.built) return true;
    if (this.builder) return this.buildStep();
    if (!this.columns) {
      this.expected = await largestBusinessId(this.store);
      this.columns = new PointColumns(this.expected);
    } else if (this.whole) return this.readWhole(this.whole);
    const columns = this.columns;
    const rows = await this.store.all(coordinatesQuery, { after: this.after, limit: this.sliceRows });
    for (const row of rows) columns.add(row.id, row.latitude, row.longitude, row.rank_score);
    if (rows.length > 0) this.after = Number(rows[rows.length - 1]!.id);
    if (rows.length === this.sliceRows) return false;
    const small = columns.size <= this.sliceRows;
    this.builder = columns.builder();
    this.columns = undefined;
    if (!small) return false;
    for (let built = false; !built; ) built = this.buildStep();
    return true;
  }

  /** The grid of what was read; the reader lets its own columns go (~32 MB at 1M). */
  grid(): PointGrid {
    if (!this.built) throw new Error('the grid is not read yet');
    const grid = this.readGrid ?? this.builder!.grid();
    this.builder = undefined;
    this.readGrid = undefined;
    return grid;
  }

  /** The whole grid from the thread; if the thread fails, the slices go on from where the first left
   *  off, on the event loop. */
  private async readWhole(whole: WholeGridReader): Promise<boolean> {
    this.whole = undefined;
    try {
      this.readGrid = await whole(this.expected);
    } catch {
      return false;
    }
    this.columns = undefined;
    this.built = true;
    return true;
  }

  private buildStep(): boolean {
    this.built = this.builder!.next();
    return this.built;
  }
}
