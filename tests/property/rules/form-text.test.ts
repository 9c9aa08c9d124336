import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText, singleLine } from '../../../src/shared/rules';

// Issue 18: visitor text (contact form, search record) never carries a line break into a single-line field (a mail
// header) nor a control or bidirectional override into anything stored.
const tricky = fc.constantFrom(
  '\r\n',
  '\r',
  '\n',
  '\u2028',
  '\u2029',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2066',
  '\t',
  'Bcc: x@example.com',
  'é',
  '😀',
);
const visitorText = fc
  .array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), tricky), { maxLength: 12 })
  .map((parts) => parts.join(''));
// eslint-disable-next-line no-control-regex -- the characters the rules must remove
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe('singleLine and plainText (visitor text)', () => {
  it('singleLine holds no line break, tab or control and is trimmed and stable', () => {
    fc.assert(
      fc.property(visitorText, (s) => {
        const out = singleLine(s);
        expect(out).not.toMatch(/[\r\n\t]/);
        expect(out).not.toMatch(CONTROL);
        expect(out).toBe(out.trim());
        expect(singleLine(out)).toBe(out);
      }),
    );
  });

  it('plainText keeps only \\n and tabs among the controls, and ordinary text as written', () => {
    fc.assert(
      fc.property(visitorText, (s) => {
        const out = plainText(s);
        expect(out).not.toMatch(/\r/);
        expect(out).not.toMatch(CONTROL);
        expect(plainText(out)).toBe(out);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abc XYZ 123.,!?\'"<>&é\n\t') }), (s) => {
        expect(plainText(s)).toBe(s);
      }),
    );
  });

  it('turns a header injection into one harmless line', () => {
    expect(singleLine('Hello\r\nBcc: victim@example.com')).toBe('Hello Bcc: victim@example.com');
  });
});
