// Issue 24, "mail as a weapon": a sign-up form must not be a way to fill someone else's inbox. Mails that answer a
// sign-up (a confirmation, or "you are already subscribed") go to one inbox at most once per 10 minutes and at most 3
// times in any 24 hours, whatever the IP, tenant or list asked (the server keys them by inboxKey).

export const CONFIRMATION_SPACING_MS = 10 * 60_000;
export const CONFIRMATIONS_PER_DAY = 3;
export const CONFIRMATION_DAY_MS = 24 * 60 * 60_000;

/**
 * True when a mail may go to the inbox at `now`, given when the earlier ones went (any order). A time after `now` (a
 * clock a little ahead on another instance) counts as just sent.
 */
export function mayMailConfirmation(sentAt: readonly number[], now: number): boolean {
  if (sentAt.some((t) => now - t < CONFIRMATION_SPACING_MS)) return false;
  return sentAt.filter((t) => now - t < CONFIRMATION_DAY_MS).length < CONFIRMATIONS_PER_DAY;
}

/** The send times the rule still needs at `now` (the last 24 hours'), oldest first: what the server keeps. */
export function recentConfirmations(sentAt: readonly number[], now: number): number[] {
  return sentAt.filter((t) => now - t < CONFIRMATION_DAY_MS).sort((a, b) => a - b);
}

// Mail providers that ignore dots in the local part (one inbox for a.b@ and ab@).
const DOTLESS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The inbox an address delivers to, as far as it can be told from the address: lower case, without a "+tag"
 * (sub-addressing, which most providers deliver to the untagged box) and, for Gmail, without dots. Without it
 * name+1@, name+2@… would each get their own 3 mails a day. Two different boxes that share a key only share a limit.
 */
export function inboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  const tagless = address.slice(0, at).split('+')[0] ?? '';
  const dotless = DOTLESS.get(domain);
  return dotless ? `${tagless.replace(/\./g, '')}@${dotless}` : `${tagless}@${domain}`;
}
