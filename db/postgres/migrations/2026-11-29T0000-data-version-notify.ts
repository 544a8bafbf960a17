// Every raise of the data version is announced on a channel (decision 0034): instances that share the
// database LISTEN and drop their caches at once. NOTIFY inside a transaction is delivered at its
// commit, so no instance hears of data it cannot read yet.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION announce_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('directory_data_version', NEW.value::text);
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER site_stats_data_version AFTER INSERT OR UPDATE ON site_stats
    FOR EACH ROW WHEN (NEW.key = 'data_version') EXECUTE FUNCTION announce_data_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS site_stats_data_version ON site_stats`.execute(db);
  await sql`DROP FUNCTION IF EXISTS announce_data_version()`.execute(db);
}
