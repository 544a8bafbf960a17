// Notifications (§4, §9): one toast at a time (a new one replaces the one shown), shown for
// 5,000 ms, dismissed by its button, a swipe to the right of 50 px or Escape; F8 moves focus to the
// notification region. The live regions are in the server's HTML from the start (empty), so that
// screen readers announce what is put in them later.
//   const toast = useToast(); toast({ title, description, variant });
// The call returns a handle to update or dismiss that toast (ignored by most callers).
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ToastCard } from './toast-card.tsx';
import {
  type ShowToast,
  type ShownToast,
  TOAST_EVENT,
  TOAST_HOTKEY,
  type ToastHandle,
  type ToastInput,
} from './toast-types.ts';

export type { ShowToast, ToastHandle, ToastInput } from './toast-types.ts';

const noHandle: ToastHandle = { id: 0, update: () => {}, dismiss: () => {} };
const ToastContext = createContext<ShowToast>(() => noHandle);

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

const VARIANTS = new Set(['default', 'success', 'destructive']);

/** What a toast event may carry: a title, and a description and variant of the right kinds. */
function isToastInput(value: unknown): value is ToastInput {
  const candidate = value as Partial<ToastInput> | null;
  return (
    typeof candidate?.title === 'string' &&
    (candidate.description === undefined || typeof candidate.description === 'string') &&
    (candidate.variant === undefined || VARIANTS.has(candidate.variant))
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLElement>(null);

  const show = useCallback<ShowToast>((input) => {
    const id = nextId.current++;
    setToast({ title: input.title, description: input.description, variant: input.variant, id });
    return {
      id,
      update: (patch) => setToast((current) => (current?.id === id ? { ...current, ...patch } : current)),
      dismiss: () => setToast((current) => (current?.id === id ? null : current)),
    };
  }, []);

  const dismiss = useCallback((id: number) => {
    setToast((current) => (current?.id === id ? null : current));
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY || event.code === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    const onToastEvent = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isToastInput(detail)) show(detail);
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener(TOAST_EVENT, onToastEvent);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(TOAST_EVENT, onToastEvent);
    };
  }, [show]);

  const value = useMemo(() => show, [show]);
  const destructive = toast?.variant === 'destructive';
  const card = toast && <ToastCard key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />;

  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        ref={regionRef}
        className="toast-region"
        aria-label={`Notifications (${TOAST_HOTKEY})`}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && toast) dismiss(toast.id);
        }}
      >
        {/* Two live regions: errors interrupt (alert), everything else waits its turn (status). */}
        <div role="status" aria-live="polite" aria-atomic="true">
          {!destructive && card}
        </div>
        <div role="alert" aria-atomic="true">
          {destructive && card}
        </div>
      </section>
    </ToastContext.Provider>
  );
}
