import { useEffect } from 'react';
import { resolveValue, Toaster, useToasterStore } from 'react-hot-toast';
import { pageSettings } from '../config/page-settings';
import { announceToast } from '../lib/toast';

/** Passes the newest visible toast's text to the page's two live regions (ToastRegions). */
function ToastAnnouncer() {
  const { toasts } = useToasterStore();
  const latest = toasts.find((t) => t.visible);
  const message = latest ? resolveValue(latest.message, latest) : null;
  const text = typeof message === 'string' ? message : '';
  const urgent = latest?.type === 'error';
  useEffect(() => announceToast({ text, urgent }), [text, urgent]);
  return null;
}

/** Toasts top-right (SPEC §9), for the settings' duration; its own chunk, mounted with the first toast. */
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
