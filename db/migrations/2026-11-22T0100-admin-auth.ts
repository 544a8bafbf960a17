// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// The admin area's state: a password set from the CLI, the session generation that revokes every
// cookie of an admin at once, and recent login failures for throttling.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A single administrator (one role in the specification): at most one row.
  await sql`CREATE TABLE admin_credentials (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    username TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('cli', 'generated')),
    updated_at TEXT NOT NULL
  )`.execute(db);

  // Kept per username rather than in admin_credentials, because an admin configured only through
  // the environment has no credentials row but still needs sessions that logout can revoke.
  await sql`CREATE TABLE admin_session_generations (
    username TEXT PRIMARY KEY,
    generation INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID`.execute(db);

  // One row per failed (or in-flight) login attempt, counted per account and per client address over
  // a sliding window; rows older than the window are pruned as new ones arrive.
  await sql`CREATE TABLE admin_login_failures (
    id INTEGER PRIMARY KEY,
    account_key TEXT NOT NULL,
    ip_key TEXT NOT NULL,
    attempted_at INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX admin_login_failures_account ON admin_login_failures (account_key, attempted_at)`.execute(
    db,
  );
  await sql`CREATE INDEX admin_login_failures_ip ON admin_login_failures (ip_key, attempted_at)`.execute(db);
  await sql`CREATE INDEX admin_login_failures_time ON admin_login_failures (attempted_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE admin_login_failures`.execute(db);
  await sql`DROP TABLE admin_session_generations`.execute(db);
  await sql`DROP TABLE admin_credentials`.execute(db);
}
