// Whether this process may take traffic, as far as the database decides: it answers a query, and it
// has every migration this code knows (a database behind the code would fail requests in odd places).
import { appliedMigrations } from '../../../db/backup-repository.ts';
import type { Sqlite } from '../../../db/connection.ts';
import { knownMigrationNames } from '../../../db/migrate.ts';

export type DatabaseReadiness = { ready: true } | { ready: false; reason: string };

export function databaseReadiness(sqlite: Sqlite): DatabaseReadiness {
  let applied: string[];
  try {
    // One small read of the migrations table is also the "does the database answer" query.
    applied = appliedMigrations(sqlite);
  } catch {
    return { ready: false, reason: 'the database does not answer' };
  }
  const appliedSet = new Set(applied);
  const pending = knownMigrationNames().filter((name) => !appliedSet.has(name));
  if (pending.length > 0)
    return { ready: false, reason: `${pending.length} migration(s) not applied, first ${pending[0]}` };
  // Migrations this code does not know (a newer version migrated the file) are not counted: newer
  // migrations add to the schema, and refusing traffic would stop the old instances of a rolling upgrade.
  return { ready: true };
}
