// Submissions: the listings sent through Add Your Business, held off the site until the administrator
// approves one (published at once, Verified if ticked) or rejects it (removed, the reason logged).
// The server is the judge of every action: a submission another admin already handled answers 404,
// which is reported and the list read again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HeldSubmission } from '../../../server/contract/submission-queue.ts';
import { SUBMISSIONS_PAGE_SIZE } from '../../../server/contract/submission-queue.ts';
import { useToast } from '../../components/toast/toast-provider.tsx';
import { adminApi } from '../api/admin-api.ts';
import { heldSubmissionsQuery } from '../api/admin-queries.ts';
import { serverMessageOf, useAdminSession } from '../admin-session.tsx';
import { Pagination } from '../businesses/pagination.tsx';
import { ErrorState, LoadingState } from '../components/query-state.tsx';
import { messages } from '../messages/catalog.ts';
import { refreshAfterDataChange } from '../refresh-data.ts';
import { useRequireLoginOn401 } from '../use-require-login-on-401.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { SubmissionCard } from './submission-card.tsx';

const t = messages.submissions;

export function SubmissionsTab() {
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<HeldSubmission | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const queryClient = useQueryClient();
  const session = useAdminSession();
  const toast = useToast();
  const list = useQuery(heldSubmissionsQuery(SUBMISSIONS_PAGE_SIZE, (page - 1) * SUBMISSIONS_PAGE_SIZE));
  useRequireLoginOn401(list.error);

  const markBusy = (id: number, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  async function approve(submission: HeldSubmission, verified: boolean) {
    markBusy(submission.id, true);
    try {
      const { message } = await adminApi.approveSubmission(submission.id, verified);
      toast({ title: t.approvedTitle, description: message, variant: 'success' });
    } catch (error) {
      session.reportError(error, {
        title: t.approveFailedTitle,
        description: serverMessageOf(error, String(error)),
      });
    } finally {
      markBusy(submission.id, false);
      // Published (or handled elsewhere meanwhile): the queue, the badges and the figures read again.
      await refreshAfterDataChange(queryClient);
    }
  }

  async function reject(reason: string): Promise<void> {
    const submission = rejecting;
    if (!submission) return;
    markBusy(submission.id, true);
    try {
      const { message } = await adminApi.rejectSubmission(submission.id, reason);
      setRejecting(null);
      toast({ title: t.rejectedTitle, description: message, variant: 'success' });
    } catch (error) {
      setRejecting(null);
      session.reportError(error, {
        title: t.rejectFailedTitle,
        description: serverMessageOf(error, String(error)),
      });
    } finally {
      markBusy(submission.id, false);
      await refreshAfterDataChange(queryClient);
    }
  }

  const totalPages = list.data?.totalPages ?? 0;
  // Handling the last one of the last page leaves a page past the end: step back to the new last one.
  if (list.data && totalPages > 0 && page > totalPages) setPage(totalPages);

  return (
    <div className="admin-stack">
      <h2>{t.heading}</h2>
      <p className="admin-muted">{t.intro}</p>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.submissions.length === 0 ? (
        <p className="admin-muted" role="status">
          {t.empty}
        </p>
      ) : (
        <section
          aria-label={t.caption(list.data.totalCount)}
          className={list.isPlaceholderData ? 'admin-stack admin-stale' : 'admin-stack'}
          aria-busy={list.isFetching}
        >
          <p className="admin-small" role="status">
            {t.caption(list.data.totalCount)}
          </p>
          <ul className="admin-submission-list">
            {list.data.submissions.map((submission) => (
              <li key={submission.id}>
                <SubmissionCard
                  submission={submission}
                  busy={busyIds.has(submission.id)}
                  onApprove={(verified) => approve(submission, verified)}
                  onReject={() => setRejecting(submission)}
                />
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPage={setPage} />
        </section>
      )}

      {rejecting && (
        <RejectDialog
          name={rejecting.listing.name}
          busy={busyIds.has(rejecting.id)}
          onCancel={() => setRejecting(null)}
          onConfirm={reject}
        />
      )}
    </div>
  );
}
