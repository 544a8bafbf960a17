// Applies the migrations in db/migrations/ (at server boot and by `directory migrate`).
import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import * as initial from './migrations/2026-11-22T0000-initial.ts';
import * as adminAuth from './migrations/2026-11-22T0100-admin-auth.ts';
import * as businessSubmissions from './migrations/2026-11-22T0300-business-submissions.ts';
import * as adminFilterIndex from './migrations/2026-11-22T0400-admin-filter-index.ts';
import * as stagingOffTheFile from './migrations/2026-11-25T0000-staging-off-the-file.ts';
import * as searchIndex from './migrations/2026-11-26T0000-search-index.ts';
import * as editedFields from './migrations/2026-11-27T0000-edited-fields.ts';
import * as submissionQueue from './migrations/2026-11-27T0100-submission-queue.ts';
import * as adminSortIndexes from './migrations/2026-11-27T0200-admin-sort-indexes.ts';
import * as derivationVersions from './migrations/2026-11-27T0600-derivation-versions.ts';
import * as businessGeo from './migrations/2026-11-27T1000-business-geo.ts';
import type { Database } from './schema.ts';

// Listed statically (not read from the folder at run time) so that bundles and workers see the same set.
const migrations: Record<string, Migration> = {
  '2026-11-22T0000-initial': initial,
  '2026-11-22T0100-admin-auth': adminAuth,
  '2026-11-22T0300-business-submissions': businessSubmissions,
  '2026-11-22T0400-admin-filter-index': adminFilterIndex,
  '2026-11-25T0000-staging-off-the-file': stagingOffTheFile,
  '2026-11-26T0000-search-index': searchIndex,
  '2026-11-27T0000-edited-fields': editedFields,
  '2026-11-27T0100-submission-queue': submissionQueue,
  '2026-11-27T0200-admin-sort-indexes': adminSortIndexes,
  '2026-11-27T0600-derivation-versions': derivationVersions,
  '2026-11-27T1000-business-geo': businessGeo,
};

/** Every migration this code knows: a database that has applied any other is newer than this code. */
export function knownMigrationNames(): string[] {
  return Object.keys(migrations);
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  return applyMigrations(db, migrations);
}

/** Applies a set of migrations (SQLite's here, PostgreSQL's in db/postgres/migrate.ts) up to the latest. */
export async function applyMigrations(
  db: Kysely<Database>,
  set: Record<string, Migration>,
): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => set } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const cause = result.error instanceof Error ? result.error : new Error(String(result.error));
    throw new Error(`Database migration failed: ${cause.message}`, { cause });
  }
  return result;
}
