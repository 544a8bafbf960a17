// Whether this process may take traffic, as far as the database decides: it answers a query, and it
// has every migration this code knows (a database behind the code would fail requests in odd places).
// The same on both dialects: each keeps Kysely's migration table, with its own list of migrations.
import { knownMigrationNames } from '../../../db/migrate.ts';
import { knownPostgresMigrationNames } from '../../../db/postgres/migrate.ts';
import { preparedQuery } from '../../../db/query/prepared-query.ts';
import type { Store } from '../../../db/store/store.ts';

export type DatabaseReadiness = { ready: true } | { ready: false; reason: string };

/** Kysely's own table, outside the site's schema type. */
const appliedMigrationNames = preparedQuery('readiness_applied_migrations', (db) =>
  db.withTables<{ kysely_migration: { name: string } }>().selectFrom('kysely_migration').select('name'),
);

export async function databaseReadiness(store: Store): Promise<DatabaseReadiness> {
  let applied: Set<string>;
  try {
    // One small read of the migrations table is also the "does the database answer" query.
    applied = new Set((await store.all(appliedMigrationNames, {})).map((row) => row.name));
  } catch {
    return { ready: false, reason: 'the database does not answer' };
  }
  const known = store.dialect === 'sqlite' ? knownMigrationNames() : knownPostgresMigrationNames();
  const pending = known.filter((name) => !applied.has(name));
  if (pending.length > 0)
    return { ready: false, reason: `${pending.length} migration(s) not applied, first ${pending[0]}` };
  // Migrations this code does not know (a newer version migrated the database) are not counted: newer
  // migrations add to the schema, and refusing traffic would stop the old instances of a rolling upgrade.
  return { ready: true };
}
