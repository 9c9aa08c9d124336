/**
 * SPEC §2/§9 text cuts (28 + '...', 48, 50, 60, 70): unchanged when it fits, else the first `max`
 * characters plus the ellipsis. Counts code points so an emoji is never split into a lone surrogate.
 * `max` is floored; a negative max acts as 0 and a non-number (NaN, Infinity) means "no cut".
 * Missing text (null/undefined from API data) gives ''.
 */
export function cut(text: string | null | undefined, max: number, ellipsis = '...'): string {
  if (text == null) return '';
  if (!Number.isFinite(max)) return text;
  const limit = Math.max(0, Math.floor(max));
  // Fast path: a UTF-16 length within the limit is within it in code points too.
  if (text.length <= limit) return text;
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return chars.slice(0, limit).join('') + ellipsis;
}
