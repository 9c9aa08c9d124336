// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderAsset } from '../../../src/server/db/seed/demo';
import { text } from '../../../src/server/db/seed/demo/svg/svg-util';
import { data, parseSvg } from './fixtures';

const bannerSize = (p: string) => /(\d+)x(\d+)-\d+\.svg$/.exec(p);

/** Every image path the demo data hands to the client. */
const paths = [
  ...new Set([
    ...data.stores.map((s) => s.image),
    ...data.coupons.flatMap((c) => (c.image ? [c.image] : [])),
    ...data.feature_cards.map((f) => f.icon),
    ...data.tenants.flatMap((t) => [
      t.domain.logo,
      t.domain.favicon,
      ...t.domain.banners_v2.map((b) => b.image),
      ...t.banners.map((b) => b.image_upload),
    ]),
    'placeholder/store.svg',
    'payments/visa.svg',
    'payments/mastercard.svg',
    'payments/amex.svg',
    'payments/paypal.svg',
  ]),
];

describe('renderAsset', () => {
  it.each(paths)('renders %s as a small, well-formed SVG with explicit size', (path) => {
    const asset = renderAsset(path);
    expect(asset?.contentType).toBe('image/svg+xml');
    const body = asset?.body ?? '';
    expect(body.length).toBeLessThan(2048);
    const svg = parseSvg(body);
    expect(svg.width).toBeGreaterThan(0);
    expect(svg.height).toBeGreaterThan(0);
    expect(svg.viewBox).toBe(`0 0 ${svg.width} ${svg.height}`);
    const size = bannerSize(path);
    if (size) expect([svg.width, svg.height]).toEqual([Number(size[1]), Number(size[2])]);
  });

  it('draws store logos with the store name, escaping punctuation', () => {
    for (const s of data.stores.slice(0, 30)) {
      const svg = parseSvg(renderAsset(s.image)?.body ?? '');
      expect(svg.text.replace(/…/g, '')).toContain(s.name.slice(0, 16));
    }
    const amp = data.stores.find((s) => s.name.includes('&'));
    expect(renderAsset(amp?.image ?? '')?.body).toContain('&amp;');
  });

  it('shows the linked store on each store banner and the tenant name on its logo', () => {
    const names = new Map(data.stores.map((s) => [s.key, s.name]));
    for (const t of data.tenants) {
      for (const b of t.banners) {
        const svg = parseSvg(renderAsset(b.image_upload)?.body ?? '');
        const label = b.store_key ? (names.get(b.store_key) ?? '?') : t.domain.name;
        expect(svg.text.replace(/ \| /g, ' ').replace(/…/g, '')).toContain(label.split(' ')[0]);
      }
      expect(parseSvg(renderAsset(t.domain.logo)?.body ?? '').text).toBe(t.domain.name);
    }
  });

  it('gives different tenants and stores different colours', () => {
    const fills = (p: string) =>
      /fill="(#[0-9a-f]{6})"/.exec(renderAsset(p)?.body.replace('fill="#fff"', '') ?? '')?.[1];
    expect(new Set(data.tenants.map((t) => fills(t.domain.favicon))).size).toBe(data.tenants.length);
    expect(
      new Set(data.stores.map((s) => renderAsset(s.image)?.body.match(/<circle[^>]*fill="(#[0-9a-f]{6})"/)?.[1])).size,
    ).toBeGreaterThan(8);
  });

  it.each([
    '../package.json',
    'stores/../../package.json',
    'stores/..%2f..%2fpackage.json',
    '/stores/lumen-lane.svg',
    'stores/Lumen-Lane.svg',
    'stores/lumen-lane.png',
    'stores/lumen_lane.svg',
    'stores/-lumen.svg',
    'stores/lumen-lane.svg?x=1',
    'stores/.svg',
    `stores/${'a'.repeat(90)}.svg`,
    'banners/one/100x100-1.svg',
    'banners/one/728x91-1.svg',
    'banners/one/728x90-0.svg',
    'banners/one/728x90-7.svg',
    'banners/one/728x90-01.svg',
    'banners/nowhere/728x90-1.svg',
    'banners/constructor/728x90-1.svg',
    'banners/one/../two/728x90-1.svg',
    'tenants/one/banner.svg',
    'tenants/nobody/logo.svg',
    'tenants/constructor/logo.svg',
    'tenants/one/logo.png',
    'payments/bitcoin.svg',
    'payments/constructor.svg',
    'payments/__proto__.svg',
    'icons/constructor.svg',
    'icons/unknown.svg',
    'placeholder/coupon.svg',
    'unknown/thing.svg',
    '',
    'stores/',
    'stores\\lumen-lane.svg',
  ])('rejects %j', (path) => {
    expect(renderAsset(path)).toBeNull();
  });
});

describe('svg text', () => {
  it('escapes markup and quotes', () => {
    const out = text(0, 0, 12, `<b>Tom & "Jerry's"</b>`);
    expect(out).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&#39;s&quot;&lt;/b&gt;');
    expect(
      parseSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" viewBox="0 0 1 1">${out}</svg>`).text,
    ).toBe(`<b>Tom & "Jerry's"</b>`);
  });

  it('shrinks long text instead of letting it overflow', () => {
    const size = (s: string) => Number(/font-size="([\d.]+)"/.exec(s)?.[1]);
    expect(size(text(0, 0, 20, 'Short', { maxWidth: 200 }))).toBe(20);
    expect(size(text(0, 0, 20, 'A considerably longer line of text', { maxWidth: 200 }))).toBeLessThan(20);
  });
});
