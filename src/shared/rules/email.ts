// Local part: the HTML living standard's valid e-mail characters, without leading, trailing or doubled dots.
const LOCAL = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+)*`;
// Domain: dot-separated labels (letters, digits, inner hyphens) ending in an all-letter TLD of 2+ letters.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/**
 * SPEC §5 newsletter check: local@domain.tld, one @, no spaces, TLD of at least 2 letters, ≤ 254 characters.
 * Surrounding whitespace is ignored, as the browser's type=email input strips it; callers send value.trim().
 */
export function isValidEmail(value: string): boolean {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email) && email.indexOf('@') <= 64;
}
