// Starts the grid's thread (db/geo/point-grid-thread-main.ts) for a SQLite file and turns its columns
// back into a grid. The thread keeps the process alive while it reads (about two seconds at 1M): a
// caller awaiting the grid with nothing else pending must not see the process end under it. One thread
// per store at a time: a read is asked for only when the data version has moved, so the one running is
// already stale, and during an import (a new version every batch) stale threads would pile up, each
// with ~80 MB of columns at 1M.
import { Worker } from 'node:worker_threads';
import { PointGrid } from '../../../db/geo/point-grid.ts';
import type { WholeGridReader } from '../../../db/geo/point-grid-reader.ts';
import type { GridThreadRequest } from '../../../db/geo/point-grid-thread-main.ts';
import type { Store } from '../../../db/store/store.ts';
import { threadEntry } from '../../runtime/entry-points.ts';

type Columns = Parameters<typeof PointGrid.sorted>;

const running = new WeakMap<Store, Worker>();

/** A reader of the whole grid on its own thread, for a store on a SQLite file; undefined otherwise
 *  (PostgreSQL's reads wait on the network, not on this process; an in-memory database has no file). */
export function gridThreadFor(store: Store): WholeGridReader | undefined {
  if (store.dialect !== 'sqlite' || store.path === ':memory:' || store.path === '') return undefined;
  const { path } = store;
  return (expected) => {
    // The stale read's promise rejects; its reader sees its version gone and stops (versioned-snapshots).
    void running.get(store)?.terminate();
    const workerData: GridThreadRequest = { path, expected };
    const worker = new Worker(threadEntry('grid-reader'), { workerData });
    running.set(store, worker);
    return gridFrom(worker).finally(() => {
      if (running.get(store) === worker) running.delete(store);
    });
  };
}

function gridFrom(worker: Worker): Promise<PointGrid> {
  return new Promise((resolve, reject) => {
    let grid: PointGrid | undefined;
    worker.once('message', (columns: Columns) => {
      grid = PointGrid.sorted(...columns);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (grid) resolve(grid);
      else reject(new Error(`the grid's thread stopped (exit code ${code}) without a grid`));
    });
  });
}
