// Writes of the discovery indexes (decision 0026): business_geo (an R*Tree of the businesses with
// coordinates) and business_hours (each business that can be open, with its weekly-hours pattern).
// Kept by the write paths next to the search index, batch by batch, with set-based statements: the
// same upkeep by triggers made inserting rows 3–5× slower (row triggers run each statement per row).
// Callers keep the search index's order: remove a business's entries before it changes or goes,
// index it again after.
import type { Sqlite } from './connection.ts';
import { cachedStatement as cached } from './statement-cache.ts';

/** Businesses that can be open: hours given, and not closed for now or for good. */
const OPEN_CAPABLE = `b.hours IS NOT NULL AND b.business_status IS NOT 'CLOSED_PERMANENTLY'
  AND b.business_status IS NOT 'CLOSED_TEMPORARILY'`;

/** Indexes the businesses whose ids are in (afterId, upToId]. */
export function discoveryIndexIdRange(sqlite: Sqlite, afterId: number, upToId: number): void {
  indexWhere(sqlite, 'b.id > ? AND b.id <= ?', [afterId, upToId]);
}

/** Indexes the current values of businesses (after a change, following discoveryRemoveRows). */
export function discoveryIndexRows(sqlite: Sqlite, ids: readonly number[]): void {
  if (ids.length === 0) return;
  indexWhere(sqlite, 'b.id IN (SELECT value FROM json_each(?))', [JSON.stringify(ids)]);
}

function indexWhere(sqlite: Sqlite, where: string, params: unknown[]): void {
  cached(
    sqlite,
    `INSERT OR REPLACE INTO business_geo (id, min_lat, max_lat, min_lng, max_lng)
     SELECT b.id, b.latitude, b.latitude, b.longitude, b.longitude FROM businesses b
     WHERE ${where} AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL`,
  ).run(...params);
  cached(
    sqlite,
    `INSERT OR IGNORE INTO hours_patterns (hours, time_zone)
     SELECT DISTINCT b.hours, COALESCE(b.time_zone, '') FROM businesses b WHERE ${where} AND ${OPEN_CAPABLE}`,
  ).run(...params);
  cached(
    sqlite,
    `INSERT OR REPLACE INTO business_hours (business_id, pattern_id)
     SELECT b.id, p.id FROM businesses b
     JOIN hours_patterns p ON p.hours = b.hours AND p.time_zone = COALESCE(b.time_zone, '')
     WHERE ${where} AND ${OPEN_CAPABLE}`,
  ).run(...params);
}

/** Removes businesses' entries (before a change or a deletion). */
export function discoveryRemoveRows(sqlite: Sqlite, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const list = JSON.stringify(ids);
  cached(sqlite, 'DELETE FROM business_geo WHERE id IN (SELECT value FROM json_each(?))').run(list);
  cached(sqlite, 'DELETE FROM business_hours WHERE business_id IN (SELECT value FROM json_each(?))').run(
    list,
  );
}

/** Empties both indexes (delete-all, or before a rebuild). Patterns stay: they are few, and an
 *  unused one only costs its check once a minute. */
export function discoveryClear(sqlite: Sqlite): void {
  sqlite.exec('DELETE FROM business_geo; DELETE FROM business_hours;');
}

/** Rebuilds both indexes from the businesses table, in steps of `step` ids. */
export function discoveryRebuild(sqlite: Sqlite, step = 50_000): void {
  discoveryClear(sqlite);
  const maxId = sqlite.prepare('SELECT COALESCE(MAX(id), 0) FROM businesses').pluck().get() as number;
  for (let afterId = 0; afterId < maxId; afterId += step)
    discoveryIndexIdRange(sqlite, afterId, Math.min(afterId + step, maxId));
}

/** OPEN_CAPABLE in PostgreSQL's words (`IS NOT 'x'` compares only in SQLite), for a business `b`. */
export const PG_OPEN_CAPABLE = `b.hours IS NOT NULL AND b.business_status IS DISTINCT FROM 'CLOSED_PERMANENTLY'
  AND b.business_status IS DISTINCT FROM 'CLOSED_TEMPORARILY'`;

/**
 * PostgreSQL's discovery index, built from every business (a copy's target, whose hours_patterns and
 * business_hours are emptied rather than copied): the hours patterns and each business's one. It has
 * no geographic table to fill — its GiST index of the businesses' points follows the rows itself.
 * Call inside the transaction that wrote the businesses (a pg client, or a PostgreSQL store).
 */
export async function pgDiscoveryRebuild(queryable: {
  query(text: string): Promise<unknown>;
}): Promise<void> {
  await queryable.query(
    `INSERT INTO hours_patterns (hours, time_zone)
     SELECT DISTINCT b.hours, COALESCE(b.time_zone, '') FROM businesses b WHERE ${PG_OPEN_CAPABLE}
     ON CONFLICT (hours, time_zone) DO NOTHING`,
  );
  await queryable.query(
    `INSERT INTO business_hours (business_id, pattern_id)
     SELECT b.id, p.id FROM businesses b
     JOIN hours_patterns p ON p.hours = b.hours AND p.time_zone = COALESCE(b.time_zone, '')
     WHERE ${PG_OPEN_CAPABLE}
     ON CONFLICT (business_id) DO UPDATE SET pattern_id = excluded.pattern_id`,
  );
}
