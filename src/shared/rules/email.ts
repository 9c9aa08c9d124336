// Local part: the HTML living standard's valid e-mail characters, without leading, trailing or doubled dots.
const LOCAL = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+)*`;
// Domain: dot-separated labels (letters, digits, inner hyphens) ending in an all-letter TLD of 2+ letters.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/**
 * SPEC §5 newsletter check: local@domain.tld, one @, no spaces, TLD of at least 2 letters, ≤ 254 characters.
 * Does not trim: surrounding whitespace makes it invalid, so a caller that stores the value it validated
 * (the server routes) never stores spaces. Callers trim user input first, as the browser's email input does.
 */
export function isValidEmail(value: string): boolean {
  if (typeof value !== 'string') return false;
  return value.length <= 254 && EMAIL.test(value) && value.indexOf('@') <= 64;
}
