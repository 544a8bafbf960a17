// Validation of public query parameters: a bad value is a 400 that names the parameter, never a
// silent default or a database error.
import { z } from 'zod';
import type { DiscoveryFilters } from '../../domain/businesses/discovery.ts';

export class BadRequest extends Error {
  readonly status = 400;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Longest free text accepted in a search box: far beyond any real query, short of abuse. */
export const MAX_TEXT_LENGTH = 200;

const text = (name: string) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .max(MAX_TEXT_LENGTH, `${name} is longer than ${MAX_TEXT_LENGTH} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${name} contains control characters`)
    .optional();

const integer = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be given once, as a whole number` })
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)
    .optional();

/** A decimal number in plain notation ("41.88", "-87.6"), within [min, max]. */
const decimal = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be given once, as a number` })
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, `${name} must be a decimal number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)
    .optional();

const flag = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional();

/** Longest radius of a search near a point (km). */
export const MAX_RADIUS_KM = 100;

/** Filters and sorting of the public lists (decision 0026); checked together by withDiscovery. */
const discoveryFields = {
  lat: decimal('lat', -90, 90),
  lng: decimal('lng', -180, 180),
  radiusKm: z
    .string({ error: 'radiusKm must be given once, as a number' })
    .regex(/^\d{1,3}(\.\d{1,6})?$/, 'radiusKm must be a decimal number of km')
    .transform(Number)
    .refine((n) => n > 0 && n <= MAX_RADIUS_KM, `radiusKm must be more than 0 and at most ${MAX_RADIUS_KM}`)
    .optional(),
  sort: z
    .enum(['relevance', 'rating', 'reviews', 'distance'], {
      error: 'sort must be relevance, rating, reviews or distance',
    })
    .optional(),
  openNow: flag('openNow'),
  verified: flag('verified'),
  minRating: z.enum(['3.5', '4', '4.5'], { error: 'minRating must be 3.5, 4 or 4.5' }).optional(),
};

type DiscoveryInput = {
  lat?: number;
  lng?: number;
  radiusKm?: number;
  sort?: 'relevance' | 'rating' | 'reviews' | 'distance';
  openNow?: 'true' | 'false';
  verified?: 'true' | 'false';
  minRating?: '3.5' | '4' | '4.5';
};

/** A point is both lat and lng; a radius needs a point. */
function withDiscovery<T extends z.ZodObject>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const input = value as DiscoveryInput;
    if ((input.lat === undefined) !== (input.lng === undefined))
      ctx.addIssue({
        code: 'custom',
        message: input.lat === undefined ? 'lat is required with lng' : 'lng is required with lat',
      });
    else if (input.radiusKm !== undefined && input.lat === undefined)
      ctx.addIssue({ code: 'custom', message: 'radiusKm needs lat and lng' });
  });
}

/** The validated filters of a query, in the domain's terms. */
export function discoveryFiltersOf(input: DiscoveryInput): DiscoveryFilters {
  const filters: DiscoveryFilters = {};
  if (input.lat !== undefined && input.lng !== undefined) {
    filters.point = { lat: input.lat, lng: input.lng };
    if (input.radiusKm !== undefined) filters.radiusKm = input.radiusKm;
  }
  if (input.sort) filters.sort = input.sort;
  if (input.openNow === 'true') filters.openNow = true;
  if (input.verified === 'true') filters.verified = true;
  if (input.minRating) filters.minRating = Number(input.minRating);
  return filters;
}

export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 100_000_000;

export const browseParams = withDiscovery(
  z.object({
    limit: integer('limit', 1, MAX_PAGE_SIZE),
    offset: integer('offset', 0, MAX_OFFSET),
    search: text('search'),
    category: text('category'),
    ...discoveryFields,
  }),
);

export const listParams = z.object({
  limit: integer('limit', 1, MAX_PAGE_SIZE),
  offset: integer('offset', 0, MAX_OFFSET),
});

/** A city's or a category's list: a page, with the filters. */
export const filteredListParams = withDiscovery(listParams.extend(discoveryFields));

/** The all-cities page lists 200 cities a page: short rows (a name and a count), thousands of cities. */
export const MAX_CITY_PAGE_SIZE = 200;

export const cityListParams = z.object({
  limit: integer('limit', 1, MAX_CITY_PAGE_SIZE),
  offset: integer('offset', 0, MAX_OFFSET),
});

export const searchParams = withDiscovery(
  z.object({
    q: text('q'),
    location: text('location'),
    category: text('category'),
    page: integer('page', 1, 1_000_000),
    exact: z.enum(['1', 'true', '0', 'false'], { error: 'exact must be 1 or 0' }).optional(),
    ...discoveryFields,
  }),
);

export const suggestParams = z.object({
  q: text('q'),
  location: text('location'),
});

export function parseQuery<T extends z.ZodTypeAny>(schema: T, query: unknown): z.infer<T> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BadRequest('invalid_parameter', issue?.message ?? 'invalid query parameter');
  }
  return result.data;
}

/** A path segment that names something (a city, a category, a slug). */
export function pathText(value: string | undefined, name: string): string {
  const parsed = text(name).safeParse(value);
  if (!parsed.success || !parsed.data?.trim()) {
    throw new BadRequest(
      'invalid_parameter',
      parsed.success ? `${name} is empty` : (parsed.error.issues[0]?.message ?? name),
    );
  }
  return parsed.data.trim();
}
