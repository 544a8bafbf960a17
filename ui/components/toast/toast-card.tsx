// One toast: title, description, dismiss button. It leaves after TOAST_DURATION_MS (the clock waits
// while the pointer is over it or focus is in it, so nobody loses a message they are reading,
// WCAG 2.2.1) or when swiped right by SWIPE_THRESHOLD_PX or more; a shorter swipe springs back.
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { type ShownToast, SWIPE_THRESHOLD_PX, TOAST_DURATION_MS } from './toast-types.ts';

export interface ToastCardProps {
  toast: ShownToast;
  onDismiss: () => void;
}

export function ToastCard({ toast, onDismiss }: ToastCardProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipe = useRef<{ pointerId: number; startX: number } | null>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  const paused = hovered || focused || offset > 0;

  // A fresh 5 s when shown or updated; paused while hovered, focused or being swiped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: an update of the text restarts the clock
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissRef.current(), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.title, toast.description]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    swipe.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe.current?.pointerId !== event.pointerId) return;
    // Only to the right: a swipe to the left does nothing.
    setOffset(Math.max(0, event.clientX - swipe.current.startX));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe.current?.pointerId !== event.pointerId) return;
    const distance = event.type === 'pointerup' ? event.clientX - swipe.current.startX : 0;
    swipe.current = null;
    if (distance >= SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  const variant = toast.variant ?? 'default';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the swipe is a pointer shortcut; the button and Escape dismiss too
    <div
      className={`toast toast--${variant}`}
      style={
        offset > 0
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-variant={variant}
    >
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={onDismiss}>
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
