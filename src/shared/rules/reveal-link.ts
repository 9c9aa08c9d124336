import { isExpired } from './expiry';

function present(link: string | null | undefined): string | null {
  const text = link?.trim();
  return text ? text : null;
}

/**
 * SPEC §4 reveal flow: finalLink when the coupon has no expiry or is unexpired, otherwise the plain link.
 * null means the chosen link was not supplied, so the caller fetches it (GET /v2/fetch/couponurl).
 */
export function revealLink(
  c: { expiry_date?: string | null; finalLink?: string | null; link?: string | null },
  now: Date,
): string | null {
  return isExpired(c.expiry_date, now) ? present(c.link) : present(c.finalLink);
}
