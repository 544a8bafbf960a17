// What the ticked rows can have done to them at once: Verify, Unverify or Delete (each confirmed once
// by the tab), and Clear. The count is a live region, so a screen reader hears "3 selected" as rows
// are ticked; the buttons wait while nothing is ticked or an action runs.
import type { BulkAction } from '../../../server/contract/admin-businesses.ts';
import { messages } from '../messages/catalog.ts';

const t = messages.businesses;

export function BulkActionsBar({
  count,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  busy: boolean;
  onAction(action: BulkAction): void;
  onClear(): void;
}) {
  const idle = count === 0 || busy;
  return (
    <fieldset className={`admin-bulk-bar${count > 0 ? ' admin-bulk-bar-active' : ''}`}>
      <legend className="admin-visually-hidden">{t.bulkToolbar}</legend>
      <p className="admin-bulk-count" role="status">
        {t.selectedCount(count)}
      </p>
      <div className="admin-bulk-actions">
        <button
          type="button"
          className="admin-button admin-button-small admin-button-primary"
          disabled={idle}
          onClick={() => onAction('verify')}
        >
          {t.bulkVerify}
        </button>
        <button
          type="button"
          className="admin-button admin-button-small"
          disabled={idle}
          onClick={() => onAction('unverify')}
        >
          {t.bulkUnverify}
        </button>
        <button
          type="button"
          className="admin-button admin-button-small admin-button-danger"
          disabled={idle}
          onClick={() => onAction('delete')}
        >
          {t.bulkDelete}
        </button>
        {count > 0 && (
          <button type="button" className="admin-button admin-button-small" disabled={busy} onClick={onClear}>
            {t.clearSelection}
          </button>
        )}
      </div>
    </fieldset>
  );
}
