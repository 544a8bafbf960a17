// Staging and merging of imported rows. Rows are staged in short transactions while the file is
// read; the merge into the live table happens in ONE BEGIN IMMEDIATE transaction, so a crash at any
// moment leaves the live data all old or all new (its statements run in batches only to report progress).
// The staging table is a TEMP table of the importing connection: only that connection ever reads it,
// and it goes with the connection (or the process), so a crash leaves nothing behind to clean up. Kept
// in the database file, 100,000 staged rows were written twice (WAL, then checkpoint: ~290 of the
// import's 718 MB of disk writes) and left ~140 MB of free pages in the file.
import type { Sqlite } from './connection.ts';
import { immediateTransaction } from './connection.ts';
import { ftsClear, ftsIndexIdRange, ftsIndexRows, ftsRemoveRows } from './search/fts-index.ts';
import {
  discoveryClear,
  discoveryIndexIdRange,
  discoveryIndexRows,
  discoveryRemoveRows,
} from './discovery-index.ts';
import type { ImportStagingTable } from './schema.ts';
import {
  applyUpdates,
  type BusinessUpdate,
  createUpdatesTable,
  plannedUpdateIds,
  planUpdates,
  type RowIssue,
  type UpdateListing,
  type UpdatePlanTotals,
} from './import-updates.ts';
import { refreshAggregates } from './stats-repository.ts';

/** The business columns an import writes (everything but id, slug, SEO fields and times). */
export const IMPORTED_COLUMNS = [
  'name',
  'category',
  'category_group',
  'description',
  'address',
  'city',
  'city_key',
  'state',
  'country',
  'country_code',
  'zip_code',
  'phone',
  'phone_international',
  'email',
  'website',
  'rating',
  'review_count',
  'is_verified',
  'photos',
  'location_link',
  'latitude',
  'longitude',
  'time_zone',
  'hours',
  'hours_text',
  'attributes',
  'business_status',
] as const;
export type ImportedColumn = (typeof IMPORTED_COLUMNS)[number];

export type StagedRow = Omit<ImportStagingTable, 'run_id' | 'existing_id'>;

/** What a staged row carries beyond the imported columns: which fields the file gave (an update writes
 *  only those, see import-updates.ts) and the site's own fields an export of this directory carries. */
export interface StagedExtras {
  /** Bits of db/business-fields.ts: the fields the row gives. */
  present_mask: number;
  /** Fields the row gives only to fill an empty stored value (a time zone guessed from the state). */
  fill_mask: number;
  /** The business id the file asks for (an export's id), used when it is free. */
  given_id: number | null;
  about: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  created_at: string | null;
  updated_at: string | null;
}

const EXTRA_COLUMNS = [
  'present_mask',
  'fill_mask',
  'given_id',
  'about',
  'seo_title',
  'seo_description',
  'canonical_url',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof StagedExtras)[];

/** The site's columns an insert takes from the file when it has them. */
export const SITE_TEXT_COLUMNS = ['about', 'seo_title', 'seo_description', 'canonical_url'] as const;

/** The staged columns, in the order both dialects stage them. */
export const STAGE_COLUMNS = [
  'row_number',
  'place_id',
  'slug',
  ...IMPORTED_COLUMNS,
  ...EXTRA_COLUMNS,
] as const;

/** Creates this connection's staging table (if it has none yet), its imported columns declared as
 *  the live table declares them. */
function ensureStagingTable(sqlite: Sqlite): void {
  const live = new Map(
    (sqlite.pragma('main.table_info(businesses)') as { name: string; type: string; notnull: number }[]).map(
      (column) => [column.name, `${column.type}${column.notnull ? ' NOT NULL' : ''}`],
    ),
  );
  sqlite.exec(
    `CREATE TEMP TABLE IF NOT EXISTS import_staging (
       run_id INTEGER NOT NULL, row_number INTEGER NOT NULL, place_id TEXT NOT NULL, slug TEXT NOT NULL,
       existing_id INTEGER, ${IMPORTED_COLUMNS.map((column) => `${column} ${live.get(column) ?? ''}`).join(', ')},
       present_mask INTEGER NOT NULL, fill_mask INTEGER NOT NULL, given_id INTEGER, about TEXT,
       seo_title TEXT, seo_description TEXT, canonical_url TEXT, created_at TEXT, updated_at TEXT
     );
     CREATE INDEX IF NOT EXISTS temp.import_staging_run ON import_staging (run_id, row_number);`,
  );
}

