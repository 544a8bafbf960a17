// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// The admin panel's business list filters by status, country and category in any combination. Without
// this index a combined filter counted its matches row by row (measured at 1,000,000 rows: 340–400 ms,
// with the event loop blocked); with it every combination counts from the index alone (0.3–15 ms).
// The status comes first: the public queries never filter on it, so the planner keeps using their own
// indexes, and a filter without a status is read as `is_verified IN (0, 1)`.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX businesses_admin_filter ON businesses (is_verified, country, category_group, category)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS businesses_admin_filter`.execute(db);
}
