// DELETE /api/admin/delete-all: a backup copy of the database, then every business removed in one
// transaction, in a process of its own. Refused while an import runs (here or from the CLI).
import type { Router } from 'express';
import { ImportError } from '../../domain/import/import-error.ts';
import { JobFailedError, runDatabaseJob } from '../../domain/jobs/run-database-job.ts';
import { jobAddressOf } from '../../domain/server-database.ts';
import { currentAdmin, requireAdmin } from '../admin-auth/routes.ts';
import { type AdminDataContext, actorOf } from './context.ts';
import { sendError } from './errors.ts';
import { busyMessage } from './job-slots.ts';

export function registerDeleteAllRoute(
  router: Router,
  { database, config, logger, slots }: AdminDataContext,
): void {
  router.delete('/api/admin/delete-all', requireAdmin, async (req, res) => {
    const admin = currentAdmin(req)!;
    const claim = slots.claim('data', 'delete-all');
    if (!claim.acquired) {
      sendError(res, 409, 'import_running', busyMessage(claim.holder, 'delete-all'));
      return;
    }
    try {
      const result = await runDatabaseJob(jobAddressOf(database), 'delete-all', {
        actor: actorOf(admin.username),
        // The server's setting: the job's process reads its environment, which a test's config is not.
        backupDir: config.BACKUP_DIR,
      });
      // The backup's path stays in the log and the activity record; it is no business of a browser.
      logger.warn(
        { deleted: result.deleted, backupPath: result.backupPath, admin: admin.username },
        'all businesses deleted',
      );
      res.json({ message: result.message, deleted: result.deleted });
    } catch (error) {
      if (error instanceof ImportError && error.kind === 'busy') {
        sendError(res, 409, error.code, error.message);
        return;
      }
      if (!(error instanceof JobFailedError)) throw error;
      logger.error({ err: error, workerCode: error.workerCode }, 'delete-all failed');
      sendError(res, 500, 'delete_failed', `Delete-all failed and nothing was deleted: ${error.message}`);
    } finally {
      claim.release();
    }
  });
}
