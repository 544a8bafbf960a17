// Everything FTS5-specific lives here, so that another database (PostgreSQL's tsvector) can replace
// this one module. The index is external-content over businesses(name, category, description,
// address, city, state, zip_code, country) and is kept current explicitly: per-row triggers would slow bulk imports ~2.5×.
import type { Sqlite } from './connection.ts';

const FTS_COLUMNS = 'name, category, description, address, city, state, zip_code, country';

/** Rebuilds the whole index from the businesses table (bulk imports: ~0.25 s per 100k rows). */
export function ftsRebuild(sqlite: Sqlite): void {
  sqlite.exec(`INSERT INTO businesses_fts(businesses_fts) VALUES ('rebuild')`);
}

/** Indexes the rows with afterId < id <= upToId: a large index build in steps, so that a caller can
 *  report progress between them (after ftsClear, all ranges together equal ftsRebuild). */
export function ftsIndexIdRange(sqlite: Sqlite, afterId: number, upToId: number): void {
  sqlite
    .prepare(
      `INSERT INTO businesses_fts(rowid, ${FTS_COLUMNS}) SELECT id, ${FTS_COLUMNS} FROM businesses WHERE id > ? AND id <= ?`,
    )
    .run(afterId, upToId);
}

/** Removes rows from the index. Must run BEFORE the rows' text changes or they are deleted:
 *  an external-content index needs the old values to remove their terms. */
export function ftsRemoveRows(sqlite: Sqlite, ids: readonly number[]): void {
  const stmt = sqlite.prepare(
    `INSERT INTO businesses_fts(businesses_fts, rowid, ${FTS_COLUMNS})
     SELECT 'delete', id, ${FTS_COLUMNS} FROM businesses WHERE id = ?`,
  );
  for (const id of ids) stmt.run(id);
}

/** Adds the current text of rows to the index (after an update, following ftsRemoveRows). */
export function ftsIndexRows(sqlite: Sqlite, ids: readonly number[]): void {
  const stmt = sqlite.prepare(
    `INSERT INTO businesses_fts(rowid, ${FTS_COLUMNS}) SELECT id, ${FTS_COLUMNS} FROM businesses WHERE id = ?`,
  );
  for (const id of ids) stmt.run(id);
}

/** Empties the index (delete-all). */
export function ftsClear(sqlite: Sqlite): void {
  sqlite.exec(`INSERT INTO businesses_fts(businesses_fts) VALUES ('delete-all')`);
}

/** Turns free text typed by a visitor into a safe FTS5 query: every word becomes a quoted term, so
 *  operators, quotes and column filters in the input are inert. Empty → null.
 *  `prefix: 'every'` (service text) lets each word match longer ones ("dentist" finds "dentists");
 *  `'last'` (a place: "San Diego", "NW1 6XE") keeps the earlier words exact and only the last one a
 *  prefix, as it may still be being typed. A prefix on "san" expands to every token starting with it
 *  (measured at 1M rows: text + city searches 25 % faster, the same matches for whole city names). */
export function toFtsQuery(text: string, maxTerms = 8, prefix: 'every' | 'last' = 'every'): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, maxTerms);
  if (words.length === 0) return null;
  return words.map((w, i) => (prefix === 'every' || i === words.length - 1 ? `"${w}"*` : `"${w}"`)).join(' ');
}

/** Ids of businesses matching the text, best first (bm25, name weighted highest). */
export function ftsSearchIds(sqlite: Sqlite, text: string, limit: number): number[] {
  const query = toFtsQuery(text);
  if (!query) return [];
  const rows = sqlite
    .prepare(
      `SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?
       ORDER BY bm25(businesses_fts, 10.0, 4.0, 1.0, 1.0, 2.0, 1.0, 1.0, 1.0) LIMIT ?`,
    )
    .all(query, limit) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Consistency check used by tests and `directory doctor`-style checks. */
export function ftsIntegrityCheck(sqlite: Sqlite): void {
  sqlite.exec(`INSERT INTO businesses_fts(businesses_fts, rank) VALUES ('integrity-check', 1)`);
}
