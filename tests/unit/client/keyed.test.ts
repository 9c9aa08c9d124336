import { describe, expect, it } from 'vitest';
import { KEYED_LIMIT, keyed, keyedEntries } from '../../../src/client/api/keyed';

// The data layer's atom family: one value per key while it is recent, and never more than KEYED_LIMIT per family.
describe('keyed()', () => {
  it('gives the same value for the same arguments', () => {
    const family = keyed((host: string, page: number) => ({ host, page }));
    expect(family('one.localhost', 1)).toBe(family('one.localhost', 1));
    expect(family('one.localhost', 1)).not.toBe(family('one.localhost', 2));
  });

  it('keeps at most KEYED_LIMIT values, forgetting the least recently used first', () => {
    let made = 0;
    const family = keyed((term: string) => ({ term, n: (made += 1) }));
    const start = keyedEntries();
    const kept = family('kept');
    for (let i = 0; i < KEYED_LIMIT * 3; i += 1) {
      family(`term-${i}`);
      expect(family('kept')).toBe(kept); // read on every render, like a mounted component's atom
    }
    expect(keyedEntries() - start).toBe(KEYED_LIMIT);
    const first = family('term-0');
    expect(first.n).toBe(made); // evicted long ago: made again
  });
});
