import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { extractErrorMessage, DEFAULT_ERROR_MESSAGE } from '../../../src/shared/rules';

const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
// The three places a server message is found: axios-like, our ApiError body, a bare data.
const wrap = fc.constantFrom(
  (body: object) =>
    Object.assign(new Error('Request failed with status code 400'), { response: { status: 400, data: body } }),
  (body: object) => Object.assign(new Error('Request failed with status 400'), { status: 400, body }),
  (body: object) => ({ data: body }),
);

describe('extractErrorMessage (SPEC §8 message extraction)', () => {
  it('joins the errorMessage values of an array message with ", "', () => {
    fc.assert(
      fc.property(
        wrap,
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.option(text, { nil: undefined }),
        (w, msgs, fb) => {
          const error = w({ message: msgs.map((errorMessage) => ({ errorMessage, field: 'email_id' })) });
          expect(extractErrorMessage(error, fb)).toBe(msgs.join(', '));
        },
      ),
    );
  });

  it('uses a string message as is', () => {
    fc.assert(
      fc.property(wrap, text, fc.option(text, { nil: undefined }), (w, msg, fb) => {
        expect(extractErrorMessage(w({ message: msg, success: false }), fb)).toBe(msg);
      }),
    );
  });

  it("falls back to the error's own message when a server answered without a usable message", () => {
    fc.assert(
      fc.property(
        text,
        fc.nat({ max: 599 }).map((n) => n + 1),
        fc.option(text, { nil: undefined }),
        fc.constantFrom({}, { message: 42 }, { message: [] }, { message: '  ' }),
        (own, status, fb, body) => {
          expect(extractErrorMessage(Object.assign(new Error(own), { status, body }), fb)).toBe(own);
          expect(extractErrorMessage(Object.assign(new Error(own), { response: { status, data: body } }), fb)).toBe(
            own,
          );
        },
      ),
    );
  });

  it("gives the caller's fallback when no server answered (newsletter: 'not loaded.'), else the error's own message", () => {
    fc.assert(
      fc.property(text, text, (own, fb) => {
        const network = new TypeError(own);
        expect(extractErrorMessage(network, fb)).toBe(fb);
        expect(extractErrorMessage(network)).toBe(own);
      }),
    );
  });

  it('always answers a non-empty string, whatever is thrown', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withMap: true, withSet: true }),
        fc.option(text, { nil: undefined }),
        (thrown, fb) => {
          const out = extractErrorMessage(thrown, fb);
          expect(typeof out).toBe('string');
          expect(out.length).toBeGreaterThan(0);
          if (thrown == null) expect(out).toBe(fb ?? DEFAULT_ERROR_MESSAGE);
        },
      ),
    );
  });
});