/** Stages rows on this connection, which must then run the merge (the table is its own). */
export function createStager(
  sqlite: Sqlite,
  runId: number,
): (rows: readonly (StagedRow & StagedExtras)[]) => void {
  ensureStagingTable(sqlite);
  // Named parameters bind straight from the row object: no array of 40 values built per row.
  const insert = sqlite.prepare(
    `INSERT INTO temp.import_staging (run_id, ${STAGE_COLUMNS.join(', ')})
     VALUES (${Math.trunc(runId)}, ${STAGE_COLUMNS.map((column) => `@${column}`).join(', ')})`,
  );
  const stageBatch = sqlite.transaction((rows: readonly (StagedRow & StagedExtras)[]) => {
    for (const row of rows) insert.run(row);
  });
  return (rows) => stageBatch.immediate(rows);
}

/** The steps of the merge, in order (the import report's steps, server/contract/import-progress.ts). */
export type MergeStep =
  | 'matching'
  | 'writing'
  | 'indexing'
  | 'counting'
  | 'committing'
  | 'compacting'
  | 'checkpointing';

export interface MergeProgress {
  step: MergeStep;
  /** How far the step is, in staged rows (0…mergeTotal): matching, writing and indexing go in batches,
   *  counting in its parts (cities, categories, countries, totals) scaled to mergeTotal; committing is
   *  one operation, reported once at its start (0). */
  rowsMerged: number;
  /** Staged rows of the run. */
  mergeTotal: number;
}

export interface MergeOptions {
  updateExisting: boolean;
  /** Picks a free slug for a staged row whose slug is already taken in the live table. `isTaken` checks
   *  the live table; the caller also checks (and records) the slugs of its own file. */
  resolveSlug: (
    row: { rowNumber: number; name: string; placeId: string; slug: string },
    isTaken: (slug: string) => boolean,
  ) => string;
  /** The slugs resolveSlug may ask isTaken about for a row: PostgreSQL looks them up in one query
   *  beforehand, so that isTaken stays synchronous (SQLite asks its connection directly). */
  slugCandidates?: (row: { name: string; placeId: string; slug: string }) => readonly string[];
  /** Runs inside the merge transaction after the rows are written (e.g. to finish the run record). */
  beforeCommit?: (result: MergeResult) => void;
  /** Compute the counts, then roll everything back. */
  dryRun?: boolean;
  /** Called at the start of each step and after each batch of rows, still inside the transaction. */
  onProgress?: (progress: MergeProgress) => void;
  /** Staged rows per batch (tests use small ones). */
  batchRows?: number;
  /** Cap on the updates and kept edits the result lists (their totals are exact). */
  maxListed?: number;
}

export interface MergeResult {
  imported: number;
  updated: number;
  /** Staged rows whose place_id was already in the database, when the import does not update. */
  existingSkipped: number;
  /** Update imports: staged rows of stored businesses that change nothing. */
  unchanged: number;
  /** Update imports: fields left as the administrator edited them. */
  keptEdits: number;
  /** Update imports: the changed businesses, field by field (up to maxListed). */
  updates: BusinessUpdate[];
  /** Update imports: one notice per field kept as edited (up to maxListed). */
  keptEditNotices: RowIssue[];
}

class DryRunRollback extends Error {
  constructor(readonly result: MergeResult) {
    super('dry run');
  }
}

/** Measured on 100k rows: a batch of this size takes ~0.1–0.2 s, so progress moves several times a
 *  second, while the per-statement overhead stays negligible. */
export const MERGE_BATCH_ROWS = 5000;
export const DEFAULT_MAX_LISTED = 1000;

export interface Batch {
  /** row_number range [from, to) of the staged rows. */
  from: number;
  to: number;
  rows: number;
}

/** Splits the run's staged rows into row_number ranges of `size` rows. Ranges of row_number (not
 *  rowid) keep the inserts in exactly the file's order, as one ORDER BY row_number statement did. */
function stagedBatches(sqlite: Sqlite, runId: number, size: number): Batch[] {
  const rowNumbers = sqlite
    .prepare('SELECT row_number FROM temp.import_staging WHERE run_id = ? ORDER BY row_number')
    .pluck()
    .all(runId) as number[];
  return batchesOf(rowNumbers, size);
}

/** The batches of `size` rows over the staged rows' numbers, in order (both dialects batch so). */
export function batchesOf(rowNumbers: readonly number[], size: number): Batch[] {
  const batches: Batch[] = [];
  for (let i = 0; i < rowNumbers.length; i += size) {
    const from = rowNumbers[i] as number;
    const next = rowNumbers[i + size];
    const to = next ?? (rowNumbers[rowNumbers.length - 1] as number) + 1;
    batches.push({ from, to, rows: Math.min(size, rowNumbers.length - i) });
  }
  return batches;
}

