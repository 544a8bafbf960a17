// Reads of businesses for the public site and API. Statements are prepared once per connection:
// Kysely's driver prepares on every call, which costs several times the query on these hot paths.
import type { Selectable } from 'kysely';
import type { Sqlite } from './connection.ts';
import type { BusinessTable } from './schema.ts';

export type BusinessRecordRow = Selectable<BusinessTable>;

type Statements = ReturnType<typeof prepare>;
const cache = new WeakMap<Sqlite, Statements>();

// The generated rank_score is left out of SELECT * answers on purpose: callers never need it.
const COLUMNS = `b.id, b.place_id, b.slug, b.name, b.category, b.category_group, b.description, b.address, b.city,
  b.city_key, b.state, b.country, b.country_code, b.zip_code, b.phone, b.phone_international, b.email, b.website,
  b.rating, b.review_count, b.is_verified, b.photos, b.location_link, b.latitude, b.longitude, b.time_zone, b.hours,
  b.hours_text, b.attributes, b.business_status, b.about, b.seo_title, b.seo_description, b.canonical_url,
  b.created_at, b.updated_at, b.import_run_id`;
const RANKED = 'ORDER BY b.rank_score DESC, b.id';

function prepare(sqlite: Sqlite) {
  return {
    byId: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b WHERE b.id = ?`),
    bySlug: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b WHERE b.slug = ?`),
    ranked: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b ${RANKED} LIMIT ? OFFSET ?`),
    byCity: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b WHERE b.city_key = ? ${RANKED} LIMIT ? OFFSET ?`,
    ),
    byCategory: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b WHERE b.category = ? ${RANKED} LIMIT ? OFFSET ?`,
    ),
    byGroup: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b WHERE b.category_group = ? ${RANKED} LIMIT ? OFFSET ?`,
    ),
    countGroup: sqlite.prepare('SELECT COUNT(*) FROM businesses WHERE category_group = ?').pluck(),
    countCity: sqlite.prepare('SELECT business_count FROM city_stats WHERE city_key = ?').pluck(),
    countCategory: sqlite.prepare('SELECT business_count FROM category_stats WHERE category = ?').pluck(),
    withPhoto: sqlite.prepare(`SELECT ${COLUMNS} FROM businesses b WHERE b.photos <> '[]' ${RANKED} LIMIT ?`),
    latest: sqlite.prepare(
      `SELECT ${COLUMNS} FROM businesses b ORDER BY b.created_at DESC, b.id DESC LIMIT ?`,
    ),
    categoryNames: sqlite.prepare('SELECT category FROM category_stats').pluck(),
  };
}

function statements(sqlite: Sqlite): Statements {
  let prepared = cache.get(sqlite);
  if (!prepared) {
    prepared = prepare(sqlite);
    cache.set(sqlite, prepared);
  }
  return prepared;
}

export function findBusinessById(sqlite: Sqlite, id: number): BusinessRecordRow | undefined {
  return statements(sqlite).byId.get(id) as BusinessRecordRow | undefined;
}

export function findBusinessBySlug(sqlite: Sqlite, slug: string): BusinessRecordRow | undefined {
  return statements(sqlite).bySlug.get(slug) as BusinessRecordRow | undefined;
}

export interface Page {
  limit: number;
  offset: number;
}

export function listRankedBusinesses(sqlite: Sqlite, page: Page): BusinessRecordRow[] {
  return statements(sqlite).ranked.all(page.limit, page.offset) as BusinessRecordRow[];
}

export function listBusinessesInCity(sqlite: Sqlite, cityKey: string, page: Page): BusinessRecordRow[] {
  return statements(sqlite).byCity.all(cityKey, page.limit, page.offset) as BusinessRecordRow[];
}

export function countBusinessesInCity(sqlite: Sqlite, cityKey: string): number {
  return (statements(sqlite).countCity.get(cityKey) as number | undefined) ?? 0;
}

export function listBusinessesInCategory(sqlite: Sqlite, category: string, page: Page): BusinessRecordRow[] {
  return statements(sqlite).byCategory.all(category, page.limit, page.offset) as BusinessRecordRow[];
}

export function countBusinessesInCategory(sqlite: Sqlite, category: string): number {
  return (statements(sqlite).countCategory.get(category) as number | undefined) ?? 0;
}

export function listBusinessesInGroup(sqlite: Sqlite, group: string, page: Page): BusinessRecordRow[] {
  return statements(sqlite).byGroup.all(group, page.limit, page.offset) as BusinessRecordRow[];
}

export function countBusinessesInGroup(sqlite: Sqlite, group: string): number {
  return statements(sqlite).countGroup.get(group) as number;
}

/** The best-ranked businesses that have a photo (the home page's recommendations). */
export function listRankedWithPhoto(sqlite: Sqlite, limit: number): BusinessRecordRow[] {
  return statements(sqlite).withPhoto.all(limit) as BusinessRecordRow[];
}

export function listLatestBusinesses(sqlite: Sqlite, limit: number): BusinessRecordRow[] {
  return statements(sqlite).latest.all(limit) as BusinessRecordRow[];
}

export function listCategoryNames(sqlite: Sqlite): string[] {
  return statements(sqlite).categoryNames.all() as string[];
}
