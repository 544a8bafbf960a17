// Applies the migrations in db/migrations/ (at server boot and by `directory migrate`).
import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import * as initial from './migrations/2026-11-22T0000-initial.ts';
import * as adminAuth from './migrations/2026-11-22T0100-admin-auth.ts';
import * as businessSubmissions from './migrations/2026-11-22T0300-business-submissions.ts';
import * as adminFilterIndex from './migrations/2026-11-22T0400-admin-filter-index.ts';
import * as stagingOffTheFile from './migrations/2026-11-25T0000-staging-off-the-file.ts';
import * as searchIndex from './migrations/2026-11-26T0000-search-index.ts';
import type { Database } from './schema.ts';

// Listed statically (not read from the folder at run time) so that bundles and workers see the same set.
const migrations: Record<string, Migration> = {
  '2026-11-22T0000-initial': initial,
  '2026-11-22T0100-admin-auth': adminAuth,
  '2026-11-22T0300-business-submissions': businessSubmissions,
  '2026-11-22T0400-admin-filter-index': adminFilterIndex,
  '2026-11-25T0000-staging-off-the-file': stagingOffTheFile,
  '2026-11-26T0000-search-index': searchIndex,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const cause = result.error instanceof Error ? result.error : new Error(String(result.error));
    throw new Error(`Database migration failed: ${cause.message}`, { cause });
  }
  return result;
}
