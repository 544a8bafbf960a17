// The grid of coordinates read and sorted on a thread of its own (decision 0056): a
// million rows are ~2 s of work, and read on the event loop in slices they got one slice per turn of
// a loop busy with requests — under load the grid took 30 s and more, and every near request meanwhile
// took the slow SQL path. Here the thread reads the SQLite file through its own read-only connection
// in one statement (one consistent snapshot), sorts, and hands the columns back without a copy.
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { PointColumns } from './point-columns.ts';

export interface GridThreadRequest {
  path: string;
  /** Rows the columns are sized for at first (the largest id). */
  expected: number;
}

const { path, expected } = workerData as GridThreadRequest;
const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
try {
  const columns = new PointColumns(expected);
  const rows = db
    .prepare(
      `SELECT id, latitude, longitude, rank_score FROM businesses
       WHERE latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY id`,
    )
    .raw()
    .iterate() as IterableIterator<[number, number, number, number]>;
  for (const [id, lat, lng, rank] of rows) columns.add(id, lat, lng, rank);
  const builder = columns.builder();
  for (let built = false; !built; ) built = builder.next();
  const grid = builder.grid().columns();
  parentPort!.postMessage(
    grid,
    grid.map((column) => column.buffer as ArrayBuffer),
  );
} finally {
  db.close();
}
