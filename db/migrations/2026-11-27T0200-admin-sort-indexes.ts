// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// The admin Businesses table sorts by name, category, city, rating and status, and its search finds
// phone numbers. Category, city and status are read along indexes that exist (category_rank,
// city_rank, admin_filter); name and rating get one each, so that a sorted page is a walk of 50 index
// entries instead of a sort of the whole table (first page at 100,000 rows: by name 107 ms → 0.14 ms,
// by rating 121 ms → 0.10 ms). A phone typed any way is looked up by its E.164 form; rows without
// one (no phone, or none that could be read) stay out of that index. The three cost an import about
// 16 µs of CPU a row (100,000 rows inserted in random order: 3.5 s → 5.1 s).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX businesses_admin_name ON businesses (name COLLATE NOCASE)`.execute(db);
  await sql`CREATE INDEX businesses_admin_rating ON businesses (rating, review_count)`.execute(db);
  await sql`CREATE INDEX businesses_phone_international ON businesses (phone_international)
    WHERE phone_international IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS businesses_admin_name`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_admin_rating`.execute(db);
  await sql`DROP INDEX IF EXISTS businesses_phone_international`.execute(db);
}
