import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { imageUrl } from '../../../src/shared/rules';

const PLACEHOLDER = '/assets/placeholder.svg';
const segment = fc.string({ unit: fc.constantFrom(...'abcz09-_.'), minLength: 1, maxLength: 8 });
const relPath = fc
  .tuple(fc.constantFrom('', '/', '//'), fc.array(segment, { minLength: 1, maxLength: 3 }))
  .map(([lead, parts]) => lead + parts.join('/'))
  .filter((p) => !p.includes('http'));
const base = fc.constantFrom(
  '/assets/',
  '/assets',
  '/assets//',
  'https://cdn.example.com/assets/',
  'https://cdn.example.com',
);

describe('imageUrl (SPEC §3 asset base)', () => {
  it('prefixes a relative path with the asset base, joined by exactly one slash', () => {
    fc.assert(
      fc.property(relPath, base, (p, b) => {
        const out = imageUrl(p, b, PLACEHOLDER);
        const root = b.replace(/\/+$/, '');
        const rest = p.replace(/^\/+/, '');
        expect(out).toBe(`${root}/${rest}`);
        expect(out.slice(root.length)).not.toMatch(/^\/\//);
      }),
    );
  });

  it('leaves a path containing http untouched', () => {
    // Literal SPEC rule: 'http' anywhere (absolute URLs, but also e.g. 'stores/http-logo.svg').
    const withHttp = fc
      .tuple(fc.constantFrom('', 'https://', 'http://cdn.example/', 'stores/'), segment)
      .map(([a, b]) => `${a}http${b}`);
    fc.assert(
      fc.property(withHttp, base, (url, b) => {
        expect(imageUrl(url, b, PLACEHOLDER)).toBe(url);
      }),
    );
  });

  it('gives the placeholder for a missing or blank path', () => {
    fc.assert(
      fc.property(fc.constantFrom(undefined, null, '', '  '), base, (p, b) => {
        expect(imageUrl(p, b, PLACEHOLDER)).toBe(PLACEHOLDER);
      }),
    );
  });
});
