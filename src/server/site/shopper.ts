import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTOMATED_AGENT } from '../../shared/rules/automated';
import { networkOf } from '../../shared/rules/network';
import type { ReadShopper, ShopperId, ShopperIds } from './shopper-id';

// The request's shopper (issue 24): a browser gets its signed id with its first page (cached or not) and keeps it; a
// crawler, scanner or HTTP library gets none, and so counts for nothing.

export interface Shoppers {
  ids: ShopperIds;
  now: () => number;
}

export interface RequestShopper {
  id: ShopperId;
  /** sha256 of the id: what the database keeps. */
  key: string;
  /** Issued with this answer: the browser has not sent it back yet. */
  fresh: boolean;
}

export const shopperKey = (id: string): string => createHash('sha256').update(id).digest('hex');

/** Crawlers, scanners, headless browsers and HTTP libraries (no or a machine's user agent). */
export function isBotAgent(userAgent: string | string[] | undefined): boolean {
  return typeof userAgent !== 'string' || userAgent.trim() === '' || AUTOMATED_AGENT.test(userAgent);
}

export const isBot = (req: { headers: IncomingHttpHeaders }): boolean => isBotAgent(req.headers['user-agent']);

/** The client's network (IPv4 /24, IPv6 /64) as Fastify reports its address. */
export const networkOfRequest = (req: FastifyRequest): string => networkOf(req.ip);

/** The request's valid signed id, without issuing one. */
export function signedShopper(req: FastifyRequest, s: Shoppers): ReadShopper | null {
  return s.ids.read(req.headers, s.now());
}

/**
 * The request's shopper, for a browser: its signed id, or a new one; either way the reply carries the cookie when it
 * must (new, or signed by an older secret). Null for a bot (no cookie).
 */
export function shopperOf(req: FastifyRequest, reply: FastifyReply, s: Shoppers): RequestShopper | null {
  if (isBot(req)) return null;
  const now = s.now();
  const read = s.ids.read(req.headers, now);
  const id = read ?? s.ids.issue(now);
  if (!read || read.stale) reply.header('set-cookie', s.ids.cookie(id, req.protocol === 'https'));
  return { id: { id: id.id, issuedAt: id.issuedAt }, key: shopperKey(id.id), fresh: read === null };
}

/** For the response cache's documents: the Set-Cookie a browser without a valid id gets, else null. */
export function documentCookie(s: Shoppers): (req: IncomingMessage, secure: boolean) => string | null {
  return (req, secure) => {
    if (isBot(req)) return null;
    const now = s.now();
    const read = s.ids.read(req.headers, now);
    if (read && !read.stale) return null;
    return s.ids.cookie(read ?? s.ids.issue(now), secure);
  };
}
