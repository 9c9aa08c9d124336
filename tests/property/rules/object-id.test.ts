import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { isObjectId, OBJECT_ID_PATTERN } from '../../../src/shared/rules';

const hex = fc.constantFrom(...'0123456789abcdef');
const id = fc.string({ unit: hex, minLength: 24, maxLength: 24 });

describe('isObjectId (the API _id: 24 lowercase hex)', () => {
  it('accepts every 24-character lowercase hex string', () => {
    fc.assert(
      fc.property(id, (s) => {
        expect(isObjectId(s)).toBe(true);
      }),
    );
  });

  it('rejects other lengths, other characters, upper case and surrounding text', () => {
    const wrongLength = fc.string({ unit: hex, maxLength: 40 }).filter((s) => s.length !== 24);
    const withOther = fc
      .tuple(
        id,
        fc.nat({ max: 23 }),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[0-9a-f]/.test(c)),
      )
      .map(([s, i, c]) => s.slice(0, i) + c + s.slice(i + 1));
    const upper = id.filter((s) => /[a-f]/.test(s)).map((s) => s.toUpperCase());
    const padded = fc.tuple(id, fc.constantFrom(' ', '\n', '/', 'x')).map(([s, p]) => s + p);
    fc.assert(
      fc.property(fc.oneof(wrongLength, withOther, upper, padded), (s) => {
        expect(isObjectId(s)).toBe(false);
      }),
    );
    expect(isObjectId(null)).toBe(false);
    expect(isObjectId(undefined)).toBe(false);
  });

  it('agrees with the pattern the JSON Schemas declare', () => {
    const pattern = new RegExp(OBJECT_ID_PATTERN);
    fc.assert(
      fc.property(fc.oneof(id, fc.string({ maxLength: 30 })), (s) => {
        expect(isObjectId(s)).toBe(pattern.test(s));
      }),
    );
  });
});
