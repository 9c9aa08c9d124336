import type { StoreLabel } from '../../../shared/layout/types';
import { cut, slugLabel } from '../../../shared/rules';
import type { StoreTile } from '../../api/stores';

/** The text under a store card from its label settings: field, case, cut (no cut when null; slugs are cut without an ellipsis). */
export function storeLabelText(tile: Pick<StoreTile, 'slug' | 'name'>, label: StoreLabel): string {
  const text = (label.field === 'name' ? tile.name : tile.slug) ?? '';
  const max = label.cut ?? Number.POSITIVE_INFINITY;
  if (label.case === 'upper') return slugLabel(text, max);
  return cut(label.case === 'lower' ? text.toLowerCase() : text, max, '');
}

/** Path of a store page; slugs are URL-safe already, encoding only guards odd data. */
export function storePath(slug: string): string {
  return `/store/${encodeURIComponent(slug)}`;
}

/**
 * Columns for `n` tiles when at most `max` fit a row: as few rows as possible, filled evenly
 * (12 at max 6 → 6 + 6; 8 at max 6 → 4 + 4), so no row is left with a lone tile.
 */
export function balancedColumns(n: number, max: number): number {
  if (n <= 0 || max <= 0) return 1;
  const rows = Math.ceil(n / max);
  return Math.ceil(n / rows);
}
