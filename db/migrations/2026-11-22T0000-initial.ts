// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
import { type Kysely, sql } from 'kysely';

const businessColumns = sql.raw(`
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
  business_status TEXT`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE businesses (
    id INTEGER PRIMARY KEY,
    place_id TEXT NOT NULL,
    slug TEXT NOT NULL,
    ${businessColumns},
    about TEXT,
    seo_title TEXT,
    seo_description TEXT,
    canonical_url TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    import_run_id INTEGER,
    -- Rating weighted by its review count (a Bayesian average towards 4.0 with the weight of 20
    -- reviews): 4.9 from 3 reviews ranks below 4.7 from 2,000. Generated, so it never goes stale.
    rank_score REAL GENERATED ALWAYS AS ((review_count * rating + 80.0) / (review_count + 20)) VIRTUAL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX businesses_place_id ON businesses (place_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX businesses_slug ON businesses (slug)`.execute(db);
  // Every public list is "most relevant first" within a filter: one index per filter, ordered by rank.
  await sql`CREATE INDEX businesses_rank ON businesses (rank_score DESC, id)`.execute(db);
  await sql`CREATE INDEX businesses_city_rank ON businesses (city_key, rank_score DESC, id)`.execute(db);
  await sql`CREATE INDEX businesses_category_rank ON businesses (category, rank_score DESC, id)`.execute(db);
  await sql`CREATE INDEX businesses_group_rank ON businesses (category_group, rank_score DESC, id)`.execute(
    db,
  );
  await sql`CREATE INDEX businesses_country ON businesses (country)`.execute(db);
  await sql`CREATE INDEX businesses_created ON businesses (created_at DESC, id)`.execute(db);

  // External-content FTS5 index over the searchable text; diacritics folded, prefix indexes for
  // type-ahead. Kept current explicitly (db/fts.ts), not by per-row triggers: bulk imports rebuild it.
  // City, state, postcode and country are columns of their own so that a location can be matched
  // without the street part of the address ("St" in "St. Louis" would match every street).
  await sql`CREATE VIRTUAL TABLE businesses_fts USING fts5(
    name, category, description, address, city, state, zip_code, country,
    content='businesses', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);

  // A plain rowid table: staged rows are large (hours, attributes), which WITHOUT ROWID handles badly
  // (measured: 100k rows staged ~3x slower).
  await sql`CREATE TABLE import_staging (
    run_id INTEGER NOT NULL,
    row_number INTEGER NOT NULL,
    place_id TEXT NOT NULL,
    slug TEXT NOT NULL,
    existing_id INTEGER,
    ${businessColumns}
  )`.execute(db);
  await sql`CREATE INDEX import_staging_run ON import_staging (run_id, row_number)`.execute(db);

  await sql`CREATE TABLE import_runs (
    id INTEGER PRIMARY KEY,
    file_name TEXT NOT NULL,
    started_by TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'interrupted')),
    update_mode INTEGER NOT NULL DEFAULT 0,
    dry_run INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    heartbeat_at TEXT NOT NULL,
    rows_read INTEGER NOT NULL DEFAULT 0,
    imported INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL DEFAULT 0,
    duplicates_skipped INTEGER NOT NULL DEFAULT 0,
    total_errors INTEGER NOT NULL DEFAULT 0,
    total_warnings INTEGER NOT NULL DEFAULT 0,
    message TEXT
  )`.execute(db);
  await sql`CREATE INDEX import_runs_started_at ON import_runs (started_at)`.execute(db);

  await sql`CREATE TABLE app_locks (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    acquired_at TEXT NOT NULL,
    heartbeat_at TEXT NOT NULL
  )`.execute(db);

  await sql`CREATE TABLE activity_log (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    actor TEXT NOT NULL,
    detail TEXT NOT NULL,
    count INTEGER,
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX activity_log_created_at ON activity_log (created_at)`.execute(db);

  await sql`CREATE TABLE city_stats (
    city_key TEXT PRIMARY KEY, name TEXT NOT NULL, business_count INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX city_stats_count ON city_stats (business_count DESC)`.execute(db);
  await sql`CREATE TABLE category_stats (
    category TEXT PRIMARY KEY, business_count INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE country_stats (
    country TEXT PRIMARY KEY, business_count INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE site_stats (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'site_stats',
    'country_stats',
    'category_stats',
    'city_stats',
    'activity_log',
    'app_locks',
    'import_runs',
    'import_staging',
    'businesses_fts',
    'businesses',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.ref(table)}`.execute(db);
  }
}
