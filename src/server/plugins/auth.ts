import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import argon2 from 'argon2';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import {
  findSessionUser,
  findUserByEmail,
  isBlockedAccountSession,
  setPasswordHash,
  type UserRow,
} from '../db/repositories/users';
import { ApiError } from './api-error';

// Password hashes: argon2id (PHC string "$argon2id$v=19$m=…") for every new hash; legacy scrypt hashes
// ("scrypt$N$r$p$salt$hash") still verify and are re-hashed with argon2id at the next login (needsRehash).
// Opaque bearer tokens are stored as SHA-256.
/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (the server shares 2 cores; native memory, not the V8 heap). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEYLEN = 64;

function derive(password: string, salt: Buffer, o: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { ...o, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password.normalize('NFKC'), ARGON2);
}

/** The legacy scrypt hash (kept so tests can make one; nothing writes it any more). */
export async function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2.verify(stored, password.normalize('NFKC'));
    } catch {
      return false;
    }
  }
  const [tag, n, r, p, salt, hash] = stored.split('$');
  if (tag !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a verified hash should be replaced by a new argon2id one (legacy scrypt, or weaker argon2 settings). */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(stored, ARGON2);
  } catch {
    return true;
  }
}

/** A hash to verify against when the email is unknown, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword('not-a-real-password'));

export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The console's session cookie (issue 25): HttpOnly, SameSite=Strict, host-only on ADMIN_HOST. */
export const CONSOLE_COOKIE = 'dd_console';
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** The console cookie's token (where @fastify/cookie parses cookies: the admin scope), or null. */
export function consoleToken(req: FastifyRequest): string | null {
  const value = (req as { cookies?: Record<string, string | undefined> }).cookies?.[CONSOLE_COOKIE];
  return value && TOKEN.test(value) ? value : null;
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export const BLOCKED_MESSAGE = 'user does not have access to the portal';

/**
 * The account a sign-in names, when its password is right: 401 for a wrong pair (an unknown email takes as long as a
 * known one), 403 for a blocked account. A legacy hash becomes argon2id now that the password is known.
 */
export async function signInUser(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok) throw new ApiError(401, 'Invalid email or password.');
  if (user.is_blocked) throw new ApiError(403, BLOCKED_MESSAGE);
  if (needsRehash(user.password_hash)) await setPasswordHash(db, user.id, await hashPassword(password));
  return user;
}

/**
 * The signed-in user of a request; 401 for a missing, unknown, expired or revoked token. A session that ended because
 * its account was blocked answers 403 with the SPEC's blocked-user message (§4, §8), so the blocked user's next call or
 * logout says why instead of a plain "log in again".
 */
export async function authenticate(
  db: Db,
  req: FastifyRequest,
): Promise<{ user: UserRow; hash: string; via: 'bearer' | 'cookie' }> {
  const bearer = bearerToken(req);
  const token = bearer ?? consoleToken(req);
  if (!token)
    throw new ApiError(401, 'Authentication required: sign in to the console, or send Authorization: Bearer <token>.');
  const hash = tokenHash(token);
  const found = await findSessionUser(db, hash);
  if (!found && (await isBlockedAccountSession(db, hash))) throw new ApiError(403, BLOCKED_MESSAGE);
  // A console session is good only as the cookie it was made for (never replayed as a bearer token), and vice versa.
  if (!found || (found.session_kind === 'console') !== (bearer === null))
    throw new ApiError(401, 'Your session is invalid or has ended; please log in again.');
  const { session_kind: _kind, ...user } = found;
  return { user, hash, via: bearer ? 'bearer' : 'cookie' };
}
