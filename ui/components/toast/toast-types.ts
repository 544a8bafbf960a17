// The toast interface and the §9 constants, apart from the components that use them.

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}

export interface ToastHandle {
  id: number;
  update(patch: Partial<ToastInput>): void;
  dismiss(): void;
}

export type ShowToast = (toast: ToastInput) => ToastHandle;

export interface ShownToast extends ToastInput {
  id: number;
}

/** §9: how long a toast stays on screen. */
export const TOAST_DURATION_MS = 5_000;
/** §9: a swipe to the right of at least this many pixels dismisses the toast. */
export const SWIPE_THRESHOLD_PX = 50;
/** §9: the key that moves focus to the notifications. */
export const TOAST_HOTKEY = 'F8';
/** A window event carrying a ToastInput as its detail: code outside React (and browser tests) shows
 *  a toast through the same single region. */
export const TOAST_EVENT = 'directory:toast';
