import type { Queryable } from './db/connect';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from './db/repositories/admin-users';
import { hasAdmin, insertSetupToken, SETUP_TOKEN_HOURS } from './db/repositories/admin-setup';
import { findUserByEmail } from './db/repositories/users';
import { newToken, tokenHash, verifyPassword } from './lib/credentials';
import { SETUP_FRAGMENT_KEY } from '../shared/console/accounts';

// Issue 25, at start: a database without an admin gets a one-time setup link (printed, never stored), and a deployment
// still holding the demo admin with its public password is told so at every start.

/** The path the console reads the token from; after '#', so it reaches no server log, proxy or Referer. */
export const setupPath = (token: string): string => `/admin#${SETUP_FRAGMENT_KEY}=${token}`;

/** A new setup token when the database has no admin (its hash kept for SETUP_TOKEN_HOURS); null when it has one. */
export async function setupTokenWhenNoAdmin(db: Queryable): Promise<string | null> {
  if (await hasAdmin(db)) return null;
  const token = newToken();
  await insertSetupToken(db, tokenHash(token));
  return token;
}

/** What the operator reads at start: the link, how long it works, and the command line way. */
export function setupInstructions(origin: string, token: string): string {
  return [
    'No admin account yet. Set up the first one within ' +
      `${SETUP_TOKEN_HOURS} hours with this one-time link (the console's own host, ADMIN_HOST):`,
    `  ${origin}${setupPath(token)}`,
    "or on the server's machine: npm run admin:create -- --email you@example.com --password '<12+ characters>'",
    'Each start prints a new link until an admin exists; the first admin set up ends them all.',
  ].join('\n');
}

/** True when the demo admin exists, is not blocked and still signs in with the published demo password. */
export async function demoAdminIsOpen(db: Queryable): Promise<boolean> {
  const user = await findUserByEmail(db, DEMO_ADMIN_EMAIL);
  return user !== null && !user.is_blocked && (await verifyPassword(DEMO_ADMIN_PASSWORD, user.password_hash));
}

export const demoAdminWarning = (): string =>
  `Not in demo mode, but ${DEMO_ADMIN_EMAIL} still signs in with the published demo password: ` +
  `change it (npm run admin:create -- --email ${DEMO_ADMIN_EMAIL} --password '…') or block it in the console's Users.`;
