// A confirmation in the alert-dialog pattern: title, what is at stake, Cancel (focused first: the
// least destructive choice) and the action. `children` adds content such as a typed confirmation.
import { type ReactNode, type RefObject, useRef } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

export interface AlertDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** Disables the action (a typed word not yet right, a call under way). */
  confirmDisabled?: boolean;
  /** While the action runs: both buttons wait, Escape does nothing. */
  busy?: boolean;
  /** Focus on opening; Cancel when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The action's colour: red (the default) for what cannot be undone, the primary one otherwise. */
  confirmTone?: 'danger' | 'primary';
  children?: ReactNode;
}

export function AlertDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  confirmDisabled,
  busy,
  initialFocus,
  confirmTone = 'danger',
  children,
}: AlertDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      role="alertdialog"
      title={title}
      description={description}
      onClose={() => {
        if (!busy) onCancel();
      }}
      initialFocus={initialFocus ?? cancelRef}
    >
      {children}
      <div className="admin-dialog-actions">
        <button ref={cancelRef} type="button" className="admin-button" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`admin-button admin-button-${confirmTone}`}
          onClick={onConfirm}
          disabled={confirmDisabled || busy}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
