// Table types for Kysely. Booleans are INTEGER 0/1, JSON columns are TEXT, times are ISO-8601 UTC text.
import type { ColumnType, Generated } from 'kysely';

export interface BusinessTable {
  id: Generated<number>;
  place_id: string;
  slug: string;
  name: string;
  category: string;
  /** One of the eight navigation groups the category belongs to (server/domain/categories). */
  category_group: string;
  description: string | null;
  address: string;
  city: string;
  /** Lower-cased city for case-insensitive lookups and grouping. */
  city_key: string;
  state: string;
  country: string;
  country_code: string | null;
  zip_code: string;
  phone: string | null;
  phone_international: string | null;
  email: string | null;
  website: string | null;
  rating: number;
  review_count: number;
  is_verified: number;
  /** JSON array of http(s) URLs. */
  photos: string;
  location_link: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
  /** JSON WeeklyHours or null. */
  hours: string | null;
  hours_text: string | null;
  /** JSON BusinessAttributes or null. */
  attributes: string | null;
  business_status: string | null;
  about: string | null;
  seo_title: string | null;
  seo_description: string | null;
  canonical_url: string | null;
  created_at: string;
  updated_at: string;
  import_run_id: number | null;
  /** The fields an administrator edited by hand (bits of db/business-fields.ts): imports leave them. */
  edited_mask: ColumnType<number, number | undefined, number>;
  /** Generated: the rating weighted by its review count, for "most relevant first". */
  rank_score: ColumnType<number, never, never>;
}

/** Rows of one import waiting to be merged, in the importing connection's TEMP table (not part of the
 *  database file): the imported columns of businesses, keyed by run and row. */
export interface ImportStagingTable {
  run_id: number;
  row_number: number;
  place_id: string;
  slug: string;
  existing_id: number | null;
  name: string;
  category: string;
  category_group: string;
  description: string | null;
  address: string;
  city: string;
  city_key: string;
  state: string;
  country: string;
  country_code: string | null;
  zip_code: string;
  phone: string | null;
  phone_international: string | null;
  email: string | null;
  website: string | null;
  rating: number;
  review_count: number;
  is_verified: number;
  photos: string;
  location_link: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
  hours: string | null;
  hours_text: string | null;
  attributes: string | null;
  business_status: string | null;
}

export type ImportRunStatus = 'running' | 'done' | 'failed' | 'interrupted';

export interface ImportRunTable {
  id: Generated<number>;
  file_name: string;
  started_by: string;
  host: string;
  pid: number;
  status: ImportRunStatus;
  update_mode: number;
  dry_run: number;
  started_at: string;
  finished_at: string | null;
  heartbeat_at: string;
  rows_read: ColumnType<number, number | undefined, number>;
  imported: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  duplicates_skipped: ColumnType<number, number | undefined, number>;
  total_errors: ColumnType<number, number | undefined, number>;
  total_warnings: ColumnType<number, number | undefined, number>;
  message: string | null;
}

/** Named application locks that span processes (the CLI and the server share one database). */
export interface AppLockTable {
  name: string;
  owner: string;
  host: string;
  pid: number;
  acquired_at: string;
  heartbeat_at: string;
}

/** Admin actions other than imports (exports, SEO runs, deletions) for the dashboard's Recent Activity. */
export interface ActivityLogTable {
  id: Generated<number>;
  kind: string;
  actor: string;
  detail: string;
  count: number | null;
  created_at: string;
}

/** Precomputed counts, refreshed on every write, so no public request scans the business table. */
export interface CityStatsTable {
  city_key: string;
  name: string;
  business_count: number;
}

export interface CategoryStatsTable {
  category: string;
  business_count: number;
}

export interface CountryStatsTable {
  country: string;
  business_count: number;
}

export interface SiteStatsTable {
  key: string;
  value: number;
}

/** "Add Your Business" submissions held for review (decision 0022); nothing public reads them. */
export interface SubmissionQueueTable {
  id: Generated<number>;
  /** "submission:<uuid>": the place id the business gets once approved. */
  place_id: string;
  /** JSON object: the columns an import writes, as the business will be stored once approved. */
  business_row: string;
  owner_email: string;
  /** The site path the form was sent from, or null when unknown. */
  source_page: string | null;
  submitted_at: string;
}

/** Which version of the code derived a stored column (key 'category_groups': the grouping rules
 *  that wrote businesses.category_group); a start under another version recomputes it. */
export interface DerivationVersionTable {
  key: string;
  value: string;
}

/** The R*Tree of businesses with coordinates (decision 0026): id is the business id, min = max. Kept
 *  by triggers on businesses. */
export interface BusinessGeoTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
}

/** Distinct (weekly hours JSON, time zone or '') pairs of the businesses (decision 0026). */
export interface HoursPatternTable {
  id: Generated<number>;
  hours: string;
  time_zone: string;
}

/** Each business that can be open (it has hours and is not closed) with its hours pattern; kept by
 *  triggers on businesses. */
export interface BusinessHoursTable {
  business_id: number;
  pattern_id: number;
}

/** Who submitted a listing through "Add Your Business" (kept apart from the public row, whose e-mail
 *  column the site shows), by the place id it got. */
export interface BusinessSubmissionTable {
  place_id: string;
  owner_email: string;
  submitted_at: string;
}

/** Search synonym groups: the shipped table and the administrator's (terms separated by commas). */
export interface SearchSynonymTable {
  id: Generated<number>;
  terms: string;
  source: 'shipped' | 'admin';
  created_at: string;
}

/** Addresses' recent submissions of the public form, for its limit. */
export interface SubmissionAttemptTable {
  id: Generated<number>;
  ip_key: string;
  /** Unix time in milliseconds. */
  attempted_at: number;
}

export interface Database {
  businesses: BusinessTable;
  business_submissions: BusinessSubmissionTable;
  search_synonyms: SearchSynonymTable;
  submission_attempts: SubmissionAttemptTable;
  import_runs: ImportRunTable;
  app_locks: AppLockTable;
  activity_log: ActivityLogTable;
  city_stats: CityStatsTable;
  category_stats: CategoryStatsTable;
  country_stats: CountryStatsTable;
  site_stats: SiteStatsTable;
  submission_queue: SubmissionQueueTable;
  derivation_versions: DerivationVersionTable;
  business_geo: BusinessGeoTable;
  hours_patterns: HoursPatternTable;
  business_hours: BusinessHoursTable;
}
