import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { bannerLink } from '../../../src/shared/rules';

const blank = fc.constantFrom(undefined, null, '', '   ', '\t\n');
const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'] });
const notHttp = fc.oneof(
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,x',
    '//evil.example/x',
    '/relative/path',
    'ftp://files.example',
    'http://',
    'https:// a b',
  ),
  fc.string({ maxLength: 20 }).filter((s) => !/^\s*https?:\/\//i.test(s)),
);
const storeId = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');

describe('bannerLink (SPEC §2/§5 banner link choice)', () => {
  it('links to the url when it is an http(s) URL, whatever the storeId', () => {
    fc.assert(
      fc.property(httpUrl, fc.option(storeId), (url, id) => {
        expect(bannerLink({ url: ` ${url} `, storeId: id })).toEqual({ kind: 'url', href: url });
      }),
    );
  });

  it('treats a missing, blank or non-http url as absent and falls back to the store page', () => {
    fc.assert(
      fc.property(fc.oneof(blank, notHttp), storeId, (url, id) => {
        const link = bannerLink({ url, storeId: id });
        expect(link.kind).toBe('store');
        if (link.kind !== 'store') return;
        const [, first, segment, ...rest] = link.to.split('/');
        expect(first).toBe('store');
        expect(rest).toEqual([]);
        expect(decodeURIComponent(segment ?? '')).toBe(id.trim());
      }),
    );
  });

  it('is a plain image when there is neither a usable url nor a storeId', () => {
    fc.assert(
      fc.property(fc.oneof(blank, notHttp), blank, (url, id) => {
        expect(bannerLink({ url, storeId: id })).toEqual({ kind: 'image' });
      }),
    );
  });
});
