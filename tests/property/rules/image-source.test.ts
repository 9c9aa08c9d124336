import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageSourceProblem, IMAGE_SOURCE_HINT } from '../../../src/shared/console/image-source';
import { imageUrl } from '../../../src/shared/rules';

// Issue 26: an http: logo was saved, then every page showed it broken (CSP img-src 'self' data: https:). An address is
// accepted only when the page would load it: the check below is the CSP's own source matching, written out by hand.
const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}(\.[a-z]{2,5}){1,2}$/);
const path = fc.stringMatching(/^(\/[A-Za-z0-9._~%-]{0,8}){0,3}(\?[a-z]=[a-z0-9]{0,4})?$/);
const assetPath = fc.stringMatching(/^(media|stores|banners\/[a-z]+|tenants\/[a-z]+)\/[a-z0-9][a-z0-9._-]{0,30}$/);

/** img-src 'self' data: https: on a page at `page`: would the browser load `src`? */
function cspAllows(src: string, page: string): boolean {
  const url = new URL(src, page);
  if (url.protocol === 'data:' || url.protocol === 'https:') return true;
  return url.origin === new URL(page).origin;
}

describe('imageSourceProblem (no image address the pages would block)', () => {
  it('accepts every https: URL and every asset-relative path', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(host, path).map(([h, p]) => `https://${h}${p}`),
          assetPath,
        ),
        (value) => {
          expect(imageSourceProblem(value)).toBeNull();
        },
      ),
    );
  });

  it('refuses every http: and protocol-relative URL with the words that say what to do', () => {
    fc.assert(
      fc.property(fc.constantFrom('http:', 'HTTP:', 'Http:', '', ' '), host, path, (scheme, h, p) => {
        expect(imageSourceProblem(`${scheme}//${h}${p}`)).toContain(IMAGE_SOURCE_HINT);
      }),
    );
  });

  it('accepts only what the CSP lets through, on an http and an https page', () => {
    const noise = fc.constantFrom('', ' ', '\t', '\n', '/', '//', '\\', 'http:', 'https:', 'data:', 'javascript:');
    const value = fc
      .tuple(noise, fc.oneof(fc.string({ maxLength: 12 }), host), noise, fc.oneof(path, assetPath))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(value, (v) => {
        if (imageSourceProblem(v) !== null) return;
        const src = imageUrl(v, '/assets/', '');
        if (src === '') return; // blank: no image at all
        for (const page of ['http://one.localhost:8080/store/x', 'https://one.example/']) {
          expect(cspAllows(src, page), `${JSON.stringify(v)} → ${src} on ${page}`).toBe(true);
        }
      }),
    );
  });

  it('accepts blank values (no image) and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(undefined, null, '', '   '), fc.string({ maxLength: 40 })), (v) => {
        const out = imageSourceProblem(v);
        if (v === undefined || v === null || v.trim() === '') expect(out).toBeNull();
        else expect(out === null || out.endsWith(IMAGE_SOURCE_HINT)).toBe(true);
      }),
    );
  });
});
