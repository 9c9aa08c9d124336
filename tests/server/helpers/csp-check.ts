import { createHash } from 'node:crypto';

// What the browser enforces of a document's CSP: every inline script that would execute must have its hash listed.

const EXECUTABLE = /^(|module|text\/javascript|application\/javascript)$/i;

/** The inline scripts of a document that a browser would execute (not data blocks such as JSON or JSON-LD). */
export function inlineExecutableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/i.test(attrs!) && EXECUTABLE.test(/\btype="([^"]*)"/i.exec(attrs!)?.[1] ?? ''))
    .map(([, , text]) => text!);
}

/** The script-src sources of a CSP header. */
export function scriptSources(csp: string): string[] {
  return (/(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? '').trim().split(/\s+/);
}

export const sha256Source = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
