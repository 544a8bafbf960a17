// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// The moderation queue of "Add Your Business" (decision 0022): a submission waits here, outside the
// businesses table, until the administrator approves it (it is then written to businesses) or
// rejects it (its row is deleted, the reason kept in the activity log). Nothing public reads this table.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // AUTOINCREMENT: an id is never given again, so a stale panel's "approve #12" can never reach a
  // later submission that happens to get the id of one just handled.
  // business_row is a JSON object of the columns an import writes (the normalised row the submission
  // becomes), as the form's path builds it; place_id is "submission:<uuid>", never a Google id.
  // source_page is the site path the form was sent from (null when unknown).
  await sql`CREATE TABLE submission_queue (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    place_id TEXT NOT NULL UNIQUE,
    business_row TEXT NOT NULL,
    owner_email TEXT NOT NULL,
    source_page TEXT,
    submitted_at TEXT NOT NULL
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE submission_queue`.execute(db);
}
