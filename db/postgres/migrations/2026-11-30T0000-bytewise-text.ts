// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// The businesses table's text compares byte by byte, as SQLite's BINARY does (decision 0047). The
// queries that must agree with SQLite already said COLLATE "C" — the admin list's sorts among them —
// but the indexes were built in the database's collation, which a COLLATE "C" order cannot use: on
// PostgreSQL the admin list sorted by name, category, city or status read and sorted the whole table
// (100,000 businesses: 100–430 ms a page, against an index walk of 0.3 ms). With the columns in "C",
// every comparison and index is bytewise, and sorting text skips the C library's collation (index
// builds and unique checks are cheaper). The column change rewrites no rows, only the indexes on
// these columns. The admin name sort's own index is its expression — lower() in "C" folds A–Z and
// nothing else, SQLite's NOCASE — and the status and rating sorts' end with the id, as SQLite's hold
// the rowid: each sort's order is then an index's, to its last term.
import { type Kysely, sql } from 'kysely';

/** Every text column of businesses, as the migrations before this one left them (read from the
 *  catalog: a column list here would repeat the table's definition). */
async function alterAll(db: Kysely<unknown>, collation: string): Promise<void> {
  const { rows } = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'businesses' AND data_type = 'text'
    ORDER BY ordinal_position`.execute(db);
  const changes = rows.map((row) => `ALTER COLUMN ${row.column_name} TYPE text COLLATE "${collation}"`);
  await sql.raw(`ALTER TABLE businesses ${changes.join(', ')}`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS businesses_admin_name`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_admin_filter`.execute(db);
  await alterAll(db, 'C');
  await sql`CREATE INDEX businesses_admin_name ON businesses ((lower(name COLLATE "C")), id)`.execute(db);
  await sql`CREATE INDEX businesses_admin_filter ON businesses
    (is_verified, country, category_group, category, id)`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_admin_rating`.execute(db);
  await sql`CREATE INDEX businesses_admin_rating ON businesses (rating, review_count, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS businesses_admin_name`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_admin_filter`.execute(db);
  await alterAll(db, 'default');
  await sql`CREATE INDEX businesses_admin_name ON businesses (lower(name))`.execute(db);
  await sql`CREATE INDEX businesses_admin_filter ON businesses (is_verified, country, category_group, category)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS businesses_admin_rating`.execute(db);
  await sql`CREATE INDEX businesses_admin_rating ON businesses (rating, review_count)`.execute(db);
}
