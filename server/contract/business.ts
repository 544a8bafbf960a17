// The shapes of API answers (specification §3, extended by the issues). Plain types only:
// this module is imported by the browser bundle and must import neither db/ nor Node.
import type { WeeklyHours } from './hours.ts';

/** Attributes from the export's `about` column: groups of yes/no facts. */
export type BusinessAttributes = Record<string, Record<string, boolean>>;

export type BusinessStatus = 'OPERATIONAL' | 'CLOSED_TEMPORARILY' | 'CLOSED_PERMANENTLY';

export interface Business {
  id: number;
  placeId: string;
  slug: string;
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
  /** E.164 form for tel: links and structured data, when the number could be read. */
  phoneInternational: string | null;
  email: string | null;
  website: string | null;
  rating: number;
  reviewCount: number;
  isOpen: boolean;
  isVerified: boolean;
  photos: string[];
  locationLink: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  hours: WeeklyHours | null;
  /** Display text per day name ("Monday": "9:00 AM – 5:00 PM"), as the specification's openingHours. */
  openingHours: Record<string, string>;
  attributes: BusinessAttributes | null;
  businessStatus: BusinessStatus | null;
  about: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  canonicalUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** Present when the request gave a point (lat/lng) or sorted by a place's centre: the great-circle
   *  (haversine) distance from it in km, to 2 decimals. */
  distanceKm?: number;
}

export interface Statistics {
  totalBusinesses: number;
  verifiedBusinesses: number;
  categories: number;
  totalCities: number;
  totalReviews: number;
}

export interface PopularCity {
  id: number;
  name: string;
  businessCount: number;
}

export interface CategorySummary {
  category: string;
  businessCount: number;
}

export interface CountryEntry {
  country: string;
  businessCount: number;
}

export interface PagedBusinesses {
  businesses: Business[];
  totalCount: number;
  totalPages: number;
}

export interface RowIssue {
  /** 1-based row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

export interface ImportStats {
  imported: number;
  updated: number;
  duplicatesSkipped: number;
  totalErrors: number;
  /** Update imports: rows of stored businesses that the file changes nothing in (counted apart from
   *  duplicates). */
  unchanged?: number;
  /** Update imports: fields kept as the administrator edited them although the file has other values. */
  keptEdits?: number;
}

export interface ImportResponse {
  message: string;
  stats: ImportStats;
  errors: RowIssue[];
  warnings: RowIssue[];
  runId: number;
  /** Update imports: the businesses changed, with each field's old and new value (the first ones, up
   *  to the listing cap; stats.updated is the total). */
  updates?: BusinessUpdate[];
}

/** One field an update import changed, as the report shows it. */
export interface FieldChange {
  /** The field's name as the Business JSON spells it (coordinates: latitude and longitude). */
  field: string;
  old: string | number | null;
  new: string | number | null;
}

export interface BusinessUpdate {
  /** The spreadsheet row it came from. */
  row: number;
  id: number;
  placeId: string;
  name: string;
  slug: string;
  changes: FieldChange[];
}

export interface SeoResponse {
  message: string;
  updated: number;
}

export interface SitemapStats {
  totalBusinesses: number;
  totalSitemaps: number;
  businessesPerSitemap: number;
  sitemapUrls: {
    main: string;
    mainPages: string;
    categories: string;
    cities: string;
    businesses: string[];
  };
}
