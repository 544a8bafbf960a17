// Which tables `directory copy` moves between databases, and which it leaves (decision 0029). A
// test holds every SQLite table to one list or the other, so a new table cannot be forgotten.

export interface CopiedTable {
  name: string;
  /** The primary key: rows are read in its order on both sides (bytewise for text, as SQLite sorts). */
  key: string;
  keyIsText: boolean;
  /** A 64-bit identity id whose sequence must continue past the copied ids on PostgreSQL. */
  identity: boolean;
}

const table = (name: string, key: string, keyIsText = false): CopiedTable => ({
  name,
  key,
  keyIsText,
  identity: !keyIsText && key === 'id' && name !== 'admin_credentials',
});

/** The site's own data: businesses, moderation, the admin's account, history, and the counts the
 *  pages read (kept by the write paths, so copied rather than recounted). */
export const COPIED_TABLES: readonly CopiedTable[] = [
  table('businesses', 'id'),
  table('business_submissions', 'place_id', true),
  table('submission_queue', 'id'),
  table('search_synonyms', 'id'),
  table('admin_credentials', 'id'),
  table('admin_session_generations', 'username', true),
  table('activity_log', 'id'),
  table('import_runs', 'id'),
  table('category_stats', 'category', true),
  table('city_stats', 'city_key', true),
  table('country_stats', 'country', true),
  table('site_stats', 'key', true),
  table('derivation_versions', 'key', true),
];

/** Tables the target builds for itself or that mean nothing on another machine, and why. */
export const LEFT_TABLES: Readonly<Record<string, string>> = {
  search_fts: 'search index, rebuilt from the businesses at the target',
  search_names: 'search index, rebuilt from the businesses at the target',
  search_vocab: 'search index, rebuilt from the businesses at the target',
  search_rank_bins: 'search index, rebuilt from the businesses at the target',
  search_state: 'describes the target’s own search index',
  business_geo: 'discovery index, rebuilt from the businesses at the target',
  business_hours: 'discovery index, rebuilt from the businesses at the target',
  hours_patterns: 'discovery index, rebuilt from the businesses at the target',
  admin_login_failures: 'sign-in throttling over the last minutes',
  submission_attempts: 'submission throttling over the last minutes',
  app_locks: 'held by processes on the source’s machine',
  kysely_migration: 'each database’s own migration history',
  kysely_migration_lock: 'each database’s own migration history',
};

/** SQLite's own tables behind a virtual table (FTS5 shadow tables, the R*Tree's nodes). */
export const SHADOW_TABLE = /^(?:search_fts|search_names|business_geo)_/;
