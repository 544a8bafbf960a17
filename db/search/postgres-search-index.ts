// The search index on PostgreSQL (decision 0035): the rows index-row.ts computes for SQLite's FTS5
// tables, written as tsvectors, with the same vocabulary counts, and read in the same rank order.
// Whoever writes businesses on PostgreSQL calls these inside the write's transaction.
import type { PostgresStore } from '../store/store.ts';
import { businessIdOf } from './analyzer.ts';
import { type IndexedBusiness, indexRow, SOURCE_COLUMNS } from './index-row.ts';
import type { Match } from './match.ts';
import { readVocabularyIn } from './search-reads.ts';
import { toTsquery } from './tsquery.ts';

type VocabField = 'word' | 'form';
/** The vocabulary's fields as the terms carry them (terms.ts: w_ words, f_ forms). */
const FIELD_OF_PREFIX: Record<string, VocabField> = { w_: 'word', f_: 'form' };

type Deltas = Map<string, { field: VocabField; term: string; delta: number }>;

function addDelta(deltas: Deltas, field: VocabField, term: string, delta: number): void {
  const key = `${field}\u0000${term}`;
  const entry = deltas.get(key);
  if (entry) entry.delta += delta;
  else deltas.set(key, { field, term, delta });
}

async function flushVocab(store: PostgresStore, deltas: Deltas): Promise<void> {
  const changed = [...deltas.values()].filter((entry) => entry.delta !== 0);
  if (changed.length === 0) return;
  await store.query(
    `INSERT INTO search_vocab (field, term, docs)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
     ON CONFLICT (field, term) DO UPDATE SET docs = search_vocab.docs + excluded.docs`,
    [
      changed.map((entry) => entry.field),
      changed.map((entry) => entry.term),
      changed.map((entry) => entry.delta),
    ],
  );
}

/** Adds counts to the vocabulary, by term as the index writes it (`w_word`, `f_form`; other terms are
 *  not counted): an import's new rows, whose index rows it wrote itself (db/import/postgres-merge.ts). */
export async function pgAddVocabulary(
  store: PostgresStore,
  counts: ReadonlyMap<string, number>,
): Promise<void> {
  const deltas: Deltas = new Map();
  for (const [prefixed, count] of counts) {
    const field = FIELD_OF_PREFIX[prefixed.slice(0, 2)];
    if (field) addDelta(deltas, field, prefixed.slice(2), count);
  }
  await flushVocab(store, deltas);
}

