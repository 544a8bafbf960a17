// The admin area's data routes: import (with run progress and recent activity), export, SEO
// generation, delete-all, sitemap figures, the business list with its edits and deletions, and the
// moderation queue of Add Your Business. Mount after the admin auth router, which gives all of
// /api/admin its no-store, cross-site check and session:
//   app.use(createAdminAuthRouter(...));
//   app.use(createAdminDataRouter({ database, config, logger }));
import express, { type Router } from 'express';
import { registerActivityRoute } from './activity-route.ts';
import { registerBusinessesRoutes } from './businesses-route.ts';
import type { AdminDataContext, AdminDataDeps } from './context.ts';
import { registerDeleteAllRoute } from './delete-all-route.ts';
import { adminDataErrorHandler } from './errors.ts';
import { registerExportRoute } from './export-route.ts';
import { registerImportRoute } from './import-route.ts';
import { registerImportRunsRoutes } from './import-runs-route.ts';
import { JobSlots } from './job-slots.ts';
import { registerSeoRoute } from './seo-route.ts';
import { registerSitemapStatsRoute } from './sitemap-stats-route.ts';
import { registerSubmissionModerationRoutes } from '../submissions/admin-routes.ts';
import { sweepStaleUploads } from './upload.ts';

export type { AdminDataDeps } from './context.ts';

export function createAdminDataRouter(deps: AdminDataDeps): Router {
  const ctx: AdminDataContext = {
    ...deps,
    logger: deps.logger.child({ component: 'admin-data' }),
    slots: deps.slots ?? new JobSlots(),
  };
  const swept = sweepStaleUploads(deps.config.UPLOAD_DIR);
  if (swept > 0) ctx.logger.info({ removed: swept }, 'removed uploads left by an earlier process');

  const router = express.Router();
  registerImportRoute(router, ctx);
  registerImportRunsRoutes(router, ctx);
  registerActivityRoute(router, ctx);
  registerExportRoute(router, ctx);
  registerSeoRoute(router, ctx);
  registerDeleteAllRoute(router, ctx);
  registerSitemapStatsRoute(router, ctx);
  registerBusinessesRoutes(router, ctx);
  registerSubmissionModerationRoutes(router, ctx);
  router.use('/api/admin', adminDataErrorHandler(ctx.logger));
  return router;
}
