import { createHash, randomBytes } from 'node:crypto';

/** Stable 24-hex `_id` derived from a seed key, so ids survive reseeding and match across databases. */
export function idFromKey(kind: 'store' | 'coupon' | 'domain' | 'banner', key: string): string {
  return createHash('sha1').update(`${kind}:${key}`).digest('hex').slice(0, 24);
}

export function newId(): string {
  return randomBytes(12).toString('hex');
}
