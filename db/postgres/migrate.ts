// Applies the PostgreSQL migrations (db/postgres/migrations/), as db/migrate.ts does for SQLite.
// Kysely's migrator takes its own lock table, so instances starting together migrate once.
import type { Kysely, Migration, MigrationResultSet } from 'kysely';
import { applyMigrations } from '../migrate.ts';
import type { Database } from '../schema.ts';
import * as initial from './migrations/2026-11-28T0000-initial.ts';
import * as dataVersionNotify from './migrations/2026-11-29T0000-data-version-notify.ts';
import * as searchIndex from './migrations/2026-11-29T0100-search-index.ts';
import * as businessLocation from './migrations/2026-11-29T0200-business-location.ts';
import * as bytewiseText from './migrations/2026-11-30T0000-bytewise-text.ts';
import * as bytewiseKeys from './migrations/2026-12-01T0000-bytewise-keys.ts';

// Listed statically (not read from the folder at run time) so that the build bundles the same set.
const migrations: Record<string, Migration> = {
  '2026-11-28T0000-initial': initial,
  '2026-11-29T0000-data-version-notify': dataVersionNotify,
  '2026-11-29T0100-search-index': searchIndex,
  '2026-11-29T0200-business-location': businessLocation,
  '2026-11-30T0000-bytewise-text': bytewiseText,
  '2026-12-01T0000-bytewise-keys': bytewiseKeys,
};

export function knownPostgresMigrationNames(): string[] {
  return Object.keys(migrations);
}

export function migratePostgresToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  return applyMigrations(db, migrations);
}
