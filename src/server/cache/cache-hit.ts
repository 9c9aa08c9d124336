import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import { canonicalPageUrl } from '../../shared/rules/page-query';
import type { ProxyTrust } from '../trusted-proxies';
import { normaliseUrl, pathOf, type CacheKind } from './cache-policy';
import { pickEncoding, type CachedResponse, type ResponseStore } from './response-store';

// What a hit of the response cache needs (response-cache.ts): the key an answer is kept under, and the answer written
// from the kept bytes, a 304 when the browser's copy is current.

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === etag || v === opaque || v.slice(2) === opaque;
  });
}

/** What a cache key is made of; the same from a Fastify request and from the HTTP server's raw one. */
export interface KeyParts {
  url: string;
  headers: IncomingHttpHeaders;
  protocol: string;
}

/** Cached API routes (by path, no trailing slash) → the query parameters they declare; filled as routes are added. */
export type DeclaredParams = Map<string, ReadonlySet<string> | null>;

export function keyOf(kind: CacheKind, req: KeyParts, host: string, declared: DeclaredParams): string {
  // An API answer counts its declared parameters only: the handler sees no other (see the onRequest hook).
  if (kind !== 'html') return `${host}\n${normaliseUrl(req.url, declared.get(pathOf(req.url)))}`;
  const url = normaliseUrl(req.url);
  // The document names its origin (scheme + Host with port) in canonical and sharing tags. Its address counts only by
  // the parameters the page reads (issue 27): the server draws it from those alone (site/pages.ts).
  return `html\n${req.protocol}\n${(req.headers.host ?? '').toLowerCase()}\n${host}\n${canonicalPageUrl(url)}`;
}

/**
 * An operator's preview (?grant=…) is drawn for them alone and never kept; it must not be answered from the published
 * page's entry either, so it bypasses the cache (a forged grant is drawn as the published page, at a miss's cost).
 */
export const PREVIEW_GRANT = /[?&]grant=/;

/** Removes from the request's query every parameter its route does not declare (null: the route declares none). */
export function dropUndeclared(req: FastifyRequest, names: ReadonlySet<string> | null | undefined): void {
  if (!names || req.query === null || typeof req.query !== 'object') return;
  const query = req.query as Record<string, unknown>;
  for (const name of Object.keys(query)) if (!names.has(name)) delete query[name];
}

/** The scheme as Fastify reports it (req.protocol): the last X-Forwarded-Proto when the peer is a trusted proxy. */
export function rawProtocol(req: IncomingMessage, trust: ProxyTrust | false): string {
  const forwarded = trust && trust(req.socket.remoteAddress, 0) ? req.headers['x-forwarded-proto'] : undefined;
  if (typeof forwarded === 'string' && forwarded !== '') return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
}

export type DocumentCookie = (req: IncomingMessage, secure: boolean) => string | null;
export const isDocument = (entry: CachedResponse): boolean =>
  String(entry.headers['content-type']).startsWith('text/html');

export function writeHit(
  req: IncomingMessage,
  res: ServerResponse,
  store: ResponseStore,
  entry: CachedResponse,
  documentCookie: DocumentCookie | undefined,
  protocol: string,
): void {
  const cookie = documentCookie && isDocument(entry) ? documentCookie(req, protocol === 'https') : null;
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    const headers = { ...entry.headers, etag: entry.etag, 'x-cache': 'HIT' };
    res.writeHead(304, cookie ? { ...headers, 'set-cookie': cookie } : headers);
    res.end();
    return;
  }
  // The stored header object and body of the asked encoding: no allocation per hit (but for a new shopper's cookie).
  const out = store.encoded(entry, pickEncoding(req.headers['accept-encoding']));
  res.writeHead(entry.status, cookie ? { ...out.headers, 'set-cookie': cookie } : out.headers);
  res.end(out.body);
}
