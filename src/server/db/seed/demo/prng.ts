// Small seeded PRNG helpers: demo data must be reproducible, so nothing here touches Math.random.
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

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
