// Issue 25: a password someone sets (register, the first admin's setup, admin:create) is long enough, is not one of the
// most used passwords (nor one with digits or symbols around it), is more than a few characters repeated, and is not
// the account's email or the product's name: length and a blocklist, no composition rules (NIST SP 800-63B 5.1.1.2).
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** "aaaaaaaaaaaa" and "abababababab" are long and on no list, but no password. */
export const PASSWORD_MIN_DISTINCT = 5;

export type PasswordProblem = 'too-short' | 'too-long' | 'too-repetitive' | 'common' | 'personal';

export interface PasswordContext {
  /** True when a lower-case string is on the list of common passwords (the caller owns the list). */
  isCommon: (lowerCase: string) => boolean;
  /** What the password may not be, whatever its case: the account's email and its local part, the product's name. */
  personal?: readonly string[];
}

/** Characters as people count them: code points of the NFKC form, the form the password is hashed in. */
const codePoints = (s: string): string[] => [...s.normalize('NFKC')];

/** Why `password` may not be set, or null when it may. */
export function passwordProblem(password: string, ctx: PasswordContext): PasswordProblem | null {
  const chars = codePoints(password);
  if (chars.length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (chars.length > PASSWORD_MAX_LENGTH) return 'too-long';
  if (new Set(chars).size < PASSWORD_MIN_DISTINCT) return 'too-repetitive';
  const lower = chars.join('').toLowerCase();
  // "!Dragonfly2024" is "dragonfly" with a year and a symbol: its letters in the middle are what a guesser tries.
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (ctx.isCommon(lower) || (core !== '' && ctx.isCommon(core))) return 'common';
  const personal = (ctx.personal ?? []).map((w) => codePoints(w).join('').toLowerCase()).filter((w) => w !== '');
  if (personal.some((w) => w === lower || w === core)) return 'personal';
  return null;
}

export function passwordMessage(problem: PasswordProblem): string {
  switch (problem) {
    case 'too-short':
      return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
    case 'too-long':
      return `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`;
    case 'too-repetitive':
      return `The password must use at least ${PASSWORD_MIN_DISTINCT} different characters.`;
    case 'common':
      return 'This password is one of the most common ones (perhaps with digits or symbols added); choose another.';
    case 'personal':
      return "The password must not be the account's email address or the site's name.";
  }
}
