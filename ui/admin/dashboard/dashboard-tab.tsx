// Dashboard: the four figures of the statistics, the submissions waiting for review (with a way to
// them), and the Recent Activity (imports from their run records, exports, SEO runs, edits,
// deletions and moderation from the activity log).
import { useQuery } from '@tanstack/react-query';
import { activityQuery, adminStatisticsQuery, heldSubmissionCountQuery } from '../api/admin-queries.ts';
import { ErrorState, LoadingState } from '../components/query-state.tsx';
import { messages } from '../messages/catalog.ts';
import { useRequireLoginOn401 } from '../use-require-login-on-401.ts';

const t = messages.dashboard;
const STAT_KEYS = ['totalBusinesses', 'verifiedBusinesses', 'categories', 'totalCities'] as const;

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function DashboardTab({ onReviewSubmissions }: { onReviewSubmissions?: () => void }) {
  const statistics = useQuery(adminStatisticsQuery());
  const activity = useQuery(activityQuery());
  const held = useQuery(heldSubmissionCountQuery());
  useRequireLoginOn401(activity.error);

  return (
    <div className="admin-stack">
      <h2 className="admin-visually-hidden">{t.heading}</h2>
      {statistics.isPending ? (
        <LoadingState />
      ) : statistics.isError ? (
        <ErrorState error={statistics.error} onRetry={() => statistics.refetch()} />
      ) : (
        <ul className="admin-stat-grid">
          {STAT_KEYS.map((key) => (
            <li key={key} className="admin-stat-card">
              <span className="admin-stat-label">{t.stats[key]}</span>
              <span className="admin-stat-value">{statistics.data[key].toLocaleString('en-US')}</span>
            </li>
          ))}
        </ul>
      )}

      {held.data && (
        <section className="admin-card" aria-labelledby="admin-held-heading">
          <h2 id="admin-held-heading">
            {t.held.heading}{' '}
            <span className={`admin-badge admin-badge-${held.data.held > 0 ? 'pending' : 'ok'}`}>
              {held.data.held.toLocaleString('en-US')}
            </span>
          </h2>
          <p>{t.held.waiting(held.data.held)}</p>
          {held.data.held > 0 && onReviewSubmissions && (
            <div>
              <button
                type="button"
                className="admin-button admin-button-primary"
                onClick={onReviewSubmissions}
              >
                {t.held.review}
              </button>
            </div>
          )}
        </section>
      )}

      <section className="admin-card" aria-labelledby="admin-activity-heading">
        <h2 id="admin-activity-heading">{t.activityHeading}</h2>
        {activity.isPending ? (
          <LoadingState />
        ) : activity.isError ? (
          <ErrorState error={activity.error} onRetry={() => activity.refetch()} />
        ) : activity.data.items.length === 0 ? (
          <p className="admin-muted">{t.activityEmpty}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="admin-visually-hidden">{t.activityCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columns.when}</th>
                  <th scope="col">{t.columns.who}</th>
                  <th scope="col">{t.columns.what}</th>
                  <th scope="col" className="admin-numeric">
                    {t.columns.count}
                  </th>
                </tr>
              </thead>
              <tbody>
                {activity.data.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <time dateTime={item.at}>{formatTime(item.at)}</time>
                    </td>
                    <td>{item.actor}</td>
                    <td>
                      <span className={`admin-badge admin-badge-${badgeTone(item)}`}>
                        {t.kinds[item.kind] ?? item.kind}
                      </span>{' '}
                      {item.summary}
                    </td>
                    <td className="admin-numeric">{item.count?.toLocaleString('en-US') ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

function badgeTone(item: { kind: string; status: string | null }): 'neutral' | 'danger' | 'ok' {
  if (item.kind === 'delete-all' || item.kind === 'delete' || item.kind === 'reject') return 'danger';
  if (item.kind === 'approve') return 'ok';
  if (item.status === 'failed' || item.status === 'interrupted') return 'danger';
  return item.status === 'done' ? 'ok' : 'neutral';
}
