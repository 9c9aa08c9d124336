import fc from 'fast-check';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessage,
  passwordProblem,
  type PasswordProblem,
} from '../../../src/shared/rules';

// Issue 25: what a new password must be (register, the first admin's setup, admin:create), over arbitrary strings and
// over the real list of common passwords the server checks against (@zxcvbn-ts/language-common).
const COMMON = dictionary['passwords-common'];
const commonSet = new Set(COMMON);
const realList = { isCommon: (w: string) => commonSet.has(w) };
const PROBLEMS: PasswordProblem[] = ['too-short', 'too-long', 'too-repetitive', 'common', 'personal'];
const length = (s: string) => [...s.normalize('NFKC')].length;

const ascii = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength, maxLength });
/** Digits and symbols a person puts around a word ("!", "2024", "#1"). */
const affix = fc.string({ unit: fc.constantFrom(...'0123456789!@#$%&*?.-_'), maxLength: 8 });
/** Some letters of a word upper-cased: "DragonFly". */
const mixCase = (word: string, flips: boolean[]) =>
  [...word].map((c, i) => (flips[i % Math.max(flips.length, 1)] ? c.toUpperCase() : c)).join('');
/** Entries whose first and last characters are letters: with digits or symbols around them they are still them. */
const listedWords = COMMON.filter((w) => /^\p{L}(.*\p{L})?$/u.test(w));

describe('passwordProblem (issue 25)', () => {
  it('answers every string with null or one known problem, and only too-short below the minimum length', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 220 }), fc.string({ unit: 'grapheme', maxLength: 60 })), (s) => {
        const problem = passwordProblem(s, realList);
        expect(problem === null || PROBLEMS.includes(problem)).toBe(true);
        expect(problem === 'too-short').toBe(length(s) < PASSWORD_MIN_LENGTH);
        expect(problem === 'too-long').toBe(length(s) > PASSWORD_MAX_LENGTH);
        if (problem) expect(passwordMessage(problem)).toMatch(/^\S.*\.$/);
      }),
    );
  });

  it('refuses every common password, in any letter case and with digits or symbols around it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...listedWords),
        affix,
        affix,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        (word, before, after, flips) => {
          const password = `${before}${mixCase(word, flips)}${after}`;
          const problem = passwordProblem(password, realList);
          expect(problem, password).not.toBeNull();
          const fits = length(password) >= PASSWORD_MIN_LENGTH && new Set(password).size >= 5;
          if (fits) expect(problem, password).toBe('common');
        },
      ),
    );
  });

  it('refuses the long entries of the list as they are', () => {
    for (const word of COMMON.filter((w) => length(w) >= PASSWORD_MIN_LENGTH))
      expect(passwordProblem(word, realList), word).not.toBeNull();
  });

  it('refuses a few characters repeated, however long', () => {
    fc.assert(
      fc.property(ascii(1, 4), fc.integer({ min: 12, max: 60 }), (unit, n) => {
        const password = unit.repeat(n).slice(0, Math.max(n, PASSWORD_MIN_LENGTH));
        const problem = passwordProblem(password, { isCommon: () => false });
        if (new Set(password).size < 5) expect(problem).toBe('too-repetitive');
      }),
    );
  });

  it("refuses the account's email and the product's name, in any case, with digits or symbols around them", () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((e) => length(e) >= PASSWORD_MIN_LENGTH && new Set(e).size >= 5),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        (email, flips) => {
          const ctx = { isCommon: () => false, personal: [email, 'dealdeck'] };
          expect(passwordProblem(mixCase(email, flips), ctx)).toBe('personal');
          expect(passwordProblem('!!Dealdeck2024', ctx)).toBe('personal');
        },
      ),
    );
  });

  it('accepts any other string of printable characters of a good length (a generated password)', () => {
    fc.assert(
      fc.property(ascii(PASSWORD_MIN_LENGTH, 64), (password) => {
        const core = password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
        fc.pre(new Set(password).size >= 5 && !commonSet.has(password.toLowerCase()) && !commonSet.has(core));
        expect(passwordProblem(password, realList)).toBeNull();
      }),
    );
  });

  it('accepts passphrases of words that are each common', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...listedWords.slice(0, 500)), { minLength: 4, maxLength: 6 }), (words) => {
        const phrase = words.join(' ');
        fc.pre(length(phrase) <= PASSWORD_MAX_LENGTH && new Set(phrase).size >= 5 && !commonSet.has(phrase));
        expect(passwordProblem(phrase, realList)).toBeNull();
      }),
    );
  });
});
