// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// The text columns that other tables join to businesses' text, bytewise like it (decision 0047):
// weekly-hours patterns (joined on a business's hours and time zone by every import and edit) and the
// precomputed counts' keys (city, category, country). With businesses in "C" and these in the
// database's collation, a join between them compares in "C", which these tables' indexes (in the
// other collation) cannot serve: an edit's look-up of its hours pattern read the whole patterns
// table. Bytewise, the indexes serve the joins again and each comparison is a memcmp.
import { type Kysely, sql } from 'kysely';

const KEYS = [
  ['hours_patterns', ['hours', 'time_zone']],
  ['city_stats', ['city_key']],
  ['category_stats', ['category']],
  ['country_stats', ['country']],
] as const;

async function alterAll(db: Kysely<unknown>, collation: string): Promise<void> {
  for (const [table, columns] of KEYS) {
    const changes = columns.map((column) => `ALTER COLUMN ${column} TYPE text COLLATE "${collation}"`);
    await sql.raw(`ALTER TABLE ${table} ${changes.join(', ')}`).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await alterAll(db, 'C');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await alterAll(db, 'default');
}
