import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import type { Shoppers } from '../site/shopper';

// What route modules receive from buildApp.
export interface RouteDeps {
  db: Db;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Signed shopper ids (site/shopper-id.ts) and the clock they are read with. */
  shoppers: Shoppers;
  /** How long a new vote waits before it joins the shown tally (VOTE_HOLD_SECONDS). */
  voteHoldSeconds: number;
  /** The app's clock (AppOptions.now): the sign-up mail throttle counts by it. */
  now: () => number;
}

export interface RateLimits {
  /** Newsletter subscriptions per client IP per window. */
  newsletter: { max: number; timeWindow: number };
  /** Contact messages, logins and registrations per client IP per window. */
  forms: { max: number; timeWindow: number };
  /** "Did this code work?" votes per client IP per window. */
  votes: { max: number; timeWindow: number };
  /** Reveals (record-visit) and click-outs, each route, per client IP per window. */
  signals: { max: number; timeWindow: number };
  /**
   * Answers drawn afresh (response-cache misses) per client network (IPv4 /24, IPv6 /64) per window, for every cached
   * route together; hits are never counted (issue 27: one client's misses must not slow other shoppers).
   */
  misses: { max: number; timeWindow: number };
  /**
   * The console's changes (every /api/admin route but reads: edits, uploads, imports, sends) per operator per window,
   * counted on every instance together: a stolen or scripted session cannot flood the database.
   */
  adminWrites: { max: number; timeWindow: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  newsletter: { max: 10, timeWindow: 60_000 },
  forms: { max: 10, timeWindow: 60_000 },
  votes: { max: 10, timeWindow: 60_000 },
  signals: { max: 30, timeWindow: 60_000 },
  misses: { max: 300, timeWindow: 60_000 },
  adminWrites: { max: 300, timeWindow: 60_000 },
};
