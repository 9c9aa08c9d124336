// Loading third-party scripts (recaptcha): a script element inserted by the app, settled on load, error or timeout.
// The page's CSP trusts it through 'strict-dynamic': the app's own scripts are trusted, so what they insert runs.

/** SPEC §9 "Script load timeout". */
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;

interface LoadOptions {
  timeoutMs?: number;
  async?: boolean;
  /** Marks the element (data-dealdeck-script) so a second call finds it instead of adding another. */
  id: string;
  doc?: Document;
}

const pending = new Map<string, Promise<void>>();

/** Adds `<script src>` to <head> once per id; resolves on load, rejects on error or after the timeout (SPEC §9). */
export function loadScript(
  src: string,
  { timeoutMs = SCRIPT_LOAD_TIMEOUT_MS, async = true, id, doc = document }: LoadOptions,
): Promise<void> {
  const known = pending.get(id);
  if (known && doc.head.querySelector(`script[data-dealdeck-script="${id}"]`)) return known;
  const script = doc.createElement('script');
  script.src = src;
  script.async = async;
  script.dataset.dealdeckScript = id;
  const promise = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      script.remove();
      pending.delete(id);
      reject(new Error(`script ${src} did not load within ${timeoutMs} ms`));
    }, timeoutMs);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      pending.delete(id);
      reject(new Error(`script ${src} failed to load`));
    });
  });
  pending.set(id, promise);
  doc.head.appendChild(script);
  return promise;
}
