// The public JSON API of the specification's §7 (plus /api/search): thin handlers over the domain.
// Every answer is serialised once and sent through the hot cache, keyed on the URL, so the next
// identical request is answered before Express (server/http/hot-cache/). Bad input throws a 400 to
// the error handler before anything is stored.
import { type Request, type Response, Router } from 'express';
import {
  browseBusinesses,
  businessesInCategory,
  businessesInCity,
  countInCategory,
  filteredInCategory,
  getBusinessById,
  getBusinessBySlug,
  latestBusinesses,
  recommendedBusinesses,
  resolveCategory,
} from '../../domain/businesses/business-queries.ts';
import { hasDiscoveryFilters, nearbyBusinesses } from '../../domain/businesses/discovery.ts';
import { DEFAULT_LIST_LIMIT, HOME_LIST_SIZE, POPULAR_CITIES } from '../../domain/public-limits.ts';
import type { ServerDatabase } from '../../domain/server-database.ts';
import {
  getCategorySummaries,
  getCityPage,
  getCountryEntries,
  getPopularCities,
  getStatistics,
} from '../../domain/statistics.ts';
import { HotCache } from '../hot-cache/hot-cache.ts';
import { type Answer, cacheable, searchAnswer, suggestAnswer } from './answers.ts';
import {
  BadRequest,
  browseParams,
  cityListParams,
  discoveryFiltersOf,
  filteredListParams,
  parseQuery,
  pathText,
} from './query-params.ts';

const notFound = (message: string): Answer => ({
  status: 404,
  body: { error: { code: 'not_found', message } },
});

export function createPublicApiRouter({ store }: ServerDatabase, hotCache: HotCache): Router {
  const router = Router();

  /** A GET handler whose answer goes out (and into the cache) through hotCache.send. Express 5 passes
   *  a rejected handler's error on: bad input (BadRequest, DiscoveryInputError) becomes a 400 there. */
  function answer<P>(build: (req: Request<P>) => Answer | Promise<Answer>) {
    return async (req: Request<P>, res: Response) => {
      // Read before the data: a write while building leaves this answer under a stale version.
      const version = hotCache.currentVersion();
      const built = await build(req);
      hotCache.send(req, res, HotCache.keyOf({ url: req.originalUrl }), version, cacheable(built));
    };
  }

  router.get(
    '/api/statistics',
    answer(async () => ({ body: await getStatistics(store) })),
  );
  router.get(
    '/api/categories',
    answer(async () => ({ body: await getCategorySummaries(store) })),
  );
  router.get(
    '/api/countries',
    answer(async () => ({ body: await getCountryEntries(store) })),
  );
  // Every city with its count, most businesses first, a page at a time (the /cities page).
  router.get(
    '/api/cities',
    answer(async (req) => {
      const { limit, offset } = parseQuery(cityListParams, req.query);
      const found = await getCityPage(store, { limit: limit ?? DEFAULT_LIST_LIMIT, offset: offset ?? 0 });
      return { body: found.cities, headers: { 'X-Total-Count': String(found.totalCount) } };
    }),
  );
  router.get(
    '/api/cities/popular',
    answer(async () => ({ body: await getPopularCities(store, POPULAR_CITIES) })),
  );

  router.get(
    '/api/businesses/recommended',
    answer(async () => ({ body: await recommendedBusinesses(store, HOME_LIST_SIZE) })),
  );
  router.get(
    '/api/businesses/latest',
    answer(async () => ({ body: await latestBusinesses(store, HOME_LIST_SIZE) })),
  );

  router.get(
    '/api/businesses/slug/:slug',
    answer<{ slug: string }>(async (req) => {
      const business = await getBusinessBySlug(store, pathText(req.params.slug, 'slug'));
      return business ? { body: business } : notFound('No business has this slug.');
    }),
  );

  // Up to six of the same category group, nearest first within 5 km (same city without coordinates).
  router.get(
    '/api/businesses/:id/nearby',
    answer<{ id: string }>(async (req) => {
      if (!/^\d{1,15}$/.test(req.params.id))
        throw new BadRequest('invalid_parameter', 'id must be a whole number');
      const nearby = await nearbyBusinesses(store, Number(req.params.id));
      return nearby ? { body: nearby } : notFound('No business has this id.');
    }),
  );

  router.get(
    '/api/businesses/:id',
    answer<{ id: string }>(async (req) => {
      if (!/^\d{1,15}$/.test(req.params.id))
        throw new BadRequest('invalid_parameter', 'id must be a whole number');
      const business = await getBusinessById(store, Number(req.params.id));
      return business ? { body: business } : notFound('No business has this id.');
    }),
  );

  router.get(
    '/api/businesses',
    answer(async (req) => {
      const query = parseQuery(browseParams, req.query);
      return {
        body: await browseBusinesses(store, {
          limit: query.limit ?? 20,
          offset: query.offset ?? 0,
          search: query.search,
          category: query.category,
          filters: discoveryFiltersOf(query),
        }),
      };
    }),
  );

  router.get(
    '/api/search',
    answer((req) => searchAnswer(store, req.query)),
  );

  router.get(
    '/api/suggest',
    answer((req) => suggestAnswer(store, req.query)),
  );

  router.get(
    '/api/city/:cityName',
    answer<{ cityName: string }>(async (req) => {
      const query = parseQuery(filteredListParams, req.query);
      const city = pathText(req.params.cityName, 'cityName');
      const found = await businessesInCity(
        store,
        city,
        { limit: query.limit ?? DEFAULT_LIST_LIMIT, offset: query.offset ?? 0 },
        discoveryFiltersOf(query),
      );
      return { body: found.businesses, headers: { 'X-Total-Count': String(found.total) } };
    }),
  );

  router.get(
    '/api/category/:categoryName',
    answer<{ categoryName: string }>(async (req) => {
      const query = parseQuery(filteredListParams, req.query);
      const filters = discoveryFiltersOf(query);
      const ref = await resolveCategory(store, pathText(req.params.categoryName, 'categoryName'));
      const page = { limit: query.limit ?? DEFAULT_LIST_LIMIT, offset: query.offset ?? 0 };
      if (!ref) return { body: [], headers: { 'X-Total-Count': '0' } };
      if (hasDiscoveryFilters(filters)) {
        const found = await filteredInCategory(store, ref, page, filters);
        return { body: found.businesses, headers: { 'X-Total-Count': String(found.total) } };
      }
      const [businesses, total] = await Promise.all([
        businessesInCategory(store, ref, page),
        countInCategory(store, ref),
      ]);
      return { body: businesses, headers: { 'X-Total-Count': String(total) } };
    }),
  );

  return router;
}
