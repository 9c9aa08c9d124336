import { Toaster } from 'react-hot-toast';
import { pageSettings } from '../pages/page-settings';

/** Toasts top-right (SPEC §9), for the settings' duration; its own chunk, since toasts only follow a shopper's action. */
export function AppToaster() {
  return <Toaster position="top-right" toastOptions={{ duration: pageSettings.toastDurationMs }} containerStyle={{ top: 16, right: 16 }} />;
}
