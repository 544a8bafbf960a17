// Writes of the search index (search_fts, decision 0020): the only module that adds, removes or
// rebuilds its rows, and keeps search_vocab's counts in step. The index is contentless: each row holds
// the terms of one business (terms.ts), computed here by the analyzer, under a rowid that sorts by rank. Callers
// keep the order the old external-content index needed: remove a business's row BEFORE its text or
// rating changes (the rowid comes from them), index it again after.
import type { Sqlite } from '../connection.ts';
import { discoveryRebuild } from '../discovery-index.ts';
import { cachedStatement as cached } from '../statement-cache.ts';
import { ANALYZER_VERSION } from './analyzer.ts';
import { type IndexedBusiness, type IndexRow, indexRow, namePairs, SOURCE_COLUMNS } from './index-row.ts';
import { readSearchState, writeSearchState } from './search-state.ts';

/** Fields of search_vocab: name and category words, and their forms. */
export type VocabField = 'word' | 'form';

type VocabDelta = Map<string, number>;

function addToDelta(deltas: Record<VocabField, VocabDelta>, row: IndexRow, sign: 1 | -1): void {
  for (const field of ['word', 'form'] as const)
    for (const term of row.vocab[field]) deltas[field].set(term, (deltas[field].get(term) ?? 0) + sign);
}

function flushVocab(sqlite: Sqlite, deltas: Record<VocabField, VocabDelta>): void {
  const upsert = cached(
    sqlite,
    `INSERT INTO search_vocab (field, term, docs) VALUES (?, ?, ?)
     ON CONFLICT (field, term) DO UPDATE SET docs = docs + excluded.docs`,
  );
  for (const field of ['word', 'form'] as const) {
    for (const [term, delta] of deltas[field]) if (delta !== 0) upsert.run(field, term, delta);
    deltas[field].clear();
  }
}

const newDeltas = (): Record<VocabField, VocabDelta> => ({ word: new Map(), form: new Map() });

/** A business's row of the names' table: its name's words and places, and their pairs (computed
 *  here: only this table holds them). */
function namesText(row: IndexRow): string {
  const pairs = namePairs(row.nameWords);
  return pairs.length > 0 ? `${row.name} ${pairs.join(' ')}` : row.name;
}

/** Index rows in rowid order: FTS5 writes its pending terms out as a new segment whenever a rowid is
 *  lower than the one before, and rows inserted in id order (random in rank order) made a segment per
 *  row, 7× slower (measured). */
const inRowidOrder = (businesses: readonly IndexedBusiness[]): IndexRow[] =>
  businesses.map(indexRow).sort((a, b) => a.rowid - b.rowid);

const businessesInIdRange = (sqlite: Sqlite, afterId: number, upToId: number) =>
  cached(sqlite, `SELECT ${SOURCE_COLUMNS} FROM businesses WHERE id > ? AND id <= ?`).all(
    afterId,
    upToId,
  ) as IndexedBusiness[];

/** Calls `visit` with each range of `step` ids up to the largest, in order. */
function forEachIdStep(
  sqlite: Sqlite,
  step: number,
  visit: (afterId: number, upToId: number, maxId: number) => void,
) {
  const maxId = sqlite.prepare('SELECT COALESCE(MAX(id), 0) FROM businesses').pluck().get() as number;
  for (let afterId = 0; afterId < maxId; afterId += step)
    visit(afterId, Math.min(afterId + step, maxId), maxId);
}

function insertRows(sqlite: Sqlite, businesses: readonly IndexedBusiness[]): void {
  const insert = cached(sqlite, 'INSERT INTO search_fts (rowid, terms) VALUES (?, ?)');
  const deltas = newDeltas();
  const insertName = cached(sqlite, 'INSERT INTO search_names (rowid, name) VALUES (?, ?)');
  for (const row of inRowidOrder(businesses)) {
    insert.run(row.rowid, row.terms);
    insertName.run(row.rowid, namesText(row));
    addToDelta(deltas, row, 1);
  }
  flushVocab(sqlite, deltas);
}

/** Indexes the businesses with afterId < id <= upToId: a large build in steps, so that a caller can
 *  report progress between them (after ftsClear, all ranges together equal ftsRebuild). */
export function ftsIndexIdRange(sqlite: Sqlite, afterId: number, upToId: number): void {
  insertRows(sqlite, businessesInIdRange(sqlite, afterId, upToId));
}

/** Adds the current text of businesses to the index (after a change, following ftsRemoveRows). */
export function ftsIndexRows(sqlite: Sqlite, ids: readonly number[]): void {
  const read = cached(sqlite, `SELECT ${SOURCE_COLUMNS} FROM businesses WHERE id = ?`);
  const rows: IndexedBusiness[] = [];
  for (const id of ids) {
    const row = read.get(id) as IndexedBusiness | undefined;
    if (row) rows.push(row);
  }
  insertRows(sqlite, rows);
}

/** Removes businesses from the index. Must run BEFORE their text or rating changes: the row to
 *  remove is found from them. */
export function ftsRemoveRows(sqlite: Sqlite, ids: readonly number[]): void {
  const read = cached(sqlite, `SELECT ${SOURCE_COLUMNS} FROM businesses WHERE id = ?`);
  const remove = cached(sqlite, 'DELETE FROM search_fts WHERE rowid = ?');
  const removeName = cached(sqlite, 'DELETE FROM search_names WHERE rowid = ?');
  const deltas = newDeltas();
  for (const id of ids) {
    const business = read.get(id) as IndexedBusiness | undefined;
    if (!business) continue;
    const row = indexRow(business);
    removeName.run(row.rowid);
    if (remove.run(row.rowid).changes > 0) addToDelta(deltas, row, -1);
  }
  flushVocab(sqlite, deltas);
}

