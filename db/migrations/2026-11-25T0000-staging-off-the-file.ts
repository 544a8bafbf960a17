// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// Imports now stage their rows in a TEMP table of the importing connection (db/import-repository.ts):
// the file's own staging table is no longer used. Dropping it also drops any rows a crashed import of
// an older version left behind.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS import_staging_run`.execute(db);
  await sql`DROP TABLE IF EXISTS import_staging`.execute(db);
}

/** The table as the initial migration created it (empty: staged rows never outlive an import). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE import_staging (
    run_id INTEGER NOT NULL,
    row_number INTEGER NOT NULL,
    place_id TEXT NOT NULL,
    slug TEXT NOT NULL,
    existing_id INTEGER,
    name TEXT NOT NULL,
    category TEXT NOT NULL DEFAULT '',
    category_group TEXT NOT NULL DEFAULT '',
    description TEXT,
    address TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    city_key TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    country_code TEXT,
    zip_code TEXT NOT NULL DEFAULT '',
    phone TEXT,
    phone_international TEXT,
    email TEXT,
    website TEXT,
    rating REAL NOT NULL DEFAULT 0,
    review_count INTEGER NOT NULL DEFAULT 0,
    is_verified INTEGER NOT NULL DEFAULT 0,
    photos TEXT NOT NULL DEFAULT '[]',
    location_link TEXT,
    latitude REAL,
    longitude REAL,
    time_zone TEXT,
    hours TEXT,
    hours_text TEXT,
    attributes TEXT,
    business_status TEXT
  )`.execute(db);
  await sql`CREATE INDEX import_staging_run ON import_staging (run_id, row_number)`.execute(db);
}
