import { resolveValue, Toaster, useToasterStore } from 'react-hot-toast';
import { pageSettings } from '../pages/page-settings';

// Toasts are announced from two live regions that exist before any toast (screen readers announce changes to a
// region already on the page, not a region inserted with its text): errors assertively, the rest politely. The
// visible toasts are not live regions themselves (app/toast-aria.ts), so nothing is read twice. The regions have no
// role: they are not a status or an alert of the page, only the voice of its toasts.

/** The newest visible toast's text in the page's two live regions. */
function ToastAnnouncer() {
  const { toasts } = useToasterStore();
  const latest = toasts.find((t) => t.visible);
  const message = latest ? resolveValue(latest.message, latest) : null;
  const text = typeof message === 'string' ? message : '';
  const urgent = latest?.type === 'error';
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

/** Toasts top-right (SPEC §9), for the settings' duration; its own chunk, since toasts only follow a shopper's action. */
export function AppToaster() {
  return (
    <>
      <Toaster
        position="top-right"
        toastOptions={{ duration: pageSettings.toastDurationMs }}
        containerStyle={{ top: 16, right: 16 }}
      />
      <ToastAnnouncer />
    </>
  );
}
