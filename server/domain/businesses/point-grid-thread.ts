// Starts the grid's thread (db/geo/point-grid-thread-main.ts) for a SQLite file and turns its columns
// back into a grid. The thread keeps the process alive while it reads (about two seconds at 1M): a
// caller awaiting the grid with nothing else pending must not see the process end under it.
import { Worker } from 'node:worker_threads';
import { PointGrid } from '../../../db/geo/point-grid.ts';
import type { GridThreadRequest } from '../../../db/geo/point-grid-thread-main.ts';
import type { Store } from '../../../db/store/store.ts';
import { threadEntry } from '../../runtime/entry-points.ts';

type Columns = Parameters<typeof PointGrid.sorted>;

/** A reader of the whole grid on its own thread, for a store on a SQLite file; undefined otherwise
 *  (PostgreSQL's reads wait on the network, not on this process; an in-memory database has no file). */
export function gridThreadFor(store: Store): ((expected: number) => Promise<PointGrid>) | undefined {
  if (store.dialect !== 'sqlite' || store.path === ':memory:' || store.path === '') return undefined;
  const { path } = store;
  return (expected) => readGridOnThread({ path, expected });
}

function readGridOnThread(request: GridThreadRequest): Promise<PointGrid> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadEntry('grid-reader'), { workerData: request });
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
