import { useToastAnnouncement } from '../lib/toast';

// Toasts are announced from two live regions that exist before any toast (screen readers announce changes to a
// region already on the page, not a region inserted with its text): errors assertively, the rest politely. The
// visible toasts are not live regions themselves (lib/toast-aria.ts), so nothing is read twice. The regions have no
// role: they are not a status or an alert of the page, only the voice of its toasts.
export function ToastRegions() {
  const { text, urgent } = useToastAnnouncement();
  return (
    <>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-toast-announcer="polite">
        {urgent ? '' : text}
      </div>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-toast-announcer="assertive">
        {urgent ? text : ''}
      </div>
    </>
  );
}
