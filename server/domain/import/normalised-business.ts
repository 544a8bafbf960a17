// What one spreadsheet row becomes after normalisation: the values the database stores.
import type { BusinessAttributes, BusinessStatus } from '../../contract/business.ts';
import type { WeeklyHours } from '../../contract/hours.ts';

export interface NormalisedBusiness {
  placeId: string;
  name: string;
  category: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  country: string;
  countryCode: string | null;
  zipCode: string;
  phone: string | null;
  phoneInternational: string | null;
  email: string | null;
  website: string | null;
  rating: number;
  reviewCount: number;
  isVerified: boolean;
  photos: string[];
  locationLink: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  hours: WeeklyHours | null;
  hoursText: string | null;
  attributes: BusinessAttributes | null;
  businessStatus: BusinessStatus | null;
  /** The time zone came from the row's time_zone cell. One worked out from the coordinates, the state
   *  or the country only fills a business that has none: an update never replaces a stored zone with it. */
  timeZoneFromColumn: boolean;
  /** The site's own fields, read back from this directory's export (null for other spreadsheets). */
  site: SiteFields | null;
}

/** What an export carries beyond a Google Maps row, so that importing it rebuilds the same pages. */
export interface SiteFields {
  id: number | null;
  slug: string | null;
  aboutText: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  canonicalUrl: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The site's own columns, which this directory's export writes after the Google Maps ones and the
 *  importer reads back (normalise/site-fields.ts). */
export const SITE_COLUMNS = [
  'id',
  'slug',
  'about_text',
  'seo_title',
  'seo_description',
  'canonical_url',
  'created_at',
  'updated_at',
] as const;

/** The canonical names of the columns the importer reads; spreadsheet headers map onto these
 *  (case- and whitespace-insensitive, with the aliases real exports use). */
export const CANONICAL_COLUMNS = [
  'name',
  'category',
  'full_address',
  'street',
  'postal_code',
  'city',
  'state',
  'country',
  'country_code',
  'phone',
  'email',
  'rating',
  'reviews',
  'photo',
  'working_hours',
  'working_hours_old_format',
  'about',
  'description',
  'place_id',
  'location_link',
  'latitude',
  'longitude',
  'time_zone',
  'website',
  'business_status',
  'subtypes',
  'verified',
  ...SITE_COLUMNS,
] as const;
export type CanonicalColumn = (typeof CANONICAL_COLUMNS)[number];

/** A row as read from the sheet: cell values keyed by canonical column, plus where it came from.
 *  Values are what SheetJS gives (string, number, boolean) or undefined for an empty cell. */
export interface RawRow {
  /** 1-based spreadsheet row number (header = row 1). */
  rowNumber: number;
  values: Partial<Record<CanonicalColumn, string | number | boolean>>;
}
