import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bannerLink, hasWebScheme, httpUrl, imageUrl } from '../../../src/shared/rules';

// Issue 18: every value that reaches an href or a src is relative or http(s). The oracle is the WHATWG URL parser (the
// browser's): resolved against the site, the URL's protocol is http: or https:.
const PAGE = 'https://one.example/store/x';
const lead = fc.constantFrom(
  '',
  ' ',
  '\t',
  '\n',
  '\u0000',
  '\u001f',
  'java\tscript:',
  'JavaScript:',
  'data:',
  'vbscript:',
  'https:',
  'http://',
  '//',
  '/',
);
const urlish = fc
  .tuple(
    lead,
    fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('alert(1)', 'x//http', 'text/html,<script>', 'evil.example/')),
  )
  .map(([a, b]) => a + b);
const anyString = fc.oneof(urlish, fc.string(), fc.string({ unit: 'grapheme' }));

function protocolOf(url: string): string | null {
  try {
    return new URL(url, PAGE).protocol;
  } catch {
    return null; // the browser would not follow it either
  }
}
const webOrUnparsable = (url: string) => {
  const p = protocolOf(url);
  return p === null || p === 'http:' || p === 'https:';
};

describe('URLs that reach href and src', () => {
  it("hasWebScheme agrees with the browser's URL parser", () => {
    fc.assert(
      fc.property(anyString, (s) => {
        if (hasWebScheme(s)) expect(webOrUnparsable(s)).toBe(true);
      }),
    );
  });

  it('imageUrl, httpUrl and bannerLink never give a non-http(s) URL', () => {
    fc.assert(
      fc.property(anyString, fc.constantFrom('/assets/', '', 'https://cdn.example/assets'), (s, base) => {
        expect(webOrUnparsable(imageUrl(s, base, '/assets/placeholder.svg'))).toBe(true);
        const href = httpUrl(s);
        if (href !== null) expect(protocolOf(href)).toMatch(/^https?:$/);
        const link = bannerLink({ url: s, storeId: s });
        if (link.kind === 'url') expect(protocolOf(link.href)).toMatch(/^https?:$/);
        if (link.kind === 'store') expect(link.to.startsWith('/store/')).toBe(true);
      }),
    );
  });

  it('refuses the classic payloads', () => {
    for (const s of ['javascript:alert(1)//http', ' java\tscript:alert(1)', 'data:text/html,http', 'vbscript:http']) {
      expect(hasWebScheme(s)).toBe(false);
      expect(imageUrl(s, '/assets/', 'P')).toBe('P');
    }
  });
});
