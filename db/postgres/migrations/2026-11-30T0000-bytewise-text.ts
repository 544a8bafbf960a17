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

/** Every text column of businesses. */
const TEXT_COLUMNS = [
  'place_id',
  'slug',
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
  'photos',
  'location_link',
  'time_zone',
  'hours',
  'hours_text',
  'attributes',
  'business_status',
  'about',
  'seo_title',
  'seo_description',
  'canonical_url',
  'created_at',
  'updated_at',
];

const alterAll = (collation: string) =>
  sql.raw(
    `ALTER TABLE businesses ${TEXT_COLUMNS.map((column) => `ALTER COLUMN ${column} TYPE text COLLATE "${collation}"`).join(', ')}`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS businesses_admin_name`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_admin_filter`.execute(db);
  await alterAll('C').execute(db);
  await sql`CREATE INDEX businesses_admin_name ON businesses ((lower(name COLLATE "C")), id)`.execute(db);
  await sql`CREATE INDEX businesses_admin_filter ON businesses
    (is_verified, country, category_group, category, id)`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_admin_rating`.execute(db);
  await sql`CREATE INDEX businesses_admin_rating ON businesses (rating, review_count, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS businesses_admin_name`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_admin_filter`.execute(db);
  await alterAll('default').execute(db);
  await sql`CREATE INDEX businesses_admin_name ON businesses (lower(name))`.execute(db);
  await sql`CREATE INDEX businesses_admin_filter ON businesses (is_verified, country, category_group, category)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS businesses_admin_rating`.execute(db);
  await sql`CREATE INDEX businesses_admin_rating ON businesses (rating, review_count)`.execute(db);
}
