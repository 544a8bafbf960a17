// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// Which fields of a business the administrator edited by hand in the panel: an update import leaves
// them as edited and says so in its report (db/business-fields.ts numbers the bits; 0 = none edited).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE businesses ADD COLUMN edited_mask INTEGER NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE businesses DROP COLUMN edited_mask`.execute(db);
}
