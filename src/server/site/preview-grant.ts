import { createHmac, timingSafeEqual } from 'node:crypto';

// Issue 25: what an operator may preview — one tenant, one layout document (or none), one instant (or none) — signed
// by the server for a few minutes. `?layout=`, `?at=` and /layouts/*.json answer only with such a grant; anyone else
// gets the published page (and a 404 for a raw document), so a campaign scheduled for next week does not leak.

export interface PreviewGrant {
  /** The tenant (domain id) whose pages it previews. */
  tenant: string;
  /** `home/x.json`, or '' for none. */
  layout: string;
  /** The `at` value exactly as the URL carries it, or '' for none. */
  at: string;
  /** Expiry, ms since the epoch. */
  expires: number;
}

/** How long a grant lasts: long enough to look, short enough that a copied URL soon stops working. */
export const PREVIEW_GRANT_MS = 15 * 60 * 1000;

export interface PreviewGrants {
  sign(g: PreviewGrant): string;
  /** The grant a token carries, when the server signed it and it has not expired; else null. */
  verify(token: unknown, now: number): PreviewGrant | null;
}

export function previewGrants(secret: string): PreviewGrants {
  const mac = (body: string) => createHmac('sha256', `preview-grant\n${secret}`).update(body).digest();
  return {
    sign(g) {
      const body = Buffer.from(JSON.stringify([g.tenant, g.layout, g.at, g.expires])).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token, now) {
      if (typeof token !== 'string' || token.length > 2000) return null;
      const [body, sig, extra] = token.split('.');
      if (!body || !sig || extra !== undefined) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const [tenant, layout, at, expires] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
        if (typeof tenant !== 'string' || typeof layout !== 'string' || typeof at !== 'string') return null;
        if (typeof expires !== 'number' || !(expires > now)) return null;
        return { tenant, layout, at, expires };
      } catch {
        return null;
      }
    },
  };
}
