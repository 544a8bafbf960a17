// The list of businesses: one row each with its actions (Edit, Delete, and Verify while pending).
import { AppLink } from '../../components/app-link.tsx';
import type { Business } from '../../../server/contract/business.ts';
import { businessPath } from '../../../server/contract/paths.ts';
import { messages } from '../messages/catalog.ts';

const t = messages.businesses;

export interface BusinessTableProps {
  businesses: Business[];
  totalCount: number;
  /** Rows whose action is under way: their buttons wait. */
  busyIds: ReadonlySet<number>;
  onEdit(business: Business): void;
  onDelete(business: Business): void;
  onVerify(business: Business): void;
}

export function BusinessTable({
  businesses,
  totalCount,
  busyIds,
  onEdit,
  onDelete,
  onVerify,
}: BusinessTableProps) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-business-table">
        <caption>{t.caption(totalCount)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.business}</th>
            <th scope="col">{t.columns.category}</th>
            <th scope="col">{t.columns.location}</th>
            <th scope="col">{t.columns.rating}</th>
            <th scope="col">{t.columns.status}</th>
            <th scope="col">{t.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {businesses.map((business) => {
            const busy = busyIds.has(business.id);
            return (
              <tr key={business.id}>
                <td>
                  <AppLink to={businessPath(business.slug)} className="admin-business-name">
                    {business.name}
                  </AppLink>
                  {business.address && <span className="admin-muted admin-small">{business.address}</span>}
                </td>
                <td>{business.category}</td>
                <td>{[business.city, business.state, business.country].filter(Boolean).join(', ')}</td>
                <td className="admin-nowrap">{t.ratingText(business.rating, business.reviewCount)}</td>
                <td>
                  <span
                    className={`admin-badge ${business.isVerified ? 'admin-badge-ok' : 'admin-badge-pending'}`}
                  >
                    {business.isVerified ? t.verified : t.pending}
                  </span>
                </td>
                <td>
                  <div className="admin-row-actions">
                    <button
                      type="button"
                      className="admin-button admin-button-small"
                      aria-label={t.editLabel(business.name)}
                      disabled={busy}
                      onClick={() => onEdit(business)}
                    >
                      {t.edit}
                    </button>
                    {!business.isVerified && (
                      <button
                        type="button"
                        className="admin-button admin-button-small admin-button-primary"
                        aria-label={t.verifyLabel(business.name)}
                        disabled={busy}
                        onClick={() => onVerify(business)}
                      >
                        {t.verify}
                      </button>
                    )}
                    <button
                      type="button"
                      className="admin-button admin-button-small admin-button-danger"
                      aria-label={t.deleteLabel(business.name)}
                      disabled={busy}
                      onClick={() => onDelete(business)}
                    >
                      {t.delete}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
