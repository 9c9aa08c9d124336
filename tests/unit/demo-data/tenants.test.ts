import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { generateDemoData, tenantPublishesStore } from '../../../src/server/db/seed/demo';
import { NOW, data } from './fixtures';

const schema = JSON.parse(
  readFileSync(new URL('../../../schemas/domain-data.schema.json', import.meta.url), 'utf8'),
) as object;
const validateDomain = new Ajv({ allErrors: true }).compile(schema);
const storesByKey = new Map(data.stores.map((s) => [s.key, s]));
const FIELDS = [
  'name',
  'logo',
  'favicon',
  'header_color',
  'header_html',
  'header_js',
  'meta_tag',
  'meta_description',
  'home_page',
  'footer_about_us',
  'footer_text',
  'contact',
  'banners_v2',
  'google_verification_tag',
  'footer_js',
  'permissions',
  'affiliate_disclosure',
  'time_zone',
];

describe('demo tenants', () => {
  it('are one to five plus a default on localhost, each selecting its home page', () => {
    expect(data.tenants.map((t) => [t.key, t.hosts, t.domain.home_page])).toEqual([
      ['one', ['one.localhost'], 'Home Page One'],
      ['two', ['two.localhost'], 'Home Page Two'],
      ['three', ['three.localhost'], 'Home Page Three'],
      ['four', ['four.localhost'], 'Home Page Four'],
      ['five', ['five.localhost'], 'Home Page Five'],
      ['default', ['localhost', '127.0.0.1'], 'Classic'],
    ]);
    expect(new Set(data.tenants.map((t) => t.domain.name)).size).toBe(6);
    expect(new Set(data.tenants.map((t) => t.domain.header_color)).size).toBe(6);
  });

  it.each(data.tenants.map((t) => [t.key, t] as const))('%s has complete, schema-valid domain data', (key, t) => {
    expect(Object.keys(t.domain).sort()).toEqual([...FIELDS].sort());
    expect(validateDomain(t.domain), JSON.stringify(validateDomain.errors)).toBe(true);
    expect(t.domain.logo).toBe(`tenants/${key}/logo.svg`);
    expect(t.domain.favicon).toBe(`tenants/${key}/favicon.svg`);
    expect(t.domain.contact.email).toMatch(/^[a-z]+@[a-z]+\.example\.com$/);
    expect(t.domain.contact.phone).toMatch(/555-01\d\d/);
    expect(t.domain.contact.address.length).toBeGreaterThan(10);
    for (const f of [
      'meta_tag',
      'meta_description',
      'footer_about_us',
      'footer_text',
      'google_verification_tag',
    ] as const) {
      expect(t.domain[f].length).toBeGreaterThan(5);
    }
  });

  it('only carries empty or comment-only scripts, with both kinds present', () => {
    const comment = /^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|<script>\s*\/\*[\s\S]*?\*\/\s*<\/script>))*\s*$/;
    const scripts = data.tenants.flatMap((t) => [t.domain.header_html, t.domain.header_js, t.domain.footer_js]);
    for (const s of scripts) expect(s).toMatch(comment);
    expect(scripts.some((s) => s === '')).toBe(true);
    expect(scripts.some((s) => s.includes('<script>'))).toBe(true);
  });

  it('publish at least 60 stores each, including archived and paused ones', () => {
    for (const t of data.tenants) {
      expect(t.store_keys.length).toBeGreaterThanOrEqual(60);
      expect(t.store_keys.length).toBeLessThan(data.stores.length);
      const stores = t.store_keys.map((k) => storesByKey.get(k));
      expect(stores.every(Boolean)).toBe(true);
      expect(stores.some((s) => s?.is_archived)).toBe(true);
      expect(stores.some((s) => s?.is_paused)).toBe(true);
      expect(t.store_keys).toEqual(data.stores.filter((_, i) => tenantPublishesStore(t.key, i)).map((s) => s.key));
    }
  });

  it('have at least five banners of each size, with the ad/recommend mix the layouts need', () => {
    for (const t of data.tenants) {
      const n = (dim: string, kind?: string) =>
        t.banners.filter((b) => b.banner_dimension === dim && (!kind || b.kind === kind)).length;
      for (const dim of ['120 * 600', '300 * 250', '728 * 90', '1480 * 630']) {
        expect(n(dim)).toBeGreaterThanOrEqual(5);
        expect(n(dim, 'ad')).toBeGreaterThanOrEqual(1);
        expect(n(dim, 'recommend')).toBeGreaterThanOrEqual(1);
      }
      expect(n('120 * 600', 'recommend')).toBeGreaterThanOrEqual(4);
      expect(n('300 * 250', 'recommend')).toBeGreaterThanOrEqual(4);
      expect(n('728 * 90', 'ad')).toBeGreaterThanOrEqual(4);
      expect(n('1480 * 630', 'ad')).toBeGreaterThanOrEqual(4);
      expect(new Set(t.banners.map((b) => b.key)).size).toBe(t.banners.length);
    }
  });

  it('link banners to active published stores, or to an absolute address', () => {
    for (const t of data.tenants) {
      for (const b of t.banners) {
        const [w, h] = b.banner_dimension.split(' * ');
        expect(b.image_upload).toMatch(new RegExp(`^banners/${t.key}/${w}x${h}-\\d+\\.svg$`));
        expect(new URL(b.redirect_url).protocol).toBe('https:');
        if (b.store_key === null) continue;
        const store = storesByKey.get(b.store_key);
        expect(store && !store.is_archived && !store.is_paused && t.store_keys.includes(b.store_key)).toBe(true);
        expect(b.redirect_url).toContain(new URL(store?.website_url ?? '').hostname);
      }
      expect(t.banners.some((b) => b.store_key === null)).toBe(true);
    }
  });

  it('have 3–4 banners_v2 entries mixing url, storeId and neither', () => {
    const all = data.tenants.flatMap((t) => {
      expect(t.domain.banners_v2.length).toBeGreaterThanOrEqual(3);
      expect(t.domain.banners_v2.length).toBeLessThanOrEqual(4);
      const kinds = new Set(
        t.domain.banners_v2.map((b) => `${b.url ? 'url' : ''}${b.storeId ? 'store' : ''}` || 'plain'),
      );
      expect([...kinds]).toEqual(expect.arrayContaining(['url', 'store', 'plain']));
      return t.domain.banners_v2;
    });
    expect(all.some((b) => b.url && b.storeId)).toBe(true);
    for (const b of all) if (b.storeId) expect(storesByKey.has(b.storeId)).toBe(true);
  });

  it('keep every store reference valid in a small catalogue', () => {
    const small = generateDemoData({ stores: 10, coupons: 30, now: NOW });
    const keys = new Set(small.stores.map((s) => s.key));
    for (const t of small.tenants) {
      expect(t.store_keys.every((k) => keys.has(k))).toBe(true);
      expect(t.banners.every((b) => b.store_key === null || keys.has(b.store_key))).toBe(true);
      expect(t.domain.banners_v2.every((b) => b.storeId === undefined || keys.has(b.storeId))).toBe(true);
    }
    expect(small.ratings.every((r) => keys.has(r.store_key))).toBe(true);
  });
});
