// An import that at least doubles the businesses table (a site's first import, a large addition to a
// small site) writes its rows with the table's secondary indexes dropped and builds them again before
// its commit, as PostgreSQL's own advice for populating a database has it: a sorted build of each
// index costs a fraction of keeping 12 B-trees and a GiST index up to date row by row (measured at
// 100,000 rows: ~50 µs a row with every index, ~8 µs without; each index built again in 0.1–0.3 s).
// All inside the merge's one transaction, so a rollback or a kill -9 brings the indexes back with the
// old rows. The price: dropping an index locks the table against readers until the commit — fine for
// a table that holds less than the import brings, never taken for a large site (decision 0038).
import type pg from 'pg';
import { type DroppedIndexes, dropIndexes } from '../postgres/rebuilt-indexes.ts';

/** Fewer new rows than this are written with the indexes in place: their upkeep costs well under a
 *  second, not worth a lock that keeps readers out. */
export const BULK_MIN_NEW_ROWS = 1_000;

/** How long the merge waits for readers to let go of the table before it writes with the indexes in
 *  place after all (a busy site keeps being served; the import is only slower). */
const LOCK_WAIT = '2s';

/** Indexes an insert needs while it runs: the arbiter of ON CONFLICT (place_id). */
const KEPT = new Set(['businesses_place_id']);

/** SQLSTATE lock_not_available. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Drops the businesses table's secondary indexes for an insert of `newRows` rows when that is
 * cheaper and the table can be had now; null when the rows are to be written with the indexes in
 * place. Call inside the merge's transaction, before the inserts.
 */
export async function dropIndexesForBulkInsert(
  client: pg.PoolClient,
  newRows: number,
): Promise<DroppedIndexes | null> {
  if (newRows < BULK_MIN_NEW_ROWS) return null;
  const { rows: counted } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM businesses');
  if (Number(counted[0]!.n) > newRows) return null;
  // A failed statement ends a transaction unless it ran under a savepoint.
  await client.query('SAVEPOINT bulk_indexes');
  try {
    await client.query(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`);
    await client.query('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
  } catch (error) {
    if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    await client.query('ROLLBACK TO SAVEPOINT bulk_indexes');
    return null;
  }
  await client.query('SET LOCAL lock_timeout TO DEFAULT');
  await client.query('RELEASE SAVEPOINT bulk_indexes');
  return dropIndexes(client, 'businesses', 'true', KEPT);
}
