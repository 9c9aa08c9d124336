import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../../src/shared/rules/accept-encoding';

// One Accept-Encoding rule for the server's answers and the bench's reference: never a coding the client refused,
// brotli whenever it is accepted.
const coding = fc.constantFrom('br', 'gzip', 'deflate', 'zstd', 'identity', '*', 'x-gzip');
const q = fc.constantFrom('', ';q=0', ';q=0.0', ';q=0.5', ';q=1', ' ; q=0.001');
const header = fc.array(fc.tuple(coding, q), { maxLength: 6 }).map((parts) => parts.map(([c, w]) => c + w).join(', '));

const weight = (h: string, name: string): number | undefined => {
  let found: number | undefined;
  for (const part of h.split(',')) {
    const [raw, ...params] = part.toLowerCase().split(';');
    if (raw?.trim() !== name) continue;
    const p = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    found = p ? Number(p.slice(2)) : 1;
  }
  return found;
};
const accepted = (h: string, name: string) => (weight(h, name) ?? weight(h, '*') ?? 0) > 0;

describe('negotiateEncoding', () => {
  it('answers with a coding the header accepts, brotli whenever it is accepted', () => {
    fc.assert(
      fc.property(header, (h) => {
        const chosen = negotiateEncoding(h);
        if (accepted(h, 'br')) expect(chosen).toBe('br');
        else if (chosen !== 'identity')
          expect(accepted(h, chosen) || (chosen === 'gzip' && accepted(h, 'x-gzip'))).toBe(true);
      }),
    );
  });

  it('sends the bytes as they are when nothing compressed is asked for', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('deflate, zstd')).toBe('identity');
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBe('identity');
  });
});
