/** SPEC §2/§5 footer: up to `max` (10) common stores, in order, never archived or paused ones. */
export function commonStores<T extends { is_archived?: boolean; is_paused?: boolean }>(
  stores: readonly T[],
  max = 10,
): T[] {
  const limit = Number.isNaN(max) ? 0 : Math.max(0, Math.floor(max));
  // Truthiness, not === true: API data may carry 1 or 'true' for these flags.
  return stores.filter((s) => !s.is_archived && !s.is_paused).slice(0, limit);
}
