import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Queryable } from '../db/connect';

// Issue 24: the one id that keys a shopper's votes, reveals and experiment arm is made by the server and signed
// (HMAC-SHA256). A value the server did not sign is no id at all: a script cannot mint shoppers or pick its arm.
// Secrets rotate without losing shoppers: the first signs, every one verifies, and a cookie signed by an older secret
// is signed again with the first (same id, same issue time).

/** `<id>.<issued>.<mac>`: 128 random bits (base64url), the issue time (unix seconds, base 36), 192 bits of HMAC. */
export const SHOPPER_COOKIE = 'dd_id';
/** 400 days, the longest lifetime browsers keep (RFC 6265bis); every signal renews it. */
export const SHOPPER_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
const FORMAT = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{32})$/;
/** A secret shorter than this is refused at start (SHOPPER_ID_SECRETS). */
/** A clock a little behind another instance's must not reject the ids it issued. */
const CLOCK_SKEW_SECONDS = 300;

export interface ShopperId {
  /** The random part: what experiment arms hash and what is stored (as sha256). */
  id: string;
  /** When the server issued it (ms since the epoch, whole seconds). */
  issuedAt: number;
}

export interface ReadShopper extends ShopperId {
  /** Signed by an older secret: the caller sends the cookie again, signed by the current one. */
  stale: boolean;
}

export interface ShopperIds {
  /** The request's valid signed id, or null (absent, malformed, forged, from the future, or two that disagree). */
  read(headers: Pick<IncomingHttpHeaders, 'cookie'>, now: number): ReadShopper | null;
  /** A new id issued now. */
  issue(now: number): ShopperId;
  /** The Set-Cookie value carrying `s`. */
  cookie(s: ShopperId, secure: boolean): string;
}

const b64url = (buf: Buffer): string => buf.toString('base64url');

/** The ids signed with `secrets` (the first signs; all verify). */
export function shopperIds(secrets: readonly string[]): ShopperIds {
  if (secrets.length === 0) throw new Error('shopper ids need at least one secret');
  const keys = secrets.map((s) => Buffer.from(s, 'utf8'));
  const mac = (key: Buffer, body: string): Buffer => createHmac('sha256', key).update(body).digest().subarray(0, 24);
  const sign = (s: ShopperId): string => {
    const body = `${s.id}.${Math.floor(s.issuedAt / 1000).toString(36)}`;
    return `${body}.${b64url(mac(keys[0]!, body))}`;
  };
  const verify = (value: string, now: number): ReadShopper | null => {
    const m = FORMAT.exec(value);
    if (!m) return null;
    const issuedAt = parseInt(m[2]!, 36) * 1000;
    if (!Number.isSafeInteger(issuedAt) || issuedAt > now + CLOCK_SKEW_SECONDS * 1000) return null;
    const body = `${m[1]}.${m[2]}`;
    const given = Buffer.from(m[3]!, 'base64url');
    for (let i = 0; i < keys.length; i++) {
      const expected = mac(keys[i]!, body);
      if (given.length === expected.length && timingSafeEqual(given, expected))
        return { id: m[1]!, issuedAt, stale: i > 0 };
    }
    return null;
  };
  return {
    read(headers, now) {
      const header = headers.cookie;
      if (!header || !header.includes(SHOPPER_COOKIE)) return null;
      let found: ReadShopper | null = null;
      for (const part of header.split(';')) {
        const eq = part.indexOf('=');
        if (eq < 0 || part.slice(0, eq).trim() !== SHOPPER_COOKIE) continue;
        const s = verify(part.slice(eq + 1).trim(), now);
        // Two different ids in one header (a cookie set on a parent domain, say): trust neither.
        if (!s || (found && found.id !== s.id)) return null;
        found = s;
      }
      return found;
    },
    issue: (now) => ({ id: b64url(randomBytes(16)), issuedAt: Math.floor(now / 1000) * 1000 }),
    cookie: (s, secure) =>
      `${SHOPPER_COOKIE}=${sign(s)}; Path=/; Max-Age=${SHOPPER_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  };
}

/**
 * A server secret: the configured ones when set; else one made at the first start and kept in the database under
 * `name`, so every instance and every restart shares it and no secret is ever a public default.
 */
export async function serverSecret(db: Queryable, name: string, configured: readonly string[]): Promise<string[]> {
  if (configured.length > 0) return [...configured];
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  if (!rows[0]) throw new Error(`the ${name} secret could not be read back`);
  return [rows[0].value];
}

/** Another secret for `name`, derived from a configured one (each use its own key, none revealing the others). */
export const derivedSecret = (root: string, name: string): string =>
  createHmac('sha256', root).update(`dealdeck:${name}`).digest('base64url');

/** The secrets shopper ids are signed with: SHOPPER_ID_SECRETS when set, else the database's own. */
export const shopperSecrets = (db: Queryable, configured: readonly string[]): Promise<string[]> =>
  serverSecret(db, 'shopper-id', configured);
