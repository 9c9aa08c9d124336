import { cut } from './cut';

/**
 * SPEC §2/§9 store slug labels: upper case, cut to `max` (25 landing, 20 Three/Four). The spec adds an
 * ellipsis only to the category tag ("cut to 28 characters plus an ellipsis"), so slugs are cut without one.
 * Upper-casing first keeps the label within max even when a letter grows ('ß' → 'SS').
 */
export function slugLabel(slug: string, max: number): string {
  return cut((slug ?? '').toUpperCase(), max, '');
}
