// What the pages read, as one interface with two implementations: the server render calls the
// domain modules directly (server/ssr/server-api.ts), the browser calls the JSON API (http-api.ts).
// Both must give the same answers, so that hydration finds the data it was rendered with.
import type {
  Business,
  CategorySummary,
  CountryEntry,
  PagedBusinesses,
  PopularCity,
  Statistics,
} from '../../server/contract/business.ts';
import type { SearchAnswer, SuggestAnswer } from '../../server/contract/search.ts';

export interface ListPage {
  limit: number;
  offset: number;
}

/** A page of a long list with its full size, for paging links. */
export interface CountedBusinesses {
  businesses: Business[];
  totalCount: number;
}

/** Issue 16: the order of a result list (relevance is the default). */
export type SortOrder = 'relevance' | 'rating' | 'reviews' | 'distance';

/** Issue 16's filters and sort of a result list (search, browse, city, category); undefined: not
 *  asked. lat and lng come both or neither; radiusKm only with them. */
export interface ResultFilterParams {
  lat?: number;
  lng?: number;
  radiusKm?: number;
  openNow?: boolean;
  minRating?: number;
  verified?: boolean;
  sort?: SortOrder;
}

export interface BrowseParams extends ListPage, ResultFilterParams {
  search?: string;
  category?: string;
}

export interface SearchParams extends ResultFilterParams {
  /** '' when only a place is searched (its businesses are listed). */
  q: string;
  location?: string;
  category?: string;
  page: number;
  /** Search the words exactly as typed, without correcting them (?exact=1). */
  exact?: boolean;
}

export interface CityEntry {
  name: string;
  businessCount: number;
}

export interface DirectoryApi {
  statistics(): Promise<Statistics>;
  popularCities(): Promise<PopularCity[]>;
  recommended(): Promise<Business[]>;
  latest(): Promise<Business[]>;
  /** null when no business has this slug. */
  businessBySlug(slug: string): Promise<Business | null>;
  /** Issue 16: up to 6 businesses of the same category group near this one, nearest first
   *  (GET /api/businesses/:id/nearby); [] for an id no business has. */
  nearby(id: number): Promise<Business[]>;
  cityBusinesses(cityName: string, page: ListPage, filters?: ResultFilterParams): Promise<CountedBusinesses>;
  categoryBusinesses(
    categorySlug: string,
    page: ListPage,
    filters?: ResultFilterParams,
  ): Promise<CountedBusinesses>;
  browse(params: BrowseParams): Promise<PagedBusinesses>;
  search(params: SearchParams): Promise<SearchAnswer>;
  /** What to offer as the visitor types in a service box (at most MAX_SUGGESTIONS). */
  suggest(q: string, location: string, signal?: AbortSignal): Promise<SuggestAnswer>;
  categories(): Promise<CategorySummary[]>;
  countries(): Promise<CountryEntry[]>;
  /** Every city with its count, most businesses first (the /cities page). */
  cities(page: ListPage): Promise<{ cities: CityEntry[]; totalCount: number }>;
}

/** An answer that was not OK, with the specification's message: "status: body text". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
