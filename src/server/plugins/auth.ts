import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import {
  findSessionUser,
  findUserByEmail,
  isBlockedAccountSession,
  setPasswordHash,
  type UserRow,
} from '../db/repositories/users';
import { ApiError } from '../lib/api-error';
import { dummyPasswordHash, hashPassword, needsRehash, tokenHash, verifyPassword } from '../lib/credentials';

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