function maxBusinessId(sqlite: Sqlite): number {
  return sqlite.prepare('SELECT COALESCE(MAX(id), 0) FROM businesses').pluck().get() as number;
}

/** Merges the staged rows into the live table in ONE transaction (all old or all new after a crash).
 *  The large statements run in batches of staged rows inside it, only so that progress can be
 *  reported between them: a single statement over 100k rows reports nothing for seconds. */
export function mergeStagedRows(sqlite: Sqlite, runId: number, options: MergeOptions): MergeResult {
  try {
    return immediateTransaction(sqlite, () => {
      const now = new Date().toISOString();
      const batchRows = Math.max(1, options.batchRows ?? MERGE_BATCH_ROWS);
      const batches = stagedBatches(sqlite, runId, batchRows);
      const mergeTotal = batches.reduce((sum, batch) => sum + batch.rows, 0);
      const report = (step: MergeStep, rowsMerged: number) =>
        options.onProgress?.({ step, rowsMerged, mergeTotal });
      const inBatch = 's.run_id = ? AND s.row_number >= ? AND s.row_number < ?';

      report('matching', 0);
      const match = sqlite.prepare(
        `UPDATE temp.import_staging AS s SET existing_id = (SELECT b.id FROM businesses b WHERE b.place_id = s.place_id)
         WHERE ${inBatch}`,
      );
      const totals: UpdatePlanTotals = { changed: 0, unchanged: 0, keptEdits: 0 };
      const listing: UpdateListing = {
        maxListed: options.maxListed ?? DEFAULT_MAX_LISTED,
        updates: [],
        keptEdits: [],
      };
      if (options.updateExisting) createUpdatesTable(sqlite);
      let done = 0;
      for (const batch of batches) {
        match.run(runId, batch.from, batch.to);
        // Which stored values each matched row changes is decided here, field by field (import-updates.ts).
        if (options.updateExisting) planUpdates(sqlite, runId, batch, totals, listing);
        done += batch.rows;
        report('matching', done);
      }
      const counts = sqlite
        .prepare(
          `SELECT COUNT(*) AS staged, COUNT(existing_id) AS existing FROM temp.import_staging WHERE run_id = ?`,
        )
        .get(runId) as { staged: number; existing: number };
      const totalBefore = (sqlite.prepare('SELECT COUNT(*) AS n FROM businesses').get() as { n: number }).n;
      const changedIds = options.updateExisting ? plannedUpdateIds(sqlite) : [];
      const newRows = counts.staged - counts.existing;
      // Rebuilding writes every row of the index, indexing the change only its rows (the index is written
      // row by row either way, decision 0020): rebuild only when the change is most of the table.
      const rebuildIndex = newRows + 2 * changedIds.length > Math.max(1000, totalBefore);

      // An id the file asks for (an export's) is kept when no business has it; a matched row keeps its own.
      sqlite
        .prepare(
          `UPDATE temp.import_staging SET given_id = NULL WHERE run_id = ? AND given_id IS NOT NULL
             AND (existing_id IS NOT NULL OR EXISTS (SELECT 1 FROM businesses b WHERE b.id = given_id))`,
        )
        .run(runId);
      const givenIds = sqlite
        .prepare('SELECT COUNT(*) FROM temp.import_staging WHERE run_id = ? AND given_id IS NOT NULL')
        .pluck()
        .get(runId) as number;

      // Updates never change a slug, so the collisions can be settled before any row is written.
      resolveSlugCollisions(sqlite, runId, options.resolveSlug);
      if (changedIds.length > 0 && !rebuildIndex) {
        ftsRemoveRows(sqlite, changedIds);
        discoveryRemoveRows(sqlite, changedIds);
      }
      const maxIdBefore = maxBusinessId(sqlite);

      // Updates touch only existing rows and inserts only new ones, so doing both batch by batch
      // writes the same rows, ids and values as all the updates followed by all the inserts. Rows with
      // an id of their own go in first, so that no row numbered by SQLite takes an id asked for later.
      const insertColumns = `place_id, slug, ${IMPORTED_COLUMNS.join(', ')}, ${SITE_TEXT_COLUMNS.join(', ')}`;
      const insertSql = (withId: boolean) =>
        `INSERT INTO businesses (${withId ? 'id, ' : ''}${insertColumns}, created_at, updated_at, import_run_id)
         SELECT ${withId ? 'given_id, ' : ''}${insertColumns}, COALESCE(created_at, ?), COALESCE(updated_at, ?), run_id
         FROM temp.import_staging s WHERE ${inBatch} AND s.existing_id IS NULL
           AND s.given_id IS ${withId ? 'NOT NULL' : 'NULL'} ORDER BY s.row_number`;
      const insertWithId = sqlite.prepare(insertSql(true));
      const insert = sqlite.prepare(insertSql(false));
      report('writing', 0);
      let inserted = 0;
      const passes = givenIds > 0 ? 2 : 1;
      // Progress in staged rows; with two passes each counts for half.
      let passedRows = 0;
      const passed = (rows: number) => {
        passedRows += rows;
        report('writing', Math.round(passedRows / passes));
      };
      if (givenIds > 0) {
        for (const batch of batches) {
          inserted += insertWithId.run(now, now, runId, batch.from, batch.to).changes;
          passed(batch.rows);
        }
      }
      for (const batch of batches) {
        if (changedIds.length > 0) applyUpdates(sqlite, batch, now, runId);
        if (newRows > 0) inserted += insert.run(now, now, runId, batch.from, batch.to).changes;
        passed(batch.rows);
      }
      if (changedIds.length > 0 && !rebuildIndex) {
        ftsIndexRows(sqlite, changedIds);
        discoveryIndexRows(sqlite, changedIds);
      }

      // The index is built in id ranges (delete-all, then every row) rather than with one 'rebuild'
      // statement, which took ~2 s on 100k rows without a word of progress.
      report('indexing', 0);
      if (rebuildIndex || inserted > 0) {
        const fromId = rebuildIndex ? 0 : maxIdBefore;
        const maxId = maxBusinessId(sqlite);
        if (rebuildIndex) {
          ftsClear(sqlite);
          discoveryClear(sqlite);
        } else if (givenIds > 0) {
          // Ids asked for below the old maximum (gaps left by deletions) are outside the range below.
          const belowRange = sqlite
            .prepare(
              'SELECT given_id FROM temp.import_staging WHERE run_id = ? AND given_id IS NOT NULL AND given_id <= ?',
            )
            .pluck()
            .all(runId, fromId) as number[];
          if (belowRange.length > 0) {
            ftsIndexRows(sqlite, belowRange);
            discoveryIndexRows(sqlite, belowRange);
          }
        }
        const step = batchRows * 2;
        const rowsToIndex = maxId - fromId;
        for (let afterId = fromId; afterId < maxId; afterId += step) {
          ftsIndexIdRange(sqlite, afterId, Math.min(afterId + step, maxId));
          discoveryIndexIdRange(sqlite, afterId, Math.min(afterId + step, maxId));
          report(
            'indexing',
            Math.round((Math.min(afterId + step, maxId) - fromId) * (mergeTotal / rowsToIndex)),
          );
        }
      }
      report('counting', 0);
      if (inserted > 0 || changedIds.length > 0)
        refreshAggregates(sqlite, (done, parts) =>
          report('counting', Math.round((mergeTotal * done) / parts)),
        );
      // This connection's staging holds only this run's rows: an unqualified DELETE lets SQLite drop the
      // pages wholesale instead of visiting every row.
      sqlite.prepare('DELETE FROM temp.import_staging').run();
      if (options.updateExisting) sqlite.prepare('DELETE FROM temp.import_updates').run();

      const result: MergeResult = {
        imported: inserted,
        updated: changedIds.length,
        existingSkipped: options.updateExisting ? 0 : counts.existing,
        unchanged: totals.unchanged,
        keptEdits: totals.keptEdits,
        updates: listing.updates,
        keptEditNotices: listing.keptEdits,
      };
      if (options.dryRun) throw new DryRunRollback(result);
      options.beforeCommit?.(result);
      // Writing the transaction out takes up to ~1 s on 100k rows: say so rather than stand still.
      report('committing', 0);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}

function resolveSlugCollisions(sqlite: Sqlite, runId: number, resolve: MergeOptions['resolveSlug']): void {
  const collisions = sqlite
    .prepare(
      `SELECT s.row_number AS rowNumber, s.name, s.place_id AS placeId, s.slug FROM temp.import_staging s
       WHERE s.run_id = ? AND s.existing_id IS NULL AND EXISTS (SELECT 1 FROM businesses b WHERE b.slug = s.slug)`,
    )
    .all(runId) as { rowNumber: number; name: string; placeId: string; slug: string }[];
  if (collisions.length === 0) return;
  const takenLive = sqlite.prepare('SELECT 1 FROM businesses WHERE slug = ?').pluck();
  const setSlug = sqlite.prepare(
    'UPDATE temp.import_staging SET slug = ? WHERE run_id = ? AND row_number = ?',
  );
  for (const row of collisions) {
    const slug = resolve(row, (candidate) => takenLive.get(candidate) !== undefined);
    setSlug.run(slug, runId, row.rowNumber);
  }
}
