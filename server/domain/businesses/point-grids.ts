// The in-memory grid of coordinates (db/geo/point-grid.ts, decision 0040), one per store and data
// version, read as ./versioned-snapshots.ts reads every snapshot.
import type { PointGrid } from '../../../db/geo/point-grid.ts';
import { GRID_SLICE_ROWS, PointGridReader } from '../../../db/geo/point-grid-reader.ts';
import type { Store } from '../../../db/store/store.ts';
import { gridThreadFor } from './point-grid-thread.ts';
import { VersionedSnapshots } from './versioned-snapshots.ts';

const grids = new VersionedSnapshots<PointGrid>((store, sliceRows) => {
  const reader = new PointGridReader(store, sliceRows, gridThreadFor(store));
  return { read: () => reader.read(), result: () => reader.grid() };
}, GRID_SLICE_ROWS);

/** The grid of the store's current data, or undefined while a large one is being read. */
export function pointGridOf(store: Store, sliceRows?: number): Promise<PointGrid | undefined> {
  return grids.of(store, sliceRows);
}

/** Waits for a grid being read in the background (tests and benchmarks). */
export function pointGridReady(store: Store): Promise<PointGrid | undefined> {
  return grids.ready(store);
}
