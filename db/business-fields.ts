// The fields of a business as an import and an administrator see them: each is one or more columns
// that change together (a city and its key, a phone and its E.164 form, hours and their text), with a
// bit of its own. The bits are stored (businesses.edited_mask: the fields an administrator edited by
// hand) and staged (which fields a spreadsheet row gave), so they are frozen: never renumber a field,
// only add new ones at unused bits.
import type { BusinessTable } from './schema.ts';

export interface BusinessField {
  /** The name the report and the API use (the Business JSON's name where there is one). */
  readonly key: string;
  readonly bit: number;
  /** The stored columns of the field; the first is the one shown in reports. */
  readonly columns: readonly (keyof BusinessTable)[];
}

export const BUSINESS_FIELDS = [
  { key: 'name', bit: 0, columns: ['name'] },
  { key: 'category', bit: 1, columns: ['category', 'category_group'] },
  { key: 'description', bit: 2, columns: ['description'] },
  { key: 'address', bit: 3, columns: ['address'] },
  { key: 'city', bit: 4, columns: ['city', 'city_key'] },
  { key: 'state', bit: 5, columns: ['state'] },
  { key: 'country', bit: 6, columns: ['country', 'country_code'] },
  { key: 'zipCode', bit: 7, columns: ['zip_code'] },
  { key: 'phone', bit: 8, columns: ['phone', 'phone_international'] },
  { key: 'email', bit: 9, columns: ['email'] },
  { key: 'website', bit: 10, columns: ['website'] },
  { key: 'rating', bit: 11, columns: ['rating'] },
  { key: 'reviewCount', bit: 12, columns: ['review_count'] },
  { key: 'isVerified', bit: 13, columns: ['is_verified'] },
  { key: 'photos', bit: 14, columns: ['photos'] },
  { key: 'locationLink', bit: 15, columns: ['location_link'] },
  { key: 'coordinates', bit: 16, columns: ['latitude', 'longitude'] },
  { key: 'timeZone', bit: 17, columns: ['time_zone'] },
  { key: 'openingHours', bit: 18, columns: ['hours_text', 'hours'] },
  { key: 'attributes', bit: 19, columns: ['attributes'] },
  { key: 'businessStatus', bit: 20, columns: ['business_status'] },
  { key: 'about', bit: 21, columns: ['about'] },
  { key: 'seoTitle', bit: 22, columns: ['seo_title'] },
  { key: 'seoDescription', bit: 23, columns: ['seo_description'] },
  { key: 'canonicalUrl', bit: 24, columns: ['canonical_url'] },
] as const satisfies readonly BusinessField[];

export type BusinessFieldKey = (typeof BUSINESS_FIELDS)[number]['key'];

const FIELD_OF_COLUMN = new Map<string, BusinessField>(
  BUSINESS_FIELDS.flatMap((field) => field.columns.map((column) => [column, field] as const)),
);

/** Each field's mask (2 to the power of its bit), looked up once per row by the importer. */
export const FIELD_BIT = Object.fromEntries(
  BUSINESS_FIELDS.map((field) => [field.key, 2 ** field.bit]),
) as Record<BusinessFieldKey, number>;

export function fieldBit(key: BusinessFieldKey): number {
  return FIELD_BIT[key];
}

/** The mask of the fields these columns belong to (columns of no field are ignored). */
export function maskOfColumns(columns: Iterable<string>): number {
  let mask = 0;
  for (const column of columns) {
    const field = FIELD_OF_COLUMN.get(column);
    if (field) mask |= 2 ** field.bit;
  }
  return mask;
}

export function hasBit(mask: number, bit: number): boolean {
  // Bits stay below 31, so the 32-bit operators are exact.
  return (mask & (2 ** bit)) !== 0;
}
