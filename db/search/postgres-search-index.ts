// The search index on PostgreSQL (decision 0035): the rows index-row.ts computes for SQLite's FTS5
// tables, written as tsvectors, with the same vocabulary counts, and read in the same rank order.
// Whoever writes businesses on PostgreSQL calls these inside the write's transaction.
import { buildIndexes, dropIndexes } from '../postgres/rebuilt-indexes.ts';
import type { PostgresStore } from '../store/store.ts';
import { businessIdOf } from './analyzer.ts';
import { type IndexedBusiness, indexRow, SOURCE_COLUMNS } from './index-row.ts';
import type { Match } from './match.ts';
import { bandsUpTo, rankBandOf, rankBandTerms } from './rank-bands.ts';
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
  // In rowid order, the order the table is best kept in (pgSearchRebuild).
  const rows = businesses.map(indexRow).sort((a, b) => a.rowid - b.rowid);
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
      rows.map((row) => businessIdOf(row.rowid)),
      rows.map((row) => `${row.terms} ${rankBandTerms(row.rowid)}`),
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

/**
 * Rebuilds the whole index from the businesses, `step` at a time, written in rank order (inside a
 * transaction: it drops the GIN indexes and builds them again after the rows): the table's
 * rows then lie in the order pages are read, so the matches of the best rank bands sit together in
 * the table and in the GIN index's lists (measured at 1M businesses: the long-tail median 53 ms with
 * the rows in id order, 19.5 ms in rank order, decision 0039). Rows written later (imports, edits)
 * go where there is room, until the next rebuild.
 */
export async function pgSearchRebuild(
  store: PostgresStore,
  step = 20_000,
  onStep?: (done: number, total: number) => void,
): Promise<void> {
  await pgSearchClear(store);
  // The GIN indexes built after the rows, sorted at once: smaller (103 MB against 129 MB at 1M) and
  // with no pending list left for every search to read through, and quicker than 60M inserts.
  const gin = await dropIndexes(store, 'search_documents', "a.amname = 'gin'");
  const { rows: order } = await store.query<{ ids: string[] | null }>(
    'SELECT array_agg(id ORDER BY rank_score DESC, id) AS ids FROM businesses',
  );
  const ids = (order[0]?.ids ?? []).map(Number);
  for (let start = 0; start < ids.length; start += step) {
    const batch = await store.query<IndexedBusiness>(
      `SELECT ${SOURCE_COLUMNS} FROM businesses WHERE id = ANY($1::bigint[])`,
      [ids.slice(start, start + step)],
    );
    await insertRows(store, batch.rows);
    onStep?.(Math.min(start + step, ids.length), ids.length);
  }
  await buildIndexes(store, gin);
}

/** How a read of matches in rank order goes (tests reach each plan on a few businesses with these). */
export interface RankedReadOptions {
  /** Up to this many matches are read from the GIN index and sorted; past it, the rank order is walked. */
  sparseMatches?: number;
  /** The last rank band of the first read (rank-bands.ts); -1: none. */
  firstBands?: number;
  /** How many matches the read of all reads at most before it narrows to rank bands. */
  probeMatches?: number;
}

/** Index rowids of the businesses matching, best rank first (the rowid order, as on SQLite). */
export async function pgMatchingRowids(
  store: PostgresStore,
  match: Match,
  limit: number,
  offset = 0,
  options: RankedReadOptions = {},
): Promise<number[]> {
  return rankedMatches(store, 'terms', match, limit, offset, options);
}

/** Up to this many matches are read from the GIN index and sorted; past it, a condition is common. */
const SPARSE_MATCHES = 5_000;
/** The first read's bands: the best 1/256 of the rank order. Tried at 1M businesses over the long-tail
 *  set (bench/search-slowest.ts), 1/256 with a probe of 1,000 read least in all: 1/64 costs more
 *  for the many specific queries whose page is not there, 1/1024 or none sends more to the probe. */
const FIRST_BANDS = 15;
/** The read of all matches reads at most this many (or 4 pages' worth) before it narrows. */
const PROBE_MATCHES = 1_000;

/**
 * Matches in rank (rowid) order. The GIN index finds matches fast but in no order, and each match
 * costs a row read for its rowid (~5 µs cached; ~50 ms for the matches of a word in 5 % of a million
 * businesses), so a page is read from the best rank bands (rank-bands.ts; decision 0039): a page
 * found among the matches of bands 0 to k is the page of all, having read only theirs.
 *
 * 1. The best 1/256 of the rank order: a common condition (in over ~3 % of the businesses, for a
 *    first page of 100) has it there, read from that share of the GIN index's lists and of the table
 *    (kept in rank order by pgSearchRebuild, so those rows lie together).
 * 2. Otherwise all matches, reading at most PROBE_MATCHES rows: a rarer condition has fewer, and its
 *    page is theirs (one GIN scan and a row per match, the cost of reading it at all).
 * 3. Otherwise the page lies within the band of the probe's `needed`-th best match: read from bands
 *    0 to that one, which hold at least that many.
 */