/** Adds businesses' current rows (after their text changed, following pgSearchRemove). */
export async function pgSearchIndex(store: PostgresStore, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await store.query<IndexedBusiness>(
    `SELECT ${SOURCE_COLUMNS} FROM businesses WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  await insertRows(store, rows);
}

async function insertRows(store: PostgresStore, businesses: readonly IndexedBusiness[]): Promise<void> {
  if (businesses.length === 0) return;
  const rows = businesses.map(indexRow);
  const deltas: Deltas = new Map();
  for (const row of rows)
    for (const field of ['word', 'form'] as const)
      for (const term of row.vocab[field]) addDelta(deltas, field, term, 1);
  await store.query(
    `INSERT INTO search_documents (rowid, business_id, terms, name)
       SELECT r, b, array_to_tsvector(array_remove(string_to_array(t, ' '), '')),
              array_to_tsvector(array_remove(string_to_array(n, ' '), ''))
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS u(r, b, t, n)`,
    [
      rows.map((row) => row.rowid),
      businesses.map((b) => b.id),
      rows.map((row) => row.terms),
      rows.map((row) => row.name),
    ],
  );
  await flushVocab(store, deltas);
}

/** Removes businesses' rows. Unlike FTS5's contentless rows, a tsvector can be read back, so the
 *  vocabulary is counted down from the stored terms and the order against text changes is free. */
export async function pgSearchRemove(store: PostgresStore, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await store.query<{ terms: string[] }>(
    'DELETE FROM search_documents WHERE business_id = ANY($1::bigint[]) RETURNING tsvector_to_array(terms) AS terms',
    [ids],
  );
  const deltas: Deltas = new Map();
  for (const row of rows)
    for (const term of row.terms) {
      const field = FIELD_OF_PREFIX[term.slice(0, 2)];
      if (field) addDelta(deltas, field, term.slice(2), -1);
    }
  await flushVocab(store, deltas);
}

export async function pgSearchClear(store: PostgresStore): Promise<void> {
  await store.query('TRUNCATE search_documents, search_vocab');
}

/** Rebuilds the whole index from the businesses, in steps of `step` ids. */
export async function pgSearchRebuild(
  store: PostgresStore,
  step = 20_000,
  onStep?: (doneIds: number, maxId: number) => void,
): Promise<void> {
  await pgSearchClear(store);
  const { rows } = await store.query<{ max: number }>(
    'SELECT COALESCE(MAX(id), 0)::bigint AS max FROM businesses',
  );
  const maxId = rows[0]?.max ?? 0;
  for (let afterId = 0; afterId < maxId; afterId += step) {
    const upTo = Math.min(afterId + step, maxId);
    const batch = await store.query<IndexedBusiness>(
      `SELECT ${SOURCE_COLUMNS} FROM businesses WHERE id > $1 AND id <= $2`,
      [afterId, upTo],
    );
    await insertRows(store, batch.rows);
    onStep?.(upTo, maxId);
  }
}

/** Index rowids of the businesses matching, best rank first (the rowid order, as on SQLite). */
export async function pgMatchingRowids(
  store: PostgresStore,
  match: Match,
  limit: number,
  offset = 0,
  sparseMatches = SPARSE_MATCHES,
): Promise<number[]> {
  return rankedMatches(store, 'terms', toTsquery(match), limit, offset, sparseMatches);
}

/** Up to this many matches are read from the GIN index and sorted; past it, a condition is common
 *  (pgMatchingRowids takes another bound so that a test reaches both plans on a few businesses). */
const SPARSE_MATCHES = 5_000;

/**
 * Matches in rank (rowid) order, by whichever of two plans suits the condition — the planner cannot
 * tell them apart: its estimate for a term missing from its statistics (a rare word, or one that
 * matches nothing) is a fraction of a percent, so with `ORDER BY rowid LIMIT` it walks the primary key
 * expecting to meet the matches soon, and for a term that matches nothing it reads every row (2.6 s at
 * 1M businesses). Read from the GIN index first, at most SPARSE_MATCHES (a bitmap: under a millisecond
 * for none, a few ms for thousands), sorted here by the database; only when there are more than that
 * is the condition common enough that walking the rank order meets a page of matches at once (1.5 ms
 * for a word in a fifth of the businesses, where sorting its 200,000 matches takes 170 ms).
 */
async function rankedMatches(
  store: PostgresStore,
  column: 'terms' | 'name',
  tsquery: string,
  limit: number,
  offset: number,
  sparseMatches = SPARSE_MATCHES,
): Promise<number[]> {
  const sparse = await store.query<{ matches: number; rowids: number[] | null }>(
    `WITH hits AS MATERIALIZED (SELECT rowid FROM search_documents WHERE ${column} @@ $1::tsquery LIMIT $4)
     SELECT (SELECT COUNT(*) FROM hits)::int AS matches,
            (SELECT array_agg(rowid) FROM (SELECT rowid FROM hits ORDER BY rowid LIMIT $2 OFFSET $3) AS page) AS rowids`,
    [tsquery, limit, offset, sparseMatches],
  );
  const first = sparse.rows[0];
  if (first && first.matches < sparseMatches) return (first.rowids ?? []).map(Number);
  const { rows } = await store.query<{ rowid: number }>(
    `SELECT rowid FROM search_documents WHERE ${column} @@ $1::tsquery ORDER BY rowid LIMIT $2 OFFSET $3`,
    [tsquery, limit, offset],
  );
  return rows.map((row) => row.rowid);
}

export async function pgMatchingIds(
  store: PostgresStore,
  match: Match,
  limit: number,
  offset = 0,
): Promise<number[]> {
  return (await pgMatchingRowids(store, match, limit, offset)).map(businessIdOf);
}

/** How many businesses match, counting at most `cap`. */
export async function pgCountMatching(store: PostgresStore, match: Match, cap: number): Promise<number> {
  const { rows } = await store.query<{ count: number }>(
    'SELECT COUNT(*)::bigint AS count FROM (SELECT 1 FROM search_documents WHERE terms @@ $1::tsquery LIMIT $2) AS hits',
    [toTsquery(match), cap],
  );
  return rows[0]?.count ?? 0;
}

/** Whether any business matches. Materialised so that the planner reads the GIN index: asked with a
 *  LIMIT, it expects an unknown term to be common and scans every row for it (0.2 s at 200,000). */
export async function pgAnyMatching(store: PostgresStore, match: Match): Promise<boolean> {
  const { rows } = await store.query<{ found: boolean }>(
    `WITH hits AS MATERIALIZED (SELECT 1 FROM search_documents WHERE terms @@ $1::tsquery)
     SELECT EXISTS (SELECT 1 FROM hits) AS found`,
    [toTsquery(match)],
  );
  return rows[0]?.found ?? false;
}

/** Ids of businesses whose name row matches (suggestions), best rank first. */
export async function pgNameMatchingRowids(
  store: PostgresStore,
  match: Match,
  limit: number,
): Promise<number[]> {
  return rankedMatches(store, 'name', toTsquery(match), limit, 0);
}

/** The vocabulary (the query both dialects share: search-reads.ts). */
export function pgReadVocabulary(
  store: PostgresStore,
  field: VocabField,
): Promise<{ term: string; docs: number }[]> {
  return readVocabularyIn(store, field);
}
