// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// "Add Your Business": who submitted a listing (kept apart from the public business row, whose
// e-mail column is shown on the site), and recent submissions per client address for the rate limit.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per business created from the public form. Keyed by the business's place_id
  // ("submission:<uuid>"), which is never reused, unlike a row id after deletions.
  await sql`CREATE TABLE business_submissions (
    place_id TEXT PRIMARY KEY,
    owner_email TEXT NOT NULL,
    submitted_at TEXT NOT NULL
  ) WITHOUT ROWID`.execute(db);

  // One row per accepted submission (kept or dropped as spam), counted per client address over a
  // sliding window and pruned once older than it: no address is kept longer than the limit needs.
  await sql`CREATE TABLE submission_attempts (
    id INTEGER PRIMARY KEY,
    ip_key TEXT NOT NULL,
    attempted_at INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX submission_attempts_ip ON submission_attempts (ip_key, attempted_at)`.execute(db);
  await sql`CREATE INDEX submission_attempts_time ON submission_attempts (attempted_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE submission_attempts`.execute(db);
  await sql`DROP TABLE business_submissions`.execute(db);
}
