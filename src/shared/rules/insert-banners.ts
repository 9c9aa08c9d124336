export type GridCell<T, B> = { kind: 'item'; item: T; index: number } | { kind: 'banner'; banner: B; position: number };

/** Valid 1-based positions, ascending, without duplicates; anything else is ignored (lenient where shoppers look). */
export function validBannerPositions(positions: readonly number[]): number[] {
  return [...new Set(positions.filter((p) => Number.isInteger(p) && p >= 1))].sort((a, b) => a - b);
}

/**
 * SPEC §2 banner slots (5; 3 and 6; 4, 12 and 17): positions are 1-based in the final list. Banners are
 * used in order and cycle when there are fewer banners than positions. A banner is placed only when an
 * item follows it, so a position beyond the end is skipped and nothing is appended after the last item.
 * Items keep their order and are never dropped; `index` is the item's index in `items`.
 */
export function insertBanners<T, B>(
  items: readonly T[],
  banners: readonly B[],
  positions: readonly number[],
): GridCell<T, B>[] {
  const slots = banners.length === 0 ? new Set<number>() : new Set(validBannerPositions(positions));
  const cells: GridCell<T, B>[] = [];
  let placed = 0;
  items.forEach((item, index) => {
    while (slots.has(cells.length + 1)) {
      // banners.length > 0 whenever slots is non-empty, so the modulo index always exists.
      cells.push({ kind: 'banner', banner: banners[placed % banners.length] as B, position: cells.length + 1 });
      placed += 1;
    }
    cells.push({ kind: 'item', item, index });
  });
  return cells;
}
