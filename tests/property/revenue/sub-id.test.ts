import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AFFILIATE_NETWORKS, CLICK_ID_PATTERN, SUB_ID_PARAMS } from '../../../src/shared/contract/revenue';
import { networkOfLink, readSubId, tagClickOut, withSubId } from '../../../src/shared/revenue/sub-id';

// Issue 31: the sub-ID rewrite never changes where the shopper lands and keeps every other parameter.

const clickId = fc.stringMatching(new RegExp(CLICK_ID_PATTERN));
const hosts = fc.constantFrom(
  'www.awin1.com',
  'www.anrdoezrs.net',
  'brand.sjv.io',
  'click.linksynergy.com',
  'clk.tradedoubler.com',
  'ad.admitad.com',
  'shop.example',
  'xn--bcher-kva.example',
);
const key = fc.constantFrom('awinmid', 'awinaffid', 'ued', 'p', 'url', 'murl', 'ulp', 'u', 'id', 'a b', 'x%20y', 'sid');
const value = fc.oneof(
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('https%3A%2F%2Fshop.example%2Fa%3Fb%3D1', 'a+b', '', '%E2%82%AC'),
);
const part = fc.oneof(
  fc.tuple(key, value).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
  key.map(encodeURIComponent),
);
const link = fc
  .record({
    scheme: fc.constantFrom('https', 'http'),
    host: hosts,
    port: fc.constantFrom('', ':8443'),
    path: fc.constantFrom('', '/', '/cread.php', '/click', '/c/1/2/3', '/g/abc/'),
    parts: fc.array(part, { maxLength: 6 }),
    hash: fc.constantFrom('', '#top', '#a?b=c'),
  })
  .map(
    ({ scheme, host, port, path, parts, hash }) =>
      `${scheme}://${host}${port}${path}${parts.length ? `?${parts.join('&')}` : ''}${hash}`,
  );
const param = fc.oneof(fc.constantFrom(...Object.values(SUB_ID_PARAMS)), fc.constantFrom('subid', 'aff_sub', 'ref'));

const queryParts = (l: string): string[] => {
  const beforeHash = l.split('#')[0] ?? '';
  const q = beforeHash.includes('?') ? beforeHash.slice(beforeHash.indexOf('?') + 1) : '';
  return q === '' ? [] : q.split('&');
};
const decodedKey = (p: string) => decodeURIComponent((p.split('=')[0] ?? '').replace(/\+/g, ' '));

describe('withSubId', () => {
  it('keeps scheme, host, port, path and fragment', () => {
    fc.assert(
      fc.property(link, param, clickId, (l, p, id) => {
        const before = new URL(l);
        const after = new URL(withSubId(l, p, id, networkOfLink(l)));
        expect([after.protocol, after.host, after.pathname, after.hash]).toEqual([
          before.protocol,
          before.host,
          before.pathname,
          before.hash,
        ]);
      }),
    );
  });

  it('keeps every other parameter as written and in order, and the sub-ID reads back once', () => {
    fc.assert(
      fc.property(link, param, clickId, (l, p, id) => {
        const tagged = withSubId(l, p, id, networkOfLink(l));
        const others = (x: string) => queryParts(x).filter((q) => decodedKey(q) !== p);
        expect(others(tagged)).toEqual(others(l));
        expect(queryParts(tagged).filter((q) => decodedKey(q) === p)).toHaveLength(1);
        expect(readSubId(tagged, p)).toBe(id);
        expect(new URL(tagged).searchParams.get(p)).toBe(id);
      }),
    );
  });

  it('tagging again with another id replaces the first (no second sub-ID)', () => {
    fc.assert(
      fc.property(link, param, clickId, clickId, (l, p, a, b) => {
        const n = networkOfLink(l);
        expect(withSubId(withSubId(l, p, a, n), p, b, n)).toBe(withSubId(l, p, b, n));
      }),
    );
  });

  it('leaves anything that is not an http(s) URL alone', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom('javascript:alert(1)', 'mailto:a@b.example', '/relative')),
        clickId,
        (l, id) => {
          if (/^https?:\/\//i.test(l)) return;
          expect(withSubId(l, 'clickref', id)).toBe(l);
        },
      ),
    );
  });
});

describe('tagClickOut', () => {
  it("uses each network's own parameter, the store's for other links, nothing without one", () => {
    fc.assert(
      fc.property(link, clickId, fc.option(fc.constantFrom('subid', 'ref'), { nil: null }), (l, id, storeParam) => {
        const network = networkOfLink(l);
        const tagged = tagClickOut(l, id, storeParam);
        if (network) expect(readSubId(tagged, SUB_ID_PARAMS[network])).toBe(id);
        else if (storeParam) expect(readSubId(tagged, storeParam)).toBe(id);
        else expect(tagged).toBe(l);
      }),
    );
  });

  it('puts the sub-ID before the destination parameter the network reads as the rest of the link', () => {
    const awin = 'https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&ued=https%3A%2F%2Fshop.example%2F';
    expect(tagClickOut(awin, 'AbCdEfGhIjKlMnOp', null)).toBe(
      'https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&clickref=AbCdEfGhIjKlMnOp&ued=https%3A%2F%2Fshop.example%2F',
    );
    const td = 'https://clk.tradedoubler.com/click?p=1&a=2&url=https%3A%2F%2Fshop.example';
    expect(tagClickOut(td, 'AbCdEfGhIjKlMnOp', null)).toBe(
      'https://clk.tradedoubler.com/click?p=1&a=2&epi=AbCdEfGhIjKlMnOp&url=https%3A%2F%2Fshop.example',
    );
  });

  it('knows every network by its tracking host', () => {
    const seen = new Set(
      [
        'https://www.awin1.com/',
        'https://www.kqzyfj.com/',
        'https://x.sjv.io/',
        'https://click.linksynergy.com/',
        'https://clk.tradedoubler.com/',
        'https://ad.admitad.com/g/1/',
      ].map(networkOfLink),
    );
    expect([...seen].sort()).toEqual([...AFFILIATE_NETWORKS].sort());
    expect(networkOfLink('https://awin1.com.evil.example/')).toBeNull();
    expect(networkOfLink('https://notawin1.com/')).toBeNull();
  });
});
