import { displayVisitCount } from '../../../shared/rules';
import { hashString, mulberry32 } from '../../../shared/rules/prng';

/**
 * SPEC §2 Home Five: a random, display-only visit count in [min, max] for a store. Seeded by the store's id,
 * so a store keeps its number across renders and tab switches instead of flickering to a new one.
 */
export function seededVisitCount(storeId: string, range: { min: number; max: number }): number {
  return displayVisitCount(mulberry32(hashString(storeId)), range.min, range.max);
}
