// The search index on PostgreSQL (decision 0035): the same rows as SQLite's FTS5 tables — each
// business's analyzer terms under a rowid that sorts by rank — held as tsvectors built from the
// terms themselves (array_to_tsvector: no parser, no dictionary, so a term is matched exactly as the
// analyzer wrote it), with GIN indexes; the vocabulary and rank bins as on SQLite.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_documents (
    rowid bigint PRIMARY KEY,
    business_id bigint NOT NULL UNIQUE,
    terms tsvector NOT NULL,
    name tsvector NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX search_documents_terms ON search_documents USING gin (terms)`.execute(db);
  await sql`CREATE INDEX search_documents_name ON search_documents USING gin (name)`.execute(db);
  await sql`CREATE TABLE search_vocab (
    field text NOT NULL,
    term text NOT NULL,
    docs bigint NOT NULL,
    PRIMARY KEY (field, term)
  )`.execute(db);
  await sql`CREATE TABLE search_rank_bins (bin integer PRIMARY KEY, businesses bigint NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['search_rank_bins', 'search_vocab', 'search_documents'])
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
}