async function rankedMatches(
  store: PostgresStore,
  column: 'terms' | 'name',
  match: Match,
  limit: number,
  offset: number,
  options: RankedReadOptions = {},
): Promise<number[]> {
  const needed = limit + offset;
  const bound = options.sparseMatches ?? SPARSE_MATCHES;
  const tsquery = toTsquery(match);
  // Suggestions' conditions are typed prefixes, read from the names' index, which carries no bands.
  if (column === 'name' || needed > bound) return readPage(store, column, tsquery, limit, offset, bound);
  const banded = (last: number) => toTsquery({ all: [match, bandsUpTo(last)] });
  const firstBands = options.firstBands ?? FIRST_BANDS;
  if (firstBands >= 0) {
    const first = banded(firstBands);
    const found = await sparseMatches(store, column, first, limit, offset, bound);
    // As many matches in these bands as the bound: common enough to walk their rank order.
    if (!found) return orderedMatches(store, column, first, limit, offset);
    if (found.matches >= needed) return found.rowids;
  }
  const probeBound = Math.min(bound, Math.max(options.probeMatches ?? PROBE_MATCHES, 4 * needed));
  const probe = await readHits(store, column, tsquery, needed, 0, probeBound);
  if (probe.matches < probeBound) return probe.rowids.slice(offset);
  // The probe's rows are some matches (the table's first, in no promised order), of which the best
  // `needed` say how far down the rank order a page's worth surely lies.
  return readPage(store, column, banded(rankBandOf(probe.rowids[needed - 1]!)), limit, offset, bound);
}

/** A page of a condition's matches: sorted from the GIN index's, or, past `bound` of them, by walking
 *  the rank order (sparseMatches). */
async function readPage(...read: Parameters<typeof readHits>): Promise<number[]> {
  const found = await sparseMatches(...read);
  const [store, column, tsquery, limit, offset] = read;
  return found ? found.rowids : orderedMatches(store, column, tsquery, limit, offset);
}

/**
 * Two plans, which the planner cannot tell apart: its estimate for a term missing from its statistics
 * (a rare word, or one that matches nothing) is a fraction of a percent, so with `ORDER BY rowid
 * LIMIT` it walks the primary key expecting to meet the matches soon, and for a term that matches
 * nothing it reads every row (2.6 s at 1M businesses). Read from the GIN index first, at most `bound`
 * matches (a bitmap: under a millisecond for none, a few ms for thousands), sorted by the database;
 * null when there are that many: the condition is common enough that walking the rank order meets a
 * page of matches at once (orderedMatches: 1.5 ms for a word in a fifth of the businesses, where
 * sorting its 200,000 matches takes 170 ms).
 */
async function sparseMatches(
  ...read: Parameters<typeof readHits>
): Promise<{ matches: number; rowids: number[] } | null> {
  const hits = await readHits(...read);
  const bound = read[5];
  return hits.matches < bound ? hits : null;
}

/** Up to `bound` matches as the GIN index gives them: how many, and a page of them in rowid order. */
async function readHits(
  store: PostgresStore,
  column: 'terms' | 'name',
  tsquery: string,
  limit: number,
  offset: number,
  bound: number,
): Promise<{ matches: number; rowids: number[] }> {
  const { rows } = await store.query<{ matches: number; rowids: string[] | null }>(
    `WITH hits AS MATERIALIZED (SELECT rowid FROM search_documents WHERE ${column} @@ $1::tsquery LIMIT $4)
     SELECT (SELECT COUNT(*) FROM hits)::int AS matches,
            (SELECT array_agg(rowid ORDER BY rowid) FROM (SELECT rowid FROM hits ORDER BY rowid LIMIT $2 OFFSET $3) AS page) AS rowids`,
    [tsquery, limit, offset, bound],
  );
  return { matches: rows[0]?.matches ?? 0, rowids: (rows[0]?.rowids ?? []).map(Number) };
}

async function orderedMatches(
  store: PostgresStore,
  column: 'terms' | 'name',
  tsquery: string,
  limit: number,
  offset: number,
): Promise<number[]> {
  const { rows } = await store.query<{ rowid: string }>(
    `SELECT rowid FROM search_documents WHERE ${column} @@ $1::tsquery ORDER BY rowid LIMIT $2 OFFSET $3`,
    [tsquery, limit, offset],
  );
  return rows.map((row) => Number(row.rowid));
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
  return rankedMatches(store, 'name', match, limit, 0);
}

/** Which of these index rowids (a few) have names matching, best first (search-reads.ts's
 *  nameRowidsAmong). */
export async function pgNameRowidsAmong(
  store: PostgresStore,
  match: Match,
  among: readonly number[],
  limit: number,
): Promise<number[]> {
  if (among.length === 0) return [];
  const { rows } = await store.query<{ rowid: string }>(
    'SELECT rowid FROM search_documents WHERE rowid = ANY($2::bigint[]) AND name @@ $1::tsquery ORDER BY rowid LIMIT $3',
    [toTsquery(match), among, limit],
  );
  return rows.map((row) => Number(row.rowid));
}

/** The vocabulary (the query both dialects share: search-reads.ts). */
export function pgReadVocabulary(
  store: PostgresStore,
  field: VocabField,
): Promise<{ term: string; docs: number }[]> {
  return readVocabularyIn(store, field);
}
