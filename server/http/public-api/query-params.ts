// Validation of public query parameters: a bad value is a 400 that names the parameter, never a
// silent default or a database error.
import { z } from 'zod';

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

export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 100_000_000;

export const browseParams = z.object({
  limit: integer('limit', 1, MAX_PAGE_SIZE),
  offset: integer('offset', 0, MAX_OFFSET),
  search: text('search'),
  category: text('category'),
});

export const listParams = z.object({
  limit: integer('limit', 1, MAX_PAGE_SIZE),
  offset: integer('offset', 0, MAX_OFFSET),
});

/** The all-cities page lists 200 cities a page: short rows (a name and a count), thousands of cities. */
export const MAX_CITY_PAGE_SIZE = 200;

export const cityListParams = z.object({
  limit: integer('limit', 1, MAX_CITY_PAGE_SIZE),
  offset: integer('offset', 0, MAX_OFFSET),
});

export const searchParams = z.object({
  q: text('q'),
  location: text('location'),
  category: text('category'),
  page: integer('page', 1, 1_000_000),
  exact: z.enum(['1', 'true', '0', 'false'], { error: 'exact must be 1 or 0' }).optional(),
});

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
