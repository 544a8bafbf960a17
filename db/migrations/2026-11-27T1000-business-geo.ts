// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// Discovery (decision 0026): "near a point" reads an R*Tree of the businesses that have coordinates,
// and "open now" an index of each business's weekly-hours pattern. Both are filled here from the rows
// already stored; the write paths keep them (db/discovery-index.ts, next to the search index), not
// triggers: row triggers made inserting businesses 3–5× slower (measured).
import { type Kysely, sql } from 'kysely';

/** A status that makes a business closed whatever its hours say: it never gets an hours pattern. */
const OPEN_CAPABLE = `b.hours IS NOT NULL AND b.business_status IS NOT 'CLOSED_PERMANENTLY'
   AND b.business_status IS NOT 'CLOSED_TEMPORARILY'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One point per business (min = max); id is the business id. The R*Tree stores 32-bit floats,
  // rounded outwards: readers use it as a coarse box and check the exact distance on the row.
  await sql`CREATE VIRTUAL TABLE business_geo USING rtree(id, min_lat, max_lat, min_lng, max_lng)`.execute(
    db,
  );
  await sql`INSERT INTO business_geo (id, min_lat, max_lat, min_lng, max_lng)
    SELECT id, latitude, latitude, longitude, longitude FROM businesses
    WHERE latitude IS NOT NULL AND longitude IS NOT NULL`.execute(db);
  // Weekly hours repeat: a few distinct (hours, time zone) pairs serve a million businesses. Which
  // pairs are open now is computed in JavaScript; a business is open when its pattern is one of them.
  // A business with no hours, or closed for now or for good, has no row in business_hours.
  await sql`CREATE TABLE hours_patterns (
    id INTEGER PRIMARY KEY,
    hours TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    UNIQUE (hours, time_zone)
  )`.execute(db);
  await sql`CREATE TABLE business_hours (business_id INTEGER PRIMARY KEY, pattern_id INTEGER NOT NULL)`.execute(
    db,
  );
  await sql`INSERT OR IGNORE INTO hours_patterns (hours, time_zone)
    SELECT DISTINCT hours, COALESCE(time_zone, '') FROM businesses b WHERE ${sql.raw(OPEN_CAPABLE)}`.execute(
    db,
  );
  await sql`INSERT INTO business_hours (business_id, pattern_id)
    SELECT b.id, p.id FROM businesses b
    JOIN hours_patterns p ON p.hours = b.hours AND p.time_zone = COALESCE(b.time_zone, '')
    WHERE ${sql.raw(OPEN_CAPABLE)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['business_hours', 'hours_patterns', 'business_geo'])
    await sql`DROP TABLE IF EXISTS ${sql.ref(table)}`.execute(db);
}
