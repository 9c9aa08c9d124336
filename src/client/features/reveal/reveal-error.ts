import { ApiError } from '../../api/http';
import { extractErrorMessage } from '../../../shared/rules/error-message';

export const NO_VALID_LINK = 'API did not provide a valid link.';
export const CANNOT_GET_URL = 'Cannot get Coupon URL';

/**
 * SPEC §8 coupon-link messages: an answer without a usable link → 'API did not provide a valid link.';
 * a failed call → the server's message by the extraction rule, else 'Cannot get Coupon URL'.
 */
export function revealErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 200 && error.status < 300) return NO_VALID_LINK;
  // Only the server's body counts: "Request failed with status 500" or "Failed to fetch" means nothing to a shopper.
  const body = error instanceof ApiError ? error.body : null;
  return extractErrorMessage({ body }, CANNOT_GET_URL);
}
