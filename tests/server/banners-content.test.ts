import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner } from '../../src/shared/contract/entities';
import { DATABASES, getJson, startTestApp, tenant, type TestApp } from './helpers/test-app';

const DIMENSIONS = ['120 * 600', '728 * 90', '1480 * 630', '300 * 250'];

describe.each(DATABASES)('banners and content (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('has at least 4 banners of each dimension per tenant, with the documented fields', async () => {
    for (const demo of t.data.tenants) {
      const { body } = await getJson<Banner[]>(t.app, '/api/end-user/banners', demo.hosts[0]);
      for (const d of DIMENSIONS)
        expect(body.data.filter((b) => b.banner_dimension === d).length, `${demo.key} ${d}`).toBeGreaterThanOrEqual(4);
      for (const b of body.data)
        expect(Object.keys(b)).toEqual(
          expect.arrayContaining(['banner_dimension', 'image_upload', 'image_url', 'redirect_url']),
        );
      expect(body.data.every((b) => b.image_upload.includes(`/${demo.key}/`))).toBe(true);
    }
  });

  it('answers recommend banners by dimension (spaced or WxH) and ad banners', async () => {
    const expected = tenant(t.data, 'two').banners.filter(
      (b) => b.kind === 'recommend' && b.banner_dimension === '120 * 600',
    ).length;
    for (const q of ['120%20*%20600', '120x600', '120*600']) {
      const { status, body } = await getJson<Banner[]>(
        t.app,
        `/end-user/advertisement/recommendBannerByDomain?dimension=${q}`,
        'two.localhost',
      );
      expect(status).toBe(200);
      expect(body.data).toHaveLength(expected);
      expect(body.data.every((b) => b.kind === 'recommend' && b.banner_dimension === '120 * 600')).toBe(true);
    }
    const ads = await getJson<Banner[]>(t.app, '/end-user/advertisement/getAdBannerByDomain', 'two.localhost');
    expect(ads.body.data.length).toBe(tenant(t.data, 'two').banners.filter((b) => b.kind === 'ad').length);
    const bad = await getJson(
      t.app,
      '/end-user/advertisement/recommendBannerByDomain?dimension=999x1',
      'two.localhost',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('120 * 600');
  });

  it('answers deals info (with and without the trailing slash) and feature cards', async () => {
    for (const url of ['/end-user/deals-info/', '/end-user/deals-info']) {
      const { body } = await getJson<{ title: string }[]>(t.app, url);
      expect(body.data.map((d) => d.title)).toEqual(t.data.deals_info.map((d) => d.title));
    }
    const cards = await getJson(t.app, '/api/end-user/feature-cards');
    expect(cards.body.data).toEqual(t.data.feature_cards);
  });

  it('serves generated SVG assets with long caching, and 404 for unknown ones', async () => {
    const store = t.data.stores[0];
    const res = await t.app.inject({ url: `/assets/${store?.image}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.body).toContain('<svg');
    for (const url of ['/assets/../package.json', '/assets/%2e%2e/package.json', '/assets/stores/x.exe', '/assets/']) {
      expect((await t.app.inject({ url })).statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});
