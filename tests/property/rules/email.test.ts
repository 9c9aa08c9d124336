import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { isValidEmail } from '../../../src/shared/rules';

const letters = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  minLength: 2,
  maxLength: 8,
});
const word = fc.string({ unit: fc.constantFrom(...'abcxyz0189'), minLength: 1, maxLength: 10 });
// Ordinary shopper addresses: name(.name)@label(.label).tld
const ordinary = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.array(word, { minLength: 1, maxLength: 3 }), letters)
  .map(([local, labels, tld]) => `${local.join('.')}@${labels.join('.')}.${tld}`);
const space = fc.constantFrom(' ', '\t', '\u00a0');

describe('isValidEmail (SPEC §5 newsletter email)', () => {
  it('accepts ordinary local@domain.tld addresses, and rejects them with surrounding whitespace (callers trim)', () => {
    fc.assert(
      fc.property(ordinary, space, fc.boolean(), (email, pad, before) => {
        expect(isValidEmail(email)).toBe(true);
        expect(isValidEmail(before ? `${pad}${email}` : `${email}${pad}`)).toBe(false);
      }),
    );
  });

  it('accepts what fast-check calls an email address when its TLD is letters', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((e) => /\.[A-Za-z]{2,}$/.test(e) && e.length <= 254),
        (email) => {
          expect(isValidEmail(email)).toBe(true);
        },
      ),
    );
  });

  it('rejects a space inside, a missing or second @, or a TLD shorter than 2 letters', () => {
    fc.assert(
      fc.property(
        ordinary,
        fc.nat(),
        space,
        fc.constantFrom('space', 'no-at', 'two-at', 'short-tld', 'digit-tld'),
        (email, n, sp, how) => {
          const at = email.indexOf('@');
          const broken = {
            space: email.slice(0, 1 + (n % (email.length - 1))) + sp + email.slice(1 + (n % (email.length - 1))),
            'no-at': email.replace('@', ''),
            'two-at': `${email.slice(0, at)}@${email.slice(at)}`,
            'short-tld': email.replace(/\.[A-Za-z]+$/, '.c'),
            'digit-tld': email.replace(/\.[A-Za-z]+$/, '.c0m'),
          }[how];
          expect(isValidEmail(broken)).toBe(false);
        },
      ),
    );
  });

  it('never accepts a string without exactly one @', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if ((s.match(/@/g) ?? []).length !== 1) expect(isValidEmail(s)).toBe(false);
      }),
    );
  });
});
