// GET /api/admin/activity?limit=: the dashboard's Recent Activity (server/domain/activity/recent-activity.ts).
import type { Router } from 'express';
import { recentActivity } from '../../domain/activity/recent-activity.ts';
import { requireAdmin } from '../admin-auth/routes.ts';
import type { AdminDataContext } from './context.ts';
import { sendError } from './errors.ts';

export const DEFAULT_ACTIVITY_LIMIT = 20;
export const MAX_ACTIVITY_LIMIT = 100;

export function registerActivityRoute(router: Router, ctx: AdminDataContext): void {
  router.get('/api/admin/activity', requireAdmin, async (req, res) => {
    const raw = req.query.limit;
    let limit = DEFAULT_ACTIVITY_LIMIT;
    if (raw !== undefined) {
      const text = typeof raw === 'string' ? raw : '';
      limit = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
      if (!(limit >= 1 && limit <= MAX_ACTIVITY_LIMIT)) {
        sendError(
          res,
          400,
          'invalid_parameter',
          `limit must be a whole number from 1 to ${MAX_ACTIVITY_LIMIT}.`,
          {
            parameter: 'limit',
          },
        );
        return;
      }
    }
    res.json({ items: await recentActivity(ctx.database.store, limit) });
  });
}
