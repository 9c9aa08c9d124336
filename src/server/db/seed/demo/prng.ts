// Small seeded PRNG helpers: demo data must be reproducible, so nothing here touches Math.random.
import { mulberry32, type Rng } from '../../../../shared/rules/prng';

export { hashString, mulberry32, type Rng } from '../../../../shared/rules/prng';

/** Combines integers into one well-mixed 32-bit value (murmur3 finaliser per step). */
export function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** An independent stream per (seed, stream, index): item i never depends on how many items exist. */
export function rngFor(seed: number, stream: number, index: number): Rng {
  return mulberry32(mix(seed, stream, index));
}

export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function at<T>(list: readonly T[], index: number): T {
  const v = list[index];
  if (v === undefined) throw new RangeError(`index ${index} outside list of ${list.length}`);
  return v;
}

export function pick<T>(rng: Rng, list: readonly T[]): T {
  return at(list, Math.floor(rng() * list.length));
}

/** Deterministic pick without a PRNG, from a hash value. */
export function pickBy<T>(hash: number, list: readonly T[]): T {
  return at(list, hash % list.length);
}
