// The moderation queue's admin calls (decision 0022), mounted by the admin data router:
//   GET  /api/admin/submissions?limit=&offset=   the held submissions, newest first
//   GET  /api/admin/submissions/count            {held}, for the panel's badges
//   POST /api/admin/submissions/:id/approve      {verified: boolean} → 200, the published business
//   POST /api/admin/submissions/:id/reject       {reason: string}    → 200
// The auth router in front gives them no-store, the cross-site check and the 100 kB JSON body; each
// route requires the session itself. Errors are the admin routes' {error: {code, message}}.
import type { Response, Router } from 'express';
import { z } from 'zod';
import {
  type ApprovedSubmission,
  type HeldSubmissionCount,
  type RejectedSubmission,
  SUBMISSIONS_MAX_PAGE_SIZE,
  SUBMISSIONS_PAGE_SIZE,
} from '../../contract/submission-queue.ts';
import {
  AlreadyPublished,
  approveSubmission,
  countHeldSubmissions,
  InvalidReason,
  listHeldSubmissions,
  ModerationBusy,
  rejectSubmission,
} from '../../domain/submissions/moderate-submissions.ts';
import { currentAdmin, requireAdmin } from '../admin-auth/routes.ts';
import { type AdminDataContext, actorOf } from '../admin-data/context.ts';
import { sendError } from '../admin-data/errors.ts';
import { parsedQuery, pathId, wholeNumber } from '../admin-data/query-fields.ts';

const MAX_OFFSET = 100_000_000;

const listQuery = z.object({
  limit: wholeNumber('limit', 1, SUBMISSIONS_MAX_PAGE_SIZE),
  offset: wholeNumber('offset', 0, MAX_OFFSET),
});

const approveBody = z.object(
  { verified: z.boolean({ error: 'verified must be true or false' }) },
  { error: 'The body must be a JSON object: {"verified": true} or {"verified": false}' },
);

const rejectBody = z.object(
  { reason: z.unknown() },
  { error: 'The body must be a JSON object: {"reason": "…"}' },
);

function notHeld(res: Response, id: number): void {
  sendError(
    res,
    404,
    'not_found',
    `There is no submission ${id} waiting for review: it has been approved or rejected already, or never existed.`,
  );
}

/** Answers the errors the two writes share; false when the error is not one of them. */
function answeredWriteError(res: Response, error: unknown): boolean {
  if (error instanceof ModerationBusy) {
    sendError(res, 409, 'database_busy', error.message);
    return true;
  }
  if (error instanceof AlreadyPublished) {
    sendError(res, 409, 'already_published', error.message, { slug: error.slug });
    return true;
  }
  if (error instanceof InvalidReason) {
    sendError(res, 400, 'invalid_request', error.message, { field: error.field });
    return true;
  }
  return false;
}

export function registerSubmissionModerationRoutes(
  router: Router,
  { database, logger }: AdminDataContext,
): void {
  const { store } = database;

  router.get('/api/admin/submissions', requireAdmin, async (req, res) => {
    const query = parsedQuery(listQuery, req, res);
    if (!query) return;
    res.json(
      await listHeldSubmissions(store, {
        limit: query.limit ?? SUBMISSIONS_PAGE_SIZE,
        offset: query.offset ?? 0,
      }),
    );
  });

  router.get('/api/admin/submissions/count', requireAdmin, async (_req, res) => {
    const body: HeldSubmissionCount = { held: await countHeldSubmissions(store) };
    res.json(body);
  });

  router.post('/api/admin/submissions/:id/approve', requireAdmin, async (req, res) => {
    const id = pathId(req, res);
    if (id === undefined) return;
    const parsed = approveBody.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, 'invalid_request', parsed.error.issues[0]?.message ?? 'invalid body', {
        field: 'verified',
      });
      return;
    }
    const admin = currentAdmin(req)!;
    try {
      const business = await approveSubmission(store, id, {
        actor: actorOf(admin.username),
        verified: parsed.data.verified,
      });
      if (!business) {
        notHeld(res, id);
        return;
      }
      logger.info(
        { submissionId: id, businessId: business.id, admin: admin.username },
        'submission approved',
      );
      const body: ApprovedSubmission = {
        message: `"${business.name}" is now published${business.isVerified ? ' as Verified' : ''}.`,
        business,
      };
      res.json(body);
    } catch (error) {
      if (!answeredWriteError(res, error)) throw error;
    }
  });

  router.post('/api/admin/submissions/:id/reject', requireAdmin, async (req, res) => {
    const id = pathId(req, res);
    if (id === undefined) return;
    const parsed = rejectBody.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, 'invalid_request', parsed.error.issues[0]?.message ?? 'invalid body', {
        field: 'reason',
      });
      return;
    }
    const admin = currentAdmin(req)!;
    try {
      const rejected = await rejectSubmission(store, id, {
        actor: actorOf(admin.username),
        reason: parsed.data.reason,
      });
      if (!rejected) {
        notHeld(res, id);
        return;
      }
      logger.info({ submissionId: id, admin: admin.username }, 'submission rejected');
      const body: RejectedSubmission = { message: `"${rejected.name}" was rejected and removed.` };
      res.json(body);
    } catch (error) {
      if (!answeredWriteError(res, error)) throw error;
    }
  });
}
