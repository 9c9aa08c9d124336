// Loading third-party scripts (recaptcha): a script element with the page's CSP nonce, settled on load, error or timeout.

/** SPEC §9 "Script load timeout". */
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;

/** The per-response nonce the server put in <meta property="csp-nonce" nonce>; '' when there is none. */
export function cspNonce(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the nonce attribute once parsed (getAttribute gives ''); the IDL property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}

/** A script element carrying the page's nonce, so the CSP ('nonce-…', no 'unsafe-inline') lets it run. */
export function createNoncedScript(doc: Document = document): HTMLScriptElement {
  const script = doc.createElement('script');
  const nonce = cspNonce(doc);
  if (nonce) script.setAttribute('nonce', nonce);
  return script;
}

interface LoadOptions {
  timeoutMs?: number;
  async?: boolean;
  /** Marks the element (data-dealdeck-script) so a second call finds it instead of adding another. */
  id: string;
  doc?: Document;
}

const pending = new Map<string, Promise<void>>();

/** Adds `<script src>` to <head> once per id; resolves on load, rejects on error or after the timeout (SPEC §9). */
export function loadScript(src: string, { timeoutMs = SCRIPT_LOAD_TIMEOUT_MS, async = true, id, doc = document }: LoadOptions): Promise<void> {
  const known = pending.get(id);
  if (known && doc.head.querySelector(`script[data-dealdeck-script="${id}"]`)) return known;
  const script = createNoncedScript(doc);
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
