import { useEffect } from 'react';
import { loadScript } from './load-script';

/** SPEC §1: "a recaptcha v3 loader is present; its use is not shown" — only the loader, only with a configured site key. */
export function recaptchaSrc(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

export function loadRecaptcha(siteKey: string): Promise<void> {
  return loadScript(recaptchaSrc(siteKey), { id: 'recaptcha', async: true });
}

/** Loads recaptcha v3 once when bootstrap.config.recaptchaSiteKey is set; nothing otherwise. */
export function useRecaptchaLoader(siteKey: string | null | undefined): void {
  const key = siteKey?.trim() || null;
  useEffect(() => {
    if (!key) return;
    loadRecaptcha(key).catch((error: unknown) =>
      console.warn('[dealdeck] recaptcha', error instanceof Error ? error.message : error),
    );
  }, [key]);
}
