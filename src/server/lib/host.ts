import type { IncomingHttpHeaders } from 'node:http';

// The host a request names: its `domain-name` header when present, else its Host header (port ignored,
// case-insensitive). The tenant lookup, the response cache's keys and the mail tools all read it this way.

/** "HTTPS://One.LocalHost:8080/x" → "one.localhost"; "[::1]:80" → "::1". */
export function normalizeHost(raw: string): string {
  let h = raw.trim().toLowerCase();
  h = h.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  h = h.split(/[/?#]/)[0] ?? '';
  h = h.replace(/^.*@/, '');
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  h = h.replace(/:\d*$/, '');
  return h.replace(/\.$/, '');
}

export function requestHost(req: { headers: IncomingHttpHeaders }): string | null {
  const header = req.headers['domain-name'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && value.trim() !== '') return normalizeHost(value);
  const host = req.headers.host;
  return host ? normalizeHost(host) : null;
}
