import { randomBytes } from 'node:crypto';

// CSP for HTML pages: no 'unsafe-eval'; scripts need the per-response nonce ('strict-dynamic' lets them load more).
// The inline bootstrap is type application/json (data, never executed), so it needs no script-src allowance.
// Tenants' header_js/footer_js are injected by the client as script elements carrying the nonce read from
// <meta property="csp-nonce" nonce="…"> (Vite's convention); 'unsafe-inline' is never granted for scripts.
export const newNonce = (): string => randomBytes(16).toString('base64');

/** Stands for the nonce in a document rendered once and sent many times (unguessable, per process, HTML-safe). */
export const PAGE_NONCE_SLOT = `nonce-slot-${randomBytes(12).toString('hex')}`;

export function htmlCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data: https:",
    "connect-src 'self' https:",
    'frame-src https://www.google.com https://recaptcha.google.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
