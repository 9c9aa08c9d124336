import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignmentPoint, pickArm } from '../../../src/shared/layout/experiment';
import { mulberry32 } from '../../../src/shared/rules/prng';

// Experiment assignment: the same shopper always gets the same variant, whatever the order of the files; over many
// shoppers the split follows the weights; bots get the control.

const arm = (variant: string, weight: number) => ({
  file: `${variant}.json`,
  doc: { experiment: { id: 'e', variant, weight } },
});

/** Weights summing to 100 over 2–4 arms. */
const weights = fc
  .array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 })
  .map((cuts) => [...new Set(cuts.filter((c) => c < 100))].sort((a, b) => a - b))
  .map((cuts) => [0, ...cuts, 100].slice(1).map((c, i, all) => c - (i === 0 ? 0 : all[i - 1]!)))
  .filter((w) => w.length >= 2);

/** Cookie-like ids from a seed: what the server's random ids look like (base64url). */
function ids(seed: number, count: number): string[] {
  const rng = mulberry32(seed);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: count }, () =>
    Array.from({ length: 22 }, () => alphabet[Math.floor(rng() * alphabet.length)]).join(''),
  );
}

describe('experiment assignment', () => {
  it('is sticky: the same id gets the same variant, whatever the order of the arms', () => {
    fc.assert(
      fc.property(
        weights,
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1 }),
        (w, shopper, id) => {
          const arms = w.map((weight, i) => arm(i === 0 ? 'control' : `v${i}`, weight));
          const first = pickArm(arms, id, shopper);
          expect(pickArm([...arms].reverse(), id, shopper)?.doc.experiment.variant).toBe(first?.doc.experiment.variant);
          expect(pickArm(arms, id, shopper)).toBe(first);
        },
      ),
    );
  });

  it('splits a seeded run of 10,000 ids within ±2 % of the weights', () => {
    fc.assert(
      fc.property(weights, fc.integer(), fc.constantFrom('home-hero', 'black-friday', 'x'), (w, seed, id) => {
        const arms = w.map((weight, i) => arm(`v${i}`, weight));
        const counts = new Map<string, number>();
        for (const shopper of ids(seed, 10_000)) {
          const v = pickArm(arms, id, shopper)!.doc.experiment.variant;
          counts.set(v, (counts.get(v) ?? 0) + 1);
        }
        arms.forEach((a) => {
          const share = ((counts.get(a.doc.experiment.variant) ?? 0) / 10_000) * 100;
          expect(Math.abs(share - a.doc.experiment.weight)).toBeLessThanOrEqual(2);
        });
      }),
      { numRuns: 30 },
    );
  }, 60_000); // 300,000 assignments: seconds on a loaded 2-core CI machine

  it('gives bots (no id) the control, and a point in [0, 1)', () => {
    fc.assert(
      fc.property(weights, fc.string(), fc.string(), (w, id, shopper) => {
        const arms = w.map((weight, i) => arm(i === w.length - 1 ? 'control' : `v${i}`, weight));
        expect(pickArm(arms, id, null)?.doc.experiment.variant).toBe('control');
        const p = assignmentPoint(id, shopper);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThan(1);
      }),
    );
  });
});
