// Staging and merging of imported rows. Rows are staged in short transactions while the file is
// read; the merge into the live table happens in ONE BEGIN IMMEDIATE transaction, so a crash at any
// moment leaves the live data all old or all new.
import type { Sqlite } from './connection.ts';
import { immediateTransaction } from './connection.ts';
import { ftsIndexNewRows, ftsIndexRows, ftsRebuild, ftsRemoveRows } from './fts.ts';
import type { ImportStagingTable } from './schema.ts';
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

export type StagedRow = Omit<ImportStagingTable, 'run_id' | 'existing_id'>;

const STAGE_COLUMNS = ['row_number', 'place_id', 'slug', ...IMPORTED_COLUMNS] as const;

export function createStager(sqlite: Sqlite, runId: number): (rows: readonly StagedRow[]) => void {
  const insert = sqlite.prepare(
    `INSERT INTO import_staging (run_id, ${STAGE_COLUMNS.join(', ')})
     VALUES (?, ${STAGE_COLUMNS.map(() => '?').join(', ')})`,
  );
  const stageBatch = sqlite.transaction((rows: readonly StagedRow[]) => {
    for (const row of rows) {
      insert.run(runId, ...STAGE_COLUMNS.map((column) => row[column]));
    }
  });
  return (rows) => stageBatch.immediate(rows);
}

export function clearStaging(sqlite: Sqlite, runId: number): void {
  sqlite.prepare('DELETE FROM import_staging WHERE run_id = ?').run(runId);
}

export interface MergeOptions {
  updateExisting: boolean;
  /** Picks a free slug for a staged row whose slug is already taken in the live table. `isTaken` checks
   *  the live table; the caller also checks (and records) the slugs of its own file. */
  resolveSlug: (
    row: { name: string; placeId: string; slug: string },
    isTaken: (slug: string) => boolean,
  ) => string;
  /** Runs inside the merge transaction after the rows are written (e.g. to finish the run record). */
  beforeCommit?: (result: MergeResult) => void;
  /** Compute the counts, then roll everything back. */
  dryRun?: boolean;
}

export interface MergeResult {
  imported: number;
  updated: number;
  /** Staged rows whose place_id was already in the database and that were not updated. */
  existingSkipped: number;
}

class DryRunRollback extends Error {
  constructor(readonly result: MergeResult) {
    super('dry run');
  }
}

const changedPredicate = IMPORTED_COLUMNS.map((c) => `b.${c} IS NOT s.${c}`).join(' OR ');

export function mergeStagedRows(sqlite: Sqlite, runId: number, options: MergeOptions): MergeResult {
  try {
    return immediateTransaction(sqlite, () => {
      const now = new Date().toISOString();
      sqlite
        .prepare(
          `UPDATE import_staging SET existing_id = (SELECT b.id FROM businesses b WHERE b.place_id = import_staging.place_id)
           WHERE run_id = ?`,
        )
        .run(runId);
      const counts = sqlite
        .prepare(
          `SELECT COUNT(*) AS staged, COUNT(existing_id) AS existing FROM import_staging WHERE run_id = ?`,
        )
        .get(runId) as { staged: number; existing: number };
      const totalBefore = (sqlite.prepare('SELECT COUNT(*) AS n FROM businesses').get() as { n: number }).n;

      const changedIds = options.updateExisting
        ? (
            sqlite
              .prepare(
                `SELECT b.id FROM import_staging s JOIN businesses b ON b.id = s.existing_id
                 WHERE s.run_id = ? AND (${changedPredicate})`,
              )
              .all(runId) as { id: number }[]
          ).map((r) => r.id)
        : [];
      const newRows = counts.staged - counts.existing;
      // A large change is cheaper to index from scratch than row by row.
      const rebuildIndex = newRows + changedIds.length > Math.max(1000, totalBefore * 0.2);

      if (changedIds.length > 0) {
        if (!rebuildIndex) ftsRemoveRows(sqlite, changedIds);
        sqlite
          .prepare(
            `UPDATE businesses SET ${IMPORTED_COLUMNS.map((c) => `${c} = s.${c}`).join(', ')},
               updated_at = ?, import_run_id = ?
             FROM import_staging s
             WHERE s.run_id = ? AND s.existing_id = businesses.id
               AND (${IMPORTED_COLUMNS.map((c) => `businesses.${c} IS NOT s.${c}`).join(' OR ')})`,
          )
          .run(now, runId, runId);
        if (!rebuildIndex) ftsIndexRows(sqlite, changedIds);
      }

      resolveSlugCollisions(sqlite, runId, options.resolveSlug);

      const maxIdBefore = (
        sqlite.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM businesses').get() as { id: number }
      ).id;
      const inserted = sqlite
        .prepare(
          `INSERT INTO businesses (place_id, slug, ${IMPORTED_COLUMNS.join(', ')}, created_at, updated_at, import_run_id)
           SELECT place_id, slug, ${IMPORTED_COLUMNS.join(', ')}, ?, ?, run_id
           FROM import_staging WHERE run_id = ? AND existing_id IS NULL ORDER BY row_number`,
        )
        .run(now, now, runId);

      if (rebuildIndex) ftsRebuild(sqlite);
      else if (inserted.changes > 0) ftsIndexNewRows(sqlite, maxIdBefore);
      if (inserted.changes > 0 || changedIds.length > 0) refreshAggregates(sqlite);
      // Imports hold the import lock, so these are the only staged rows: an unqualified DELETE lets
      // SQLite drop the pages wholesale instead of visiting every row.
      sqlite.prepare('DELETE FROM import_staging').run();

      const result: MergeResult = {
        imported: inserted.changes,
        updated: changedIds.length,
        existingSkipped: counts.existing - changedIds.length,
      };
      if (options.dryRun) throw new DryRunRollback(result);
      options.beforeCommit?.(result);
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
      `SELECT s.row_number AS rowNumber, s.name, s.place_id AS placeId, s.slug FROM import_staging s
       WHERE s.run_id = ? AND s.existing_id IS NULL AND EXISTS (SELECT 1 FROM businesses b WHERE b.slug = s.slug)`,
    )
    .all(runId) as { rowNumber: number; name: string; placeId: string; slug: string }[];
  if (collisions.length === 0) return;
  const takenLive = sqlite.prepare('SELECT 1 FROM businesses WHERE slug = ?').pluck();
  const setSlug = sqlite.prepare('UPDATE import_staging SET slug = ? WHERE run_id = ? AND row_number = ?');
  for (const row of collisions) {
    const slug = resolve(row, (candidate) => takenLive.get(candidate) !== undefined);
    setSlug.run(slug, runId, row.rowNumber);
  }
}
