// Issue 25: what the console's account forms share with the server, kept here because the console loads no runtime code
// from src/shared/rules or the contract (a shop chunk, TypeBox; docs/decisions/015-operator-console.md).

/** POST: the first admin from the one-time setup link (src/server/routes/admin/setup.ts). */
export const ADMIN_SETUP_PATH = '/api/admin/setup';
/** The link is `/admin#setup=<token>`: in the fragment, the token reaches no server log, proxy or Referer. */
export const SETUP_FRAGMENT_KEY = 'setup';
/** The password rule's PASSWORD_MIN_LENGTH (src/shared/rules/password.ts), for the forms' fields; a test holds them equal. */
export const NEW_PASSWORD_MIN_LENGTH = 12;

/** The token of a `#setup=<token>` address fragment, or null. */
export function setupTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(SETUP_FRAGMENT_KEY);
  return token !== null && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}
