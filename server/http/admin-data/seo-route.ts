// POST /api/admin/generate-seo: regenerates the SEO text of every business in a process of its own.
// Runs beside an import (generateSeo writes in short batches and redoes rows an import changed
// meanwhile); two runs at once would only repeat each other's work, so a second one is refused.
import type { Router } from 'express';
import { JobFailedError, runDatabaseJob } from '../../domain/jobs/run-database-job.ts';
import { claimSeoRun, seoRunningMessage } from '../../domain/seo/seo-run-lock.ts';
import { jobAddressOf } from '../../domain/server-database.ts';
import { currentAdmin, requireAdmin } from '../admin-auth/routes.ts';
import { type AdminDataContext, actorOf } from './context.ts';
import { sendError } from './errors.ts';

export function seoMessage(updated: number): string {
  return `SEO content generated for ${updated} ${updated === 1 ? 'business' : 'businesses'}`;
}

export function registerSeoRoute(
  router: Router,
  { database, config, logger, slots }: AdminDataContext,
): void {
  const { store } = database;
  router.post('/api/admin/generate-seo', requireAdmin, async (req, res) => {
    const admin = currentAdmin(req)!;
    const refuse = (startedAt: string) => sendError(res, 409, 'seo_running', seoRunningMessage(startedAt));
    const claim = slots.claim('seo', 'generate-seo');
    if (!claim.acquired) return refuse(claim.holder.startedAt.toISOString());
    // The slot is this process's; the lock in the database holds across server processes.
    const run = await claimSeoRun(store, actorOf(admin.username));
    if (!run.acquired) {
      claim.release();
      return refuse(run.startedAt);
    }
    // The lock is let go before the answer is sent: an administrator who runs it again on reading
    // the answer must not be told it is still running (on PostgreSQL the release is a round trip).
    let answer: () => void;
    try {
      const { updated } = await runDatabaseJob(jobAddressOf(database), 'generate-seo', {
        siteUrl: config.SITE_URL,
        actor: actorOf(admin.username),
      });
      logger.info({ updated }, 'SEO content generated');
      answer = () => res.json({ message: seoMessage(updated), updated });
    } catch (error) {
      if (!(error instanceof JobFailedError)) throw error;
      logger.error({ err: error, workerCode: error.workerCode }, 'SEO generation failed');
      answer = () => sendError(res, 500, 'seo_failed', `SEO generation failed: ${error.message}`);
    } finally {
      try {
        await run.release();
      } finally {
        claim.release();
      }
    }
    answer();
  });
}
