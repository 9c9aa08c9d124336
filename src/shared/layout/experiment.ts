import { hashString } from '../rules/prng';
import type { LayoutExperiment } from './types';

// A/B layouts (pure): which variant a shopper sees. The shopper's id (a random first-party cookie the server sets) and
// the experiment's id are hashed to a point in [0, 1); the arms, ordered by variant name (not by file), share that
// range by weight. The same id always gets the same variant; a new experiment id reshuffles everyone.

export const CONTROL_VARIANT = 'control';

/** FNV-1a then murmur3's finaliser (FNV alone leaves similar ids in similar low bits): a well-spread 32-bit value. */
export function mix32(text: string): number {
  let h = hashString(text);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The shopper's point in [0, 1) for one experiment. */
export function assignmentPoint(experimentId: string, shopperId: string): number {
  return mix32(`${experimentId}\u0000${shopperId}`) / 4294967296;
}

type Arm = { doc: { experiment?: LayoutExperiment } };

const variantOf = (arm: Arm): string => arm.doc.experiment?.variant ?? '';
const weightOf = (arm: Arm): number => Math.max(0, arm.doc.experiment?.weight ?? 0);

/** The arm bots (and anything not assigned) get: the variant named "control", else the first arm given. */
export function controlArm<A extends Arm>(arms: readonly A[]): A | undefined {
  return arms.find((arm) => variantOf(arm) === CONTROL_VARIANT) ?? arms[0];
}

/**
 * The arm of a shopper: by weight (weights need not sum to 100; layouts:check says when they do not), the arms in
 * variant-name order. `shopperId` null (a bot, or no cookie possible) gets the control. All weights 0: the control.
 */
export function pickArm<A extends Arm>(
  arms: readonly A[],
  experimentId: string,
  shopperId: string | null,
): A | undefined {
  if (shopperId === null) return controlArm(arms);
  const ordered = [...arms].sort((a, b) => (variantOf(a) < variantOf(b) ? -1 : variantOf(a) > variantOf(b) ? 1 : 0));
  const total = ordered.reduce((sum, arm) => sum + weightOf(arm), 0);
  if (total === 0) return controlArm(arms);
  let point = assignmentPoint(experimentId, shopperId) * total;
  for (const arm of ordered) {
    const w = weightOf(arm);
    if (point < w) return arm;
    point -= w;
  }
  return ordered.findLast((arm) => weightOf(arm) > 0);
}
