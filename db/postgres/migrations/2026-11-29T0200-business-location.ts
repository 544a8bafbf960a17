// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// Businesses near a point on PostgreSQL (decision 0026's discovery; SQLite keeps its business_geo
// R*Tree): a GiST index of each business's point, searched with `<@ box` around the circle, then the
// haversine on the row's own coordinates decides the radius. The expression must match the query's
// (db/discovery-repository.ts): point(longitude, latitude).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX businesses_location ON businesses USING gist (point(longitude, latitude))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS businesses_location`.execute(db);
}
