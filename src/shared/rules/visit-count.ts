/**
 * SPEC §2 Home Five: newly-added stores show a random visit count for display only, min..max inclusive.
 * `rng` is injected (Math.random in the app) so tests are deterministic; out-of-range rng values are clamped.
 */
export function displayVisitCount(rng: () => number, min = 1000, max = 9999): number {
  const lo = Math.ceil(Math.min(min, max));
  const hi = Math.floor(Math.max(min, max));
  if (!(hi >= lo)) return lo;
  const r = rng();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0;
  return Math.min(hi, lo + Math.floor(unit * (hi - lo + 1)));
}
