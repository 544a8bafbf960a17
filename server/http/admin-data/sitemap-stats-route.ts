// GET /api/admin/sitemap-stats: the sitemap figures of the panel's SEO tab (no table scan).
import type { Router } from 'express';
import { getSitemapStats } from '../../domain/sitemap/sitemap-stats.ts';
import { requireAdmin } from '../admin-auth/routes.ts';
import type { AdminDataContext } from './context.ts';

export function registerSitemapStatsRoute(router: Router, { database, config }: AdminDataContext): void {
  const { store } = database;
  router.get('/api/admin/sitemap-stats', requireAdmin, async (_req, res) => {
    res.json(await getSitemapStats(store, { siteUrl: config.SITE_URL }));
  });
}
