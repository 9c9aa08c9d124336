import { displayVisitCount } from '../../../shared/rules';

/** FNV-1a hash of a string: a store's id becomes a fixed 32-bit seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator in [0, 1), so the same seed always gives the same numbers. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * SPEC §2 Home Five: a random, display-only visit count in [min, max] for a store. Seeded by the store's id,
 * so a store keeps its number across renders and tab switches instead of flickering to a new one.
 */
export function seededVisitCount(storeId: string, range: { min: number; max: number }): number {
  return displayVisitCount(seeded(hash(storeId)), range.min, range.max);
}
