// The Businesses tab's calls: GET /api/admin/businesses (filtered, sorted, paged), GET, PATCH and
// DELETE /api/admin/businesses/:id, and POST /api/admin/businesses/bulk (verify, unverify or delete
// several at once). The auth router in front gives them no-store, the cross-site check on POST, PATCH
// and DELETE and the 100 kB JSON body; each route requires the session itself.
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import {
  ADMIN_SORT_COLUMNS,
  type AdminSortColumn,
  SORT_ORDERS,
  type SortOrder,
} from '../../contract/admin-businesses.ts';
import {
  ADMIN_MAX_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
  type AdminBusinessQuery,
  BusinessWriteBusy,
  bulkBusinessAction,
  deleteBusiness,
  editBusiness,
  getBusinessForAdmin,
  InvalidBulkRequest,
  InvalidBusinessChange,
  listBusinessesForAdmin,
  parseBulkRequest,
} from '../../domain/businesses/admin-businesses.ts';
import { currentAdmin, requireAdmin } from '../admin-auth/routes.ts';
import { type AdminDataContext, actorOf } from './context.ts';
import { sendError } from './errors.ts';
import { parsedQuery, pathId, wholeNumber } from './query-fields.ts';

/** Longest filter text accepted: far beyond any real query, short of abuse. */
const MAX_FILTER_LENGTH = 200;
const MAX_OFFSET = 100_000_000;

const filterText = (name: string) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .max(MAX_FILTER_LENGTH, `${name} is longer than ${MAX_FILTER_LENGTH} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${name} contains control characters`)
    .optional();

const listQuery = z.object({
  limit: wholeNumber('limit', 1, ADMIN_MAX_PAGE_SIZE),
  offset: wholeNumber('offset', 0, MAX_OFFSET),
  search: filterText('search'),
  category: filterText('category'),
  country: filterText('country'),
  status: z
    .string({ error: 'status must be given once' })
    .refine((value) => ['verified', 'pending', ''].includes(value), 'status must be verified or pending')
    .optional(),
  sort: oneOf('sort', ADMIN_SORT_COLUMNS),
  order: oneOf('order', SORT_ORDERS),
});

/** A parameter with a few possible values; empty is "not given" (as the other filters). */
function oneOf(name: string, values: readonly string[]) {
  return z
    .string({ error: `${name} must be given once` })
    .refine((value) => value === '' || values.includes(value), `${name} must be one of ${values.join(', ')}`)
    .optional();
}

function parseListQuery(req: Request, res: Response): AdminBusinessQuery | undefined {
  const query = parsedQuery(listQuery, req, res);
  if (!query) return undefined;
  const { limit, offset, search, category, country, status, sort, order } = query;
  if (order && !sort) {
    sendError(res, 400, 'invalid_parameter', 'order needs sort: the column to order by', {
      parameter: 'order',
    });
    return undefined;
  }
  return {
    limit: limit ?? ADMIN_PAGE_SIZE,
    offset: offset ?? 0,
    search,
    category,
    country,
    status: status === 'verified' || status === 'pending' ? status : undefined,
    sort: sort ? { column: sort as AdminSortColumn, order: (order || 'asc') as SortOrder } : undefined,
  };
}

function notFound(res: Response, id: number): void {
  sendError(res, 404, 'not_found', `There is no business with id ${id}.`);
}

export function registerBusinessesRoutes(
  router: Router,
  { database, config, logger }: AdminDataContext,
): void {
  const { store } = database;

  router.get('/api/admin/businesses', requireAdmin, async (req, res) => {
    const query = parseListQuery(req, res);
    if (query) res.json(await listBusinessesForAdmin(store, query));
  });

  // Before /:id (a POST has no /:id route, but the order states which path wins).
  router.post('/api/admin/businesses/bulk', requireAdmin, async (req, res) => {
    const admin = currentAdmin(req)!;
    try {
      const request = parseBulkRequest(req.body);
      const result = await bulkBusinessAction(store, request, { actor: actorOf(admin.username) });
      logger.info(
        {
          action: result.action,
          changed: result.changed,
          missing: result.missingIds.length,
          admin: admin.username,
        },
        'businesses changed in bulk',
      );
      res.json(result);
    } catch (error) {
      if (!sentWriteError(res, error)) throw error;
    }
  });

  router.get('/api/admin/businesses/:id', requireAdmin, async (req, res) => {
    const id = pathId(req, res);
    if (id === undefined) return;
    const business = await getBusinessForAdmin(store, id);
    if (business) res.json(business);
    else notFound(res, id);
  });

  router.patch('/api/admin/businesses/:id', requireAdmin, async (req, res) => {
    const id = pathId(req, res);
    if (id === undefined) return;
    const admin = currentAdmin(req)!;
    try {
      const business = await editBusiness(store, id, req.body, {
        actor: actorOf(admin.username),
        siteUrl: config.SITE_URL,
      });
      if (!business) {
        notFound(res, id);
        return;
      }
      logger.info({ businessId: id, admin: admin.username }, 'business edited');
      res.json(business);
    } catch (error) {
      if (!sentWriteError(res, error)) throw error;
    }
  });

  router.delete('/api/admin/businesses/:id', requireAdmin, async (req, res) => {
    const id = pathId(req, res);
    if (id === undefined) return;
    const admin = currentAdmin(req)!;
    try {
      const deleted = await deleteBusiness(store, id, { actor: actorOf(admin.username) });
      if (!deleted) {
        notFound(res, id);
        return;
      }
      logger.info({ businessId: id, admin: admin.username }, 'business deleted');
      res.json({ message: `"${deleted.name}" was deleted.` });
    } catch (error) {
      if (error instanceof BusinessWriteBusy) {
        sendError(res, 409, 'database_busy', error.message);
        return;
      }
      throw error;
    }
  });
}

/** Answers the errors a business write may throw (a bad field or request: 400, naming the field; an
 *  import holding the database: 409); false for anything else. */
function sentWriteError(res: Response, error: unknown): boolean {
  if (error instanceof InvalidBusinessChange || error instanceof InvalidBulkRequest) {
    sendError(res, 400, error.code, error.message, error.field === undefined ? {} : { field: error.field });
    return true;
  }
  if (error instanceof BusinessWriteBusy) {
    sendError(res, 409, 'database_busy', error.message);
    return true;
  }
  return false;
}
