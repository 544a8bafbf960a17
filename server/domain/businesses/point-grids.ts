// The in-memory grid of coordinates (db/geo/point-grid.ts, decision 0040), one per store and data
// version. A small site's grid is read in one slice while its first request waits; a large one's
// (a million businesses: ~1 s of reads in slices) is built in the background while the SQL path
// answers, and is used from the first request after it is ready. A write (any process) moves the data
// version: the next request near a point starts the next grid.

import type { PointGrid } from '../../../db/geo/point-grid.ts';
import { GRID_SLICE_ROWS, PointGridReader } from '../../../db/geo/point-grid-reader.ts';
import type { Store } from '../../../db/store/store.ts';

interface Slot {
  version: number;
  grid?: PointGrid;
  building?: Promise<void>;
}

const slots = new WeakMap<Store, Slot>();

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The grid of the store's current data, or undefined while a large one is being read (or when the
 *  store does not follow a data version: nothing could tell the grid was stale). */
export async function pointGridOf(store: Store, sliceRows = GRID_SLICE_ROWS): Promise<PointGrid | undefined> {
  const version = store.dataVersion();
  if (Number.isNaN(version)) return undefined;
  const slot = slots.get(store);
  if (slot?.version === version) return slot.grid;
  const next: Slot = { version };
  slots.set(store, next);
  const reader = new PointGridReader(store, sliceRows);
  try {
    if (await reader.read()) {
      next.grid = reader.grid();
      return next.grid;
    }
  } catch {
    slots.delete(store); // the next request tries again (and the SQL path answers this one)
    return undefined;
  }
  next.building = readRest(store, reader, next);
  return undefined;
}

async function readRest(store: Store, reader: PointGridReader, slot: Slot): Promise<void> {
  try {
    while (!(await reader.read())) {
      // Written since the grid began: it would be stale, and the next request begins another.
      if (slots.get(store) !== slot) return;
      await yieldToEventLoop();
    }
    if (slots.get(store) === slot && store.dataVersion() === slot.version) slot.grid = reader.grid();
  } catch {
    if (slots.get(store) === slot) slots.delete(store);
  } finally {
    slot.building = undefined;
  }
}

/** Waits for a grid being read in the background (tests and benchmarks). */
export async function pointGridReady(store: Store): Promise<PointGrid | undefined> {
  await pointGridOf(store);
  await slots.get(store)?.building;
  return pointGridOf(store);
}
