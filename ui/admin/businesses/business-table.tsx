// The list of businesses: one row each with a checkbox (for the actions on several at once) and its
// own actions (Edit, Delete, and Verify while pending); the column headers sort the list.
import { type RefObject, useEffect } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import type { AdminSort, AdminSortColumn } from '../../../server/contract/admin-businesses.ts';
import type { Business } from '../../../server/contract/business.ts';
import { businessPath } from '../../../server/contract/paths.ts';
import { messages } from '../messages/catalog.ts';
import { SortableHeader } from './sortable-header.tsx';

const t = messages.businesses;

export interface BusinessTableProps {
  businesses: Business[];
  totalCount: number;
  /** Rows whose action is under way: their buttons wait. */
  busyIds: ReadonlySet<number>;
  onEdit(business: Business): void;
  onDelete(business: Business): void;
  onVerify(business: Business): void;
  /** Rows ticked for an action on several at once (only ids of this page). */
  selectedIds: ReadonlySet<number>;
  onSelect(id: number, selected: boolean): void;
  /** Ticks or clears every row of the page. */
  onSelectAll(selected: boolean): void;
  /** The "select all on this page" checkbox, to put focus back on after an action. */
  selectAllRef?: RefObject<HTMLInputElement | null>;
  sort: AdminSort | undefined;
  onSort(column: AdminSortColumn): void;
}

export function BusinessTable({
  businesses,
  totalCount,
  busyIds,
  onEdit,
  onDelete,
  onVerify,
  selectedIds,
  onSelect,
  onSelectAll,
  selectAllRef,
  sort,
  onSort,
}: BusinessTableProps) {
  const ticked = businesses.filter((business) => selectedIds.has(business.id)).length;
  const all = businesses.length > 0 && ticked === businesses.length;
  // "Some of the page": the mixed state exists only as a DOM property.
  useEffect(() => {
    if (selectAllRef?.current) selectAllRef.current.indeterminate = ticked > 0 && !all;
  }, [selectAllRef, ticked, all]);
  const header = (column: AdminSortColumn, label: string) => (
    <SortableHeader column={column} label={label} sort={sort} onSort={onSort} />
  );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-business-table">
        <caption>{t.caption(totalCount)}</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-select-cell">
              <label className="admin-select-target">
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  aria-label={t.selectAll}
                  checked={all}
                  onChange={(event) => onSelectAll(event.target.checked)}
                />
              </label>
            </th>
            {header('name', t.columns.business)}
            {header('category', t.columns.category)}
            {header('city', t.columns.location)}
            {header('rating', t.columns.rating)}
            {header('status', t.columns.status)}
            <th scope="col">{t.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {businesses.map((business) => {
            const busy = busyIds.has(business.id);
            const selected = selectedIds.has(business.id);
            return (
              <tr key={business.id} className={selected ? 'admin-row-selected' : undefined}>
                <td className="admin-select-cell">
                  <label className="admin-select-target">
                    <input
                      type="checkbox"
                      aria-label={t.selectRow(business.name)}
                      checked={selected}
                      disabled={busy}
                      onChange={(event) => onSelect(business.id, event.target.checked)}
                    />
                  </label>
                </td>
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