/** Empties the index and its vocabulary (delete-all, or before a rebuild). */
export function ftsClear(sqlite: Sqlite): void {
  sqlite.exec(`DELETE FROM search_fts; DELETE FROM search_names; DELETE FROM search_vocab;`);
}

/** Rebuilds the whole index from the businesses table, in steps of `step` ids, and records the
 *  analyzer version it was built with. */
export function ftsRebuild(
  sqlite: Sqlite,
  step = 20_000,
  onStep?: (doneIds: number, maxId: number) => void,
): void {
  ftsClear(sqlite);
  forEachIdStep(sqlite, step, (afterId, upToId, maxId) => {
    ftsIndexIdRange(sqlite, afterId, upToId);
    onStep?.(upToId, maxId);
  });
  // One segment per table: the batches left dozens, and queries read every segment.
  ftsCompact(sqlite);
  setIndexedAnalyzerVersion(sqlite, ANALYZER_VERSION);
  writeSearchState(sqlite, NAMES_VERSION_KEY, String(NAMES_VERSION));
  // The discovery indexes (decision 0026) are derived from the same rows: whoever rebuilds one from
  // the table (a start under a new analyzer, rows written straight into the table) needs both.
  discoveryRebuild(sqlite);
}

/** What the names' table holds beyond the names' words and places: from 2, their pairs of a word and
 *  another's first two letters (term.namePair, decision 0055). A database whose table was built
 *  before (no version recorded: 1) is given them at its next start by ftsRebuildNames, without the
 *  rest of the index: ~60 s at 1M businesses. */
export const NAMES_VERSION = 2;
const NAMES_VERSION_KEY = 'names_version';

export function indexedNamesVersion(sqlite: Sqlite): number {
  return Number(readSearchState(sqlite, NAMES_VERSION_KEY) ?? 1);
}

/** Writes the names' table again from the businesses, `step` ids at a time (the rest of the index is
 *  left as it is). */
export function ftsRebuildNames(sqlite: Sqlite, step = 20_000): void {
  sqlite.exec('DELETE FROM search_names');
  const insertName = cached(sqlite, 'INSERT INTO search_names (rowid, name) VALUES (?, ?)');
  forEachIdStep(sqlite, step, (afterId, upToId) => {
    for (const row of inRowidOrder(businessesInIdRange(sqlite, afterId, upToId)))
      insertName.run(row.rowid, namesText(row));
  });
  sqlite.exec(`INSERT INTO search_names(search_names) VALUES ('optimize')`);
  writeSearchState(sqlite, NAMES_VERSION_KEY, String(NAMES_VERSION));
}

/** The search tables, each an FTS5 index whose segments a compaction merges. */
const FTS_TABLES = ['search_fts', 'search_names'] as const;

/** Pages an index holds (rows of its data table, about one page each): how much a compaction writes. */
export function ftsPages(sqlite: Sqlite): number {
  let pages = 0;
  for (const table of FTS_TABLES)
    pages += sqlite.prepare(`SELECT COUNT(*) FROM ${table}_data`).pluck().get() as number;
  return pages;
}

/**
 * Merges each search table's segments into one, as 'optimize' does, but a step at a time: each step
 * its own write transaction of about `pagesPerStep` pages, so other writers wait at most one step.
 * Every import adds segments of its own, and a query reads every segment (measured at 1M businesses
 * after ten imports: long-tail searches 8.2 → 4.4 ms on average once merged; the merge takes ~5 s
 * there). FTS5's recipe: a negative 'merge' first (all segments to one level), then positive ones
 * until a step changes nothing (fewer than two changes).
 */
export function ftsCompact(
  sqlite: Sqlite,
  onStep?: (pagesWritten: number) => void,
  pagesPerStep = 1_000,
): void {
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  let written = 0;
  for (const table of FTS_TABLES) {
    const merge = sqlite.prepare(`INSERT INTO ${table}(${table}, rank) VALUES ('merge', ?)`);
    for (let first = true; ; first = false) {
      const before = totalChanges.get() as number;
      merge.run(first ? -pagesPerStep : pagesPerStep);
      const changed = (totalChanges.get() as number) - before;
      if (changed < 2) break;
      written += pagesPerStep;
      onStep?.(written);
    }
  }
}

/** The analyzer version the index was built with (null: never built, e.g. just migrated). */
export function indexedAnalyzerVersion(sqlite: Sqlite): number | null {
  const value = readSearchState(sqlite, 'analyzer_version');
  return value === undefined ? null : Number(value);
}

export function setIndexedAnalyzerVersion(sqlite: Sqlite, version: number): void {
  writeSearchState(sqlite, 'analyzer_version', String(version));
}

/** Consistency check of the FTS5 structure (tests). */
export function ftsIntegrityCheck(sqlite: Sqlite): void {
  sqlite.exec(`INSERT INTO search_fts(search_fts, rank) VALUES ('integrity-check', 1)`);
  sqlite.exec(`INSERT INTO search_names(search_names, rank) VALUES ('integrity-check', 1)`);
}

/** Number of rows in the index (tests: one per business). */
export function ftsRowCount(sqlite: Sqlite): number {
  return sqlite.prepare('SELECT COUNT(*) FROM search_fts').pluck().get() as number;
}
