/**
 * The aria props of every shown toast: not a live region of its own. The toaster's two regions (app/toaster.tsx), on
 * the page before any toast, read its text out; a region inserted with its text is announced unreliably, and both
 * together would read it twice. (react-hot-toast gives each toast its own defaults, so they are set per toast.)
 */
export const SHOWN_TOAST_ARIA = { role: 'status', 'aria-live': 'off' } as const;
