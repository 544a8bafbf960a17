// Applies the PostgreSQL migrations (db/postgres/migrations/), as db/migrate.ts does for SQLite.
// Kysely's migrator takes its own lock table, so instances starting together migrate once.
import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Database } from '../schema.ts';
import * as initial from './migrations/2026-11-28T0000-initial.ts';

// Listed statically (not read from the folder at run time) so that the build bundles the same set.
const migrations: Record<string, Migration> = {
  '2026-11-28T0000-initial': initial,
};

export function knownPostgresMigrationNames(): string[] {
  return Object.keys(migrations);
}

export async function migratePostgresToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const cause = result.error instanceof Error ? result.error : new Error(String(result.error));
    throw new Error(`Database migration failed: ${cause.message}`, { cause });
  }
  return result;
}
