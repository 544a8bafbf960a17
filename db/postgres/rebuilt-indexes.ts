// Indexes dropped for a bulk write and built again after it, sorted at once: the PostgreSQL manual's
// advice for populating a table, used by a site's first import (decision 0038) and by the search
// index's rebuild (decision 0039). Inside a transaction: DDL is transactional, so a rollback or a
// kill -9 brings the indexes back. The definitions as the catalog prints them (schema-qualified), so
// the migrations stay their only source.
import type { PostgresStore } from '../store/store.ts';

/** The pool's client or a store: whatever runs a statement on the transaction's connection. */
type Queryable = Pick<PostgresStore, 'query'>;

/** The indexes dropped, to build again before the commit. */
export interface DroppedIndexes {
  readonly definitions: readonly string[];
}

/**
 * Drops the indexes of `table` that `which` selects — an SQL condition over the catalog's `x`
 * (pg_index), `i` (pg_class of the index) and `a` (pg_am, its access method) — but those named in
 * `kept`; the primary key and constraints' indexes always stay.
 */
export async function dropIndexes(
  db: Queryable,
  table: string,
  which = 'true',
  kept: ReadonlySet<string> = new Set(),
): Promise<DroppedIndexes> {
  const { rows: indexes } = await db.query<{ name: string; bare: string; definition: string }>(
    `SELECT format('%I.%I', n.nspname, i.relname) AS name, i.relname AS bare, pg_get_indexdef(i.oid) AS definition
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
     JOIN pg_am a ON a.oid = i.relam
     WHERE x.indrelid = $1::regclass AND NOT x.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
       AND (${which})
     ORDER BY i.relname`,
    [table],
  );
  const dropped = indexes.filter((index) => !kept.has(index.bare));
  for (const index of dropped) await db.query(`DROP INDEX ${index.name}`);
  return { definitions: dropped.map((index) => index.definition) };
}

/** Builds the dropped indexes again (a unique one checks its rows as it is built). */
export async function buildIndexes(db: Queryable, dropped: DroppedIndexes): Promise<void> {
  // Each build sorts its entries in maintenance_work_mem (64 MB by default: a 1M-row build spills).
  await db.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const definition of dropped.definitions) await db.query(definition);
  await db.query('SET LOCAL maintenance_work_mem TO DEFAULT');
}
