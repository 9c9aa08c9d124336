import { useSyncExternalStore } from 'react';
import { SHOWN_TOAST_ARIA } from './toast-aria';

// Toasts only follow a shopper's action, so react-hot-toast is in no page's first load: it comes with the first toast
// (showToast), and the toaster mounts then. The two live regions that read toasts out are the page's from the start
// (ToastRegions, in the shell) and take their text from here.

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

let wanted = false;
/** True once a toast has been asked for: the shell then mounts the toaster. */
export const useToasterWanted = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );

/** Shows a toast (SPEC §8 texts); `id` replaces an earlier toast with the same id instead of stacking. */
export function showToast(kind: 'success' | 'error', message: string, id?: string): void {
  if (!wanted) {
    wanted = true;
    emit();
  }
  void import('react-hot-toast').then(
    ({ default: toast }) => toast[kind](message, { ...(id === undefined ? {} : { id }), ariaProps: SHOWN_TOAST_ARIA }),
    (error: unknown) => console.error('[dealdeck] the toast could not load:', message, error),
  );
}

export interface Announcement {
  text: string;
  /** Errors are read out assertively, the rest politely. */
  urgent: boolean;
}
const SILENT: Announcement = { text: '', urgent: false };
let announcement = SILENT;

/** The newest visible toast, as the toaster reports it ('' once none is shown). */
export function announceToast(next: Announcement): void {
  if (next.text === announcement.text && next.urgent === announcement.urgent) return;
  announcement = next;
  emit();
}

export const useToastAnnouncement = (): Announcement =>
  useSyncExternalStore(
    subscribe,
    () => announcement,
    () => SILENT,
  );
