import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer, type Turn } from '../../../src/server/cache/coalesce';

// Requests arriving together on a missing answer: one produces, the others wait; a slow producer is relieved by one
// waiter at a time, never by all of them at once (the render storm an overloaded machine showed).
const WAIT = 3_000;

describe('coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** n requests joining key at once; each settled turn lands in `turns` in the order it settled. */
  function joinAll(n: number, coalescer = createCoalescer(WAIT)) {
    const turns: Turn[] = [];
    const settled = Array.from({ length: n }, () => coalescer.join('k').then((t) => (turns.push(t), t)));
    return { coalescer, turns, settled };
  }

  it('lets the first request produce and the others check once it has finished', async () => {
    const { coalescer, turns, settled } = joinAll(50);
    await vi.advanceTimersByTimeAsync(0);
    expect(turns.map((t) => t.role)).toEqual(['produce']);
    coalescer.finish(turns[0]!);
    await Promise.all(settled);
    expect(turns.filter((t) => t.role === 'produce')).toHaveLength(1);
    expect(turns.filter((t) => t.role === 'check')).toHaveLength(49);
    expect(coalescer.size).toBe(0);
  });

  it('hands a producer slower than the wait to one waiter per wait, not to every waiter', async () => {
    const { coalescer, turns } = joinAll(50);
    await vi.advanceTimersByTimeAsync(0);
    expect(turns).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WAIT);
    expect(turns.map((t) => t.role)).toEqual(['produce', 'produce']);
    await vi.advanceTimersByTimeAsync(WAIT);
    expect(turns.map((t) => t.role)).toEqual(['produce', 'produce', 'produce']);
    // The relieved first producer finishing changes nothing for those waiting on its successor.
    coalescer.finish(turns[0]!);
    await vi.advanceTimersByTimeAsync(0);
    expect(turns).toHaveLength(3);
    // The current producer finishing releases every waiter at once.
    coalescer.finish(turns[2]!);
    await vi.advanceTimersByTimeAsync(0);
    expect(turns).toHaveLength(50);
    expect(turns.slice(3).every((t) => t.role === 'check')).toBe(true);
    expect(coalescer.size).toBe(0);
  });

  it('keeps keys apart and lets a later request lead again once a key is finished', async () => {
    const coalescer = createCoalescer(WAIT);
    const a = await coalescer.join('a');
    const b = await coalescer.join('b');
    expect([a.role, b.role]).toEqual(['produce', 'produce']);
    coalescer.finish(a);
    expect((await coalescer.join('a')).role).toBe('produce');
    expect(coalescer.size).toBe(2);
  });
});
