import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../src/server/db/seed/demo';
import { NOW, data } from './fixtures';

const HOUR = 3_600_000;
const t = NOW.getTime();
const expiry = (c: { expiry_date: string | null }) => (c.expiry_date === null ? null : Date.parse(c.expiry_date) - t);

describe('demo stores', () => {
  it('has at least 64 fictional stores with unique, URL-safe slugs and keys', () => {
    expect(data.stores.length).toBeGreaterThanOrEqual(64);
    const slugs = data.stores.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(data.stores.map((s) => s.key)).size).toBe(slugs.length);
    expect(new Set(data.stores.map((s) => s.name)).size).toBe(slugs.length);
    for (const s of data.stores) {
      expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(encodeURIComponent(s.slug)).toBe(s.slug);
      expect(s.image).toBe(`stores/${s.slug}.svg`);
      expect(new URL(s.website_url).hostname).toMatch(/\.example$/);
    }
  });

  it('keeps slugs unique for large catalogues too', () => {
    const big = generateDemoData({ stores: 12_000, coupons: 0, now: NOW });
    const slugs = new Set(big.stores.map((s) => s.slug));
    expect(slugs.size).toBe(12_000);
    expect([...slugs].every((s) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s) && s.length <= 63)).toBe(true);
  });

  it('mixes redirection types, archived and paused stores, visit counts and ages', () => {
    const types = new Set(data.stores.map((s) => s.desktop_redirection_type));
    expect(types).toEqual(new Set(['default', 'zero-redirect-with-refer', 'zero-redirect-without-refer']));
    const archived = data.stores.filter((s) => s.is_archived).length;
    const paused = data.stores.filter((s) => s.is_paused).length;
    expect(archived).toBeGreaterThanOrEqual(2);
    expect(paused).toBeGreaterThanOrEqual(2);
    expect(archived + paused).toBeLessThan(data.stores.length / 4);
    expect(new Set(data.stores.map((s) => s.visit_count)).size).toBeGreaterThan(data.stores.length * 0.9);
    const ages = data.stores.map((s) => t - Date.parse(s.created_at));
    expect(ages.every((a) => a >= 0)).toBe(true);
    expect(ages.filter((a) => a < 14 * 24 * HOUR).length).toBeGreaterThanOrEqual(3);
    expect(ages.filter((a) => a > 365 * 24 * HOUR).length).toBeGreaterThanOrEqual(10);
  });
});

describe('demo coupons', () => {
  it('has at least 420 coupons over at least 15 categories, including the footer ones', () => {
    expect(data.coupons.length).toBeGreaterThanOrEqual(420);
    expect(data.categories).toEqual(expect.arrayContaining(['Professional', 'Pets', 'Air', 'Nutritional Supplements']));
    const used = new Set(data.coupons.map((c) => c.category));
    expect(used.size).toBeGreaterThanOrEqual(15);
    expect([...used].every((c) => data.categories.includes(c))).toBe(true);
    for (const c of ['Professional', 'Pets', 'Air', 'Nutritional Supplements']) expect(used).toContain(c);
    expect(data.categories.some((c) => c.length > 28)).toBe(true);
  });

  it('references existing stores and gives every store a coupon', () => {
    const keys = new Set(data.stores.map((s) => s.key));
    expect(data.coupons.every((c) => keys.has(c.store_key))).toBe(true);
    expect(new Set(data.coupons.map((c) => c.store_key)).size).toBe(keys.size);
    expect(new Set(data.coupons.map((c) => c.key)).size).toBe(data.coupons.length);
  });

  it('mixes codes and deals, expired, expiring within hours or days, and never-expiring', () => {
    const codes = data.coupons.filter((c) => c.code !== null).length;
    expect(codes).toBeGreaterThan(data.coupons.length * 0.3);
    expect(codes).toBeLessThan(data.coupons.length * 0.8);
    const left = data.coupons.map(expiry);
    expect(left.filter((d) => d === null).length).toBeGreaterThan(20);
    expect(left.filter((d) => d !== null && d < 0).length).toBeGreaterThan(20);
    expect(left.filter((d) => d !== null && d > 0 && d < 24 * HOUR).length).toBeGreaterThan(5);
    expect(left.filter((d) => d !== null && d >= 24 * HOUR && d < 15 * 24 * HOUR).length).toBeGreaterThan(20);
    for (const c of data.coupons) {
      if (c.expiry_date) expect(Date.parse(c.created_at)).toBeLessThan(Date.parse(c.expiry_date));
      expect(Date.parse(c.created_at)).toBeLessThanOrEqual(t);
    }
  });

  it('uses month/year placeholders, a little inline HTML and name lengths that show every cut', () => {
    const text = data.coupons.flatMap((c) => [c.name, c.title, c.description]);
    for (const p of ['{month}', '{Month}', '{year}', '{Year}', '{YEAR}'])
      expect(text.some((s) => s.includes(p))).toBe(true);
    const html = data.coupons.filter((c) => /<b>.*<\/b>/.test(c.name + c.title + c.description));
    expect(html.length).toBeGreaterThan(5);
    expect(html.length).toBeLessThan(data.coupons.length / 3);
    const names = data.coupons.map((c) => c.name.length);
    expect(names.some((n) => n <= 28)).toBe(true);
    for (const cut of [48, 50, 60, 70]) expect(names.some((n) => n > cut)).toBe(true);
    expect(data.coupons.some((c) => c.description.length > 60)).toBe(true);
    expect(data.coupons.some((c) => c.title.length > 48)).toBe(true);
  });

  it('links to fictional .example merchants, sometimes without a final link', () => {
    const byKey = new Map(data.stores.map((s) => [s.key, s]));
    for (const c of data.coupons) {
      const host = new URL(byKey.get(c.store_key)?.website_url ?? '').hostname;
      expect(new URL(c.link).hostname).toBe(host);
      expect(new URL(c.domain_link).hostname).toBe(host);
      expect(c.link).toContain('aff=dealdeck');
      if (c.finalLink !== null) expect(new URL(c.finalLink).hostname).toBe(host);
    }
    const noFinal = data.coupons.filter((c) => c.finalLink === null).length;
    expect(noFinal).toBeGreaterThan(20);
    expect(noFinal).toBeLessThan(data.coupons.length / 2);
    expect(data.coupons.filter((c) => c.is_recommended).length).toBeGreaterThan(40);
    expect(data.coupons.some((c) => c.image === null)).toBe(true);
  });
});

describe('ratings, feature cards and deals info', () => {
  it('rates existing stores from 1 to 5', () => {
    const keys = new Set(data.stores.map((s) => s.key));
    expect(data.ratings.length).toBeGreaterThan(data.stores.length);
    for (const r of data.ratings) {
      expect(keys.has(r.store_key)).toBe(true);
      expect(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5).toBe(true);
    }
    expect(new Set(data.ratings.map((r) => r.rating)).size).toBe(5);
  });

  it('has feature cards with asset icons and deals info copy', () => {
    expect(data.feature_cards.length).toBeGreaterThanOrEqual(3);
    expect(data.feature_cards.every((f) => f.icon.startsWith('icons/') && f.title && f.description)).toBe(true);
    expect(data.deals_info.length).toBeGreaterThanOrEqual(3);
  });
});
