import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { httpUrl } from '../../../src/shared/rules';

// Built by hand: fc.webUrl() takes seconds per property on a loaded machine.
const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}(\.[a-z]{2,5}){1,2}$/);
const path = fc.stringMatching(/^(\/[A-Za-z0-9._~%-]{0,8}){0,3}(\?[a-z]=[a-z0-9]{0,4})?$/);
const webUrl = fc
  .tuple(fc.constantFrom('http', 'https', 'HTTPS'), host, path)
  .map(([scheme, h, p]) => `${scheme}://${h}${p}`);

describe('httpUrl (only absolute http(s) links leave the site)', () => {
  it('keeps every absolute http(s) URL, trimmed', () => {
    fc.assert(
      fc.property(webUrl, fc.constantFrom('', ' ', '\n'), (url, pad) => {
        expect(httpUrl(`${pad}${url}${pad}`)).toBe(url);
      }),
    );
  });

  it('drops other schemes, relative and protocol-relative text', () => {
    const rest = webUrl.map((u) => u.replace(/^https?:\/\//i, ''));
    const other = fc
      .tuple(fc.constantFrom('javascript:', 'data:', 'ftp://', '//', '/', 'mailto:', 'http:/', 'https:'), rest)
      .map(([p, r]) => p + r);
    fc.assert(
      fc.property(other, (text) => {
        expect(httpUrl(text)).toBeNull();
      }),
    );
  });

  it('drops blank text and a scheme with no host', () => {
    fc.assert(
      fc.property(fc.constantFrom(undefined, null, '', '  ', 'http://', 'https://', 'https://a b'), (text) => {
        expect(httpUrl(text)).toBeNull();
      }),
    );
  });

  it('answers a URL only when it starts with http:// or https:// (any case)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const out = httpUrl(text);
        if (out !== null) expect(out).toMatch(/^https?:\/\//i);
      }),
    );
  });
});
