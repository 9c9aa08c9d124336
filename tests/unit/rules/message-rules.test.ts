import { describe, it, expect } from 'vitest';
import { extractErrorMessage, isValidEmail } from '../../../src/shared/rules';

class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

describe('SPEC §8 message extraction', () => {
  it('joins an array of errorMessage values with ", "', () => {
    const error = new ApiError('Request failed with status 422', 422, {
      message: [{ errorMessage: 'email_id is required' }, { errorMessage: 'email_id must be an email' }],
    });
    expect(extractErrorMessage(error, 'not loaded.')).toBe('email_id is required, email_id must be an email');
  });

  it('uses a string message as is, from an axios-like response or our ApiError body', () => {
    expect(extractErrorMessage({ response: { data: { message: 'Email already subscribed' } } })).toBe(
      'Email already subscribed',
    );
    expect(extractErrorMessage(new ApiError('x', 409, { message: 'Email already subscribed' }))).toBe(
      'Email already subscribed',
    );
  });

  it("shows 'not loaded.' on the newsletter when no response came back", () => {
    expect(extractErrorMessage(new TypeError('Failed to fetch'), 'not loaded.')).toBe('not loaded.');
  });

  it("otherwise the error's own message", () => {
    expect(extractErrorMessage(new ApiError('Request failed with status 500', 500, null), 'not loaded.')).toBe(
      'Request failed with status 500',
    );
    expect(extractErrorMessage(new Error('Cannot get Coupon URL'))).toBe('Cannot get Coupon URL');
  });
});

describe('SPEC §5 newsletter email', () => {
  it('accepts standard addresses and rejects the rest', () => {
    expect(isValidEmail('shopper@example.com')).toBe(true);
    expect(isValidEmail('first.last+deals@mail.example.co.uk')).toBe(true);
    for (const bad of [
      '  shopper@example.com ',
      '',
      'shopper',
      'shopper@',
      '@example.com',
      'shopper@example',
      'shopper@example.c',
      'a b@example.com',
      'a@b@example.com',
      'shopper@example.com.',
      '.a@example.com',
      'a..b@example.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});
