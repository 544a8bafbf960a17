// Frozen once landed: never edit, add a new migration instead. Imports nothing of the app.
// Search that understands word forms, synonyms and typos (decision 0020) replaces the external-content
// FTS5 index with one the application writes itself: its rows carry word forms computed in
// JavaScript (a Snowball stemmer SQLite does not have), and its rowids follow the rank, so that a
// search reads its best matches first. The new index starts empty; the application fills it at its
// next start (search_state holds no analyzer version yet).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS businesses_fts`.execute(db);
  // Contentless: the text lives in businesses; the index only answers which rowids match. Deletes
  // go by rowid (contentless_delete), so removing a row needs no copy of its old text.
  // One column of terms the application writes (db/search/terms.ts): every condition is a plain
  // term look-up, and no positions are kept (detail=none). "_" joins a term's kind to its word.
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
    terms, content='', contentless_delete=1, detail=none,
    tokenize="unicode61 remove_diacritics 2 tokenchars '_'"
  )`.execute(db);
  // The names and place terms alone, with prefix indexes, for suggestions as a visitor types: prefix
  // indexes on the whole index tripled its cost to write (measured).
  await sql`CREATE VIRTUAL TABLE search_names USING fts5(
    name, content='', contentless_delete=1, detail=none, prefix='2 3',
    tokenize="unicode61 remove_diacritics 2 tokenchars '_'"
  )`.execute(db);
  // The index's words with the number of businesses each is in, per field: typo correction and the
  // choice of what to search read it instead of scanning the index.
  await sql`CREATE TABLE search_vocab (
    field TEXT NOT NULL,
    term TEXT NOT NULL,
    docs INTEGER NOT NULL,
    PRIMARY KEY (field, term)
  ) WITHOUT ROWID`.execute(db);
  // Synonym groups: the table shipped with the product and the administrator's own.
  await sql`CREATE TABLE search_synonyms (
    id INTEGER PRIMARY KEY,
    terms TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('shipped', 'admin')),
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE search_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(db);
  // Businesses per step of 0.001 of the review-weighted rank, recounted with the other figures: a
  // search with many matches estimates its total from where in the rank order its 200th match is.
  await sql`CREATE TABLE search_rank_bins (bin INTEGER PRIMARY KEY, businesses INTEGER NOT NULL)`.execute(db);
}

/** Back to the external-content index of the initial migration (filled from the table). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'search_rank_bins',
    'search_state',
    'search_synonyms',
    'search_vocab',
    'search_names',
    'search_fts',
  ])
    await sql`DROP TABLE IF EXISTS ${sql.ref(table)}`.execute(db);
  await sql`CREATE VIRTUAL TABLE businesses_fts USING fts5(
    name, category, description, address, city, state, zip_code, country,
    content='businesses', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);
  await sql`INSERT INTO businesses_fts(businesses_fts) VALUES ('rebuild')`.execute(db);
}
