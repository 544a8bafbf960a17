// One modal dialog for the whole panel, on the native <dialog> element: showModal() makes the rest
// of the page inert and keeps Tab inside. We add what the alert-dialog pattern asks beyond that:
// a chosen first focus (the least destructive control), Escape routed through onClose, and focus
// returned to whatever opened the dialog.
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

export interface ModalDialogProps {
  /** 'alertdialog' for confirmations, 'dialog' for forms. */
  role: 'alertdialog' | 'dialog';
  title: string;
  /** The sentence that says what is at stake (aria-describedby). */
  description: ReactNode;
  /** Escape, or a cancel control inside. */
  onClose(): void;
  /** The control to focus on opening; the first focusable element when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

export function ModalDialog({
  role,
  title,
  description,
  onClose,
  initialFocus,
  className,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening is a mount-time act; initialFocus is read once
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      initialFocus?.current ??
      dialog.querySelector<HTMLElement>('input, select, textarea, button:not([disabled]), [href]');
    first?.focus();
    // Escape fires "cancel": the owner decides (it may be busy and keep the dialog open).
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      // The opener may have gone (a deleted row's button): then focus stays where the browser puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={`admin-dialog${className ? ` ${className}` : ''}`}
    >
      <h2 id={titleId} className="admin-dialog-title">
        {title}
      </h2>
      <div id={descriptionId} className="admin-dialog-description">
        {description}
      </div>
      {children}
    </dialog>
  );
}
