// Businesses read by id as JSON text that SQLite writes itself (json_object), for answers sent as
// JSON (server/domain/businesses/business-json.ts). Reading 20 rows of ~37 columns into objects,
// shaping them and JSON.stringify-ing them took ~480 µs of a near answer at 1M businesses; SQLite
// writing each row's text took ~250 µs. SQLite only: PostgreSQL's rows go the objects' way.
import type { Sqlite } from './connection.ts';
import { perConnectionAndSql } from './statement-cache.ts';

/** The API's keys (server/contract/business.ts) written from a column as it is stored. */
const PLAIN: readonly (readonly [key: string, column: string])[] = [
  ['id', 'id'],
  ['placeId', 'place_id'],
  ['slug', 'slug'],
  ['name', 'name'],
  ['category', 'category'],
  ['description', 'description'],
  ['address', 'address'],
  ['city', 'city'],
  ['state', 'state'],
  ['country', 'country'],
  ['countryCode', 'country_code'],
  ['zipCode', 'zip_code'],
  ['phone', 'phone'],
  ['phoneInternational', 'phone_international'],
  ['email', 'email'],
  ['website', 'website'],
  ['rating', 'rating'],
  ['reviewCount', 'review_count'],
  ['locationLink', 'location_link'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
  ['timeZone', 'time_zone'],
  ['about', 'about'],
  ['seoTitle', 'seo_title'],
  ['seoDescription', 'seo_description'],
  ['canonicalUrl', 'canonical_url'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
];

/** The keys SQLite works out: as toBusiness does, a damaged JSON column reads as empty (json_valid is
 *  RFC 8259's grammar, as JSON.parse's; an empty text or NULL is not valid). */
const WORKED_OUT = [
  `'isVerified', json(iif(b.is_verified = 1, 'true', 'false'))`,
  `'photos', iif(json_valid(b.photos), json(b.photos), json('[]'))`,
  `'attributes', iif(json_valid(b.attributes), json(b.attributes), NULL)`,
];

/** id, the text of every key but those the caller adds (isOpen, hours, openingHours, businessStatus,
 *  distanceKm) as an object's text, and the columns those are worked out from. */
const BY_IDS = `SELECT b.id, json_object(${[
  ...PLAIN.map(([key, column]) => `'${key}', b.${column}`),
  ...WORKED_OUT,
].join(', ')}) AS json, b.hours, b.time_zone, b.business_status
FROM businesses b WHERE b.id IN (SELECT value FROM json_each(?))`;

export type BusinessJsonRow = [
  id: number,
  json: string,
  hours: string | null,
  timeZone: string | null,
  status: string | null,
];

const statements = new WeakMap<Sqlite, Map<string, ReturnType<Sqlite['prepare']>>>();

/** The rows of `ids`, in the order given (ids of rows gone since are skipped). */
export function businessJsonByIds(sqlite: Sqlite, ids: readonly number[]): BusinessJsonRow[] {
  if (ids.length === 0) return [];
  const statement = perConnectionAndSql(statements, sqlite, BY_IDS, () => sqlite.prepare(BY_IDS).raw(true));
  const rows = statement.all(JSON.stringify(ids)) as BusinessJsonRow[];
  const byId = new Map(rows.map((row) => [row[0], row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}
