// The public JSON API of the specification's §7 (plus /api/search): thin handlers over the domain.
import { type Request, type Response, Router } from 'express';
import type { DatabaseHandle } from '../../../db/connection.ts';
import {
  browseBusinesses,
  businessesInCategory,
  businessesInCity,
  getBusinessById,
  getBusinessBySlug,
  latestBusinesses,
  recommendedBusinesses,
  resolveCategory,
  searchDirectory,
} from '../../domain/businesses/business-queries.ts';
import {
  getCategorySummaries,
  getCountryEntries,
  getStatistics,
  getTopCities,
} from '../../domain/statistics.ts';
import { BadRequest, browseParams, listParams, parseQuery, pathText, searchParams } from './query-params.ts';

/** Public answers may be cached briefly by browsers and CDNs; data changes arrive within a minute. */
const PUBLIC_CACHE = 'public, max-age=60';
export const POPULAR_CITIES = 64;
export const HOME_LIST_SIZE = 12;
export const DEFAULT_LIST_LIMIT = 50;
export const SEARCH_PAGE_SIZE = 20;

function send(res: Response, body: unknown): void {
  res.set('Cache-Control', PUBLIC_CACHE).json(body);
}

function notFound(res: Response, message: string): void {
  res
    .status(404)
    .set('Cache-Control', PUBLIC_CACHE)
    .json({ error: { code: 'not_found', message } });
}

/** A stable numeric id for a city (the specification's Popular city has one; cities are not rows). */
function cityId(cityKey: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < cityKey.length; i++) hash = Math.imul(hash ^ cityKey.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export function createPublicApiRouter({ sqlite }: DatabaseHandle): Router {
  const router = Router();

  router.get('/api/statistics', (_req, res) => send(res, getStatistics(sqlite)));
  router.get('/api/categories', (_req, res) => send(res, getCategorySummaries(sqlite)));
  router.get('/api/countries', (_req, res) => send(res, getCountryEntries(sqlite)));
  router.get('/api/cities/popular', (_req, res) =>
    send(
      res,
      getTopCities(sqlite, POPULAR_CITIES).map((c) => ({
        id: cityId(c.cityKey),
        name: c.name,
        businessCount: c.businessCount,
      })),
    ),
  );

  router.get('/api/businesses/recommended', (_req, res) =>
    send(res, recommendedBusinesses(sqlite, HOME_LIST_SIZE)),
  );
  router.get('/api/businesses/latest', (_req, res) => send(res, latestBusinesses(sqlite, HOME_LIST_SIZE)));

  router.get('/api/businesses/slug/:slug', (req: Request<{ slug: string }>, res) => {
    const business = getBusinessBySlug(sqlite, pathText(req.params.slug, 'slug'));
    if (business) send(res, business);
    else notFound(res, 'No business has this slug.');
  });

  router.get('/api/businesses/:id', (req: Request<{ id: string }>, res) => {
    if (!/^\d{1,15}$/.test(req.params.id))
      throw new BadRequest('invalid_parameter', 'id must be a whole number');
    const business = getBusinessById(sqlite, Number(req.params.id));
    if (business) send(res, business);
    else notFound(res, 'No business has this id.');
  });

  router.get('/api/businesses', (req, res) => {
    const query = parseQuery(browseParams, req.query);
    send(
      res,
      browseBusinesses(sqlite, {
        limit: query.limit ?? 20,
        offset: query.offset ?? 0,
        search: query.search,
        category: query.category,
      }),
    );
  });

  router.get('/api/search', (req, res) => {
    const query = parseQuery(searchParams, req.query);
    const q = query.q?.trim() ?? '';
    if (!q) throw new BadRequest('invalid_parameter', 'q (the service to search for) is required');
    send(
      res,
      searchDirectory(sqlite, {
        q,
        location: query.location?.trim() || undefined,
        category: query.category?.trim() || undefined,
        page: query.page ?? 1,
        pageSize: SEARCH_PAGE_SIZE,
      }),
    );
  });

  router.get('/api/city/:cityName', (req: Request<{ cityName: string }>, res) => {
    const { limit, offset } = parseQuery(listParams, req.query);
    const city = pathText(req.params.cityName, 'cityName');
    const found = businessesInCity(sqlite, city, { limit: limit ?? DEFAULT_LIST_LIMIT, offset: offset ?? 0 });
    res.set('X-Total-Count', String(found.total));
    send(res, found.businesses);
  });

  router.get('/api/category/:categoryName', (req: Request<{ categoryName: string }>, res) => {
    const { limit, offset } = parseQuery(listParams, req.query);
    const ref = resolveCategory(sqlite, pathText(req.params.categoryName, 'categoryName'));
    send(
      res,
      ref
        ? businessesInCategory(sqlite, ref, { limit: limit ?? DEFAULT_LIST_LIMIT, offset: offset ?? 0 })
        : [],
    );
  });

  return router;
}
