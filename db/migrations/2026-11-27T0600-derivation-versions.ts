// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// Some business columns are derived by application code from the imported ones (category_group from
// the category, by the grouping rules). This table records which version of that code wrote them, so
// that a start with other rules recomputes the column for the rows it changes (decision 0025). It
// starts empty: the first start records the version after checking every row.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE derivation_versions (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS derivation_versions`.execute(db);
}
