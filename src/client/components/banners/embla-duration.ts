// Embla's `duration` is not milliseconds: it divides the spring force of its scroll body (friction 0.68, 60 steps a second).
// We turn a transition time in ms into the duration whose simulated move covers 99% of the way in about that time.
const FRICTION = 0.68;
const STEP_MS = 1000 / 60;
const MIN_DURATION = 18; // below this the spring overshoots the slide visibly
const MAX_DURATION = 80;

function msToCover99(duration: number): number {
  let x = 0;
  let v = 0;
  for (let step = 1; step < 1000; step++) {
    v = (v + (1 - x) / duration) * FRICTION;
    x += v;
    if (x >= 0.99) return step * STEP_MS;
  }
  return Infinity;
}

/** Transition time (ms) → embla `duration`; 0 ms = jump instantly (duration 0). 500 ms → 20 (embla's own default, 25, takes about 700 ms). */
export function emblaDuration(transitionMs: number): number {
  if (!(transitionMs > 0)) return 0;
  let best = MIN_DURATION;
  for (let d = MIN_DURATION; d <= MAX_DURATION; d++) {
    if (Math.abs(msToCover99(d) - transitionMs) < Math.abs(msToCover99(best) - transitionMs)) best = d;
  }
  return best;
}
