// Reject, confirmed in an alert dialog: the reason is required (it is what Recent Activity keeps),
// the action stays disabled until one is typed, and the text area has the focus on opening.
import { useId, useRef, useState } from 'react';
import { REJECT_REASON_MAX } from '../../../server/contract/submission-queue.ts';
import { AlertDialog } from '../components/alert-dialog.tsx';
import { messages } from '../messages/catalog.ts';

const t = messages.submissions;

export interface RejectDialogProps {
  name: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(reason: string): void;
}

export function RejectDialog({ name, busy, onCancel, onConfirm }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const missing = reason.trim() === '';

  return (
    <AlertDialog
      title={t.rejectTitle}
      description={<p>{t.rejectDescription(name)}</p>}
      cancelLabel={messages.common.cancel}
      confirmLabel={t.rejectConfirm}
      confirmDisabled={missing}
      busy={busy}
      initialFocus={reasonRef}
      onCancel={onCancel}
      onConfirm={() => {
        if (!missing) onConfirm(reason.trim());
      }}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>
          {t.reasonLabel} <span className="admin-required">*</span>
        </label>
        <textarea
          ref={reasonRef}
          id={`${id}-reason`}
          required
          aria-required="true"
          aria-describedby={`${id}-hint`}
          maxLength={REJECT_REASON_MAX}
          rows={3}
          value={reason}
          disabled={busy}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={`${id}-hint`} className="admin-muted admin-small">
          {missing ? `${t.reasonRequired} ` : ''}
          {t.reasonHint(REJECT_REASON_MAX)}
        </p>
      </div>
    </AlertDialog>
  );
}
