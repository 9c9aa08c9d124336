import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, getJson, startTestApp, tenant, type TestApp } from './helpers/test-app';
import type { DomainData } from '../../src/server/db/seed/demo/types';

describe.each(DATABASES)('website data and tenancy (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers each tenant its own domain data, chosen by Host', async () => {
    for (const demo of t.data.tenants) {
      const { status, body } = await getJson<DomainData>(
        t.app,
        '/api/end-user/website-data/fetchByDomain',
        demo.hosts[0],
      );
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.name).toBe(demo.domain.name);
      expect(body.data.home_page).toBe(demo.domain.home_page);
      expect(Object.keys(body.data).sort()).toEqual([
        'affiliate_disclosure',
        'banners_v2',
        'contact',
        'favicon',
        'footer_about_us',
        'footer_js',
        'footer_text',
        'google_verification_tag',
        'header_color',
        'header_html',
        'header_js',
        'home_page',
        'logo',
        'meta_description',
        'meta_tag',
        'name',
        'permissions',
        'time_zone',
      ]);
      expect(body.data.contact).toEqual(demo.domain.contact);
    }
  });

  it('prefers the domain-name header over Host, ignoring port and case', async () => {
    const two = tenant(t.data, 'two');
    const viaHeader = await getJson<DomainData>(t.app, '/api/end-user/website-data/fetchByDomain', 'one.localhost', {
      'domain-name': 'TWO.localhost',
    });
    expect(viaHeader.body.data.name).toBe(two.domain.name);
    const viaPort = await getJson<DomainData>(t.app, '/api/end-user/website-data/fetchByDomain', 'Two.LocalHost:8080');
    expect(viaPort.body.data.name).toBe(two.domain.name);
    const both = await getJson<DomainData>(t.app, '/api/end-user/website-data/fetchByDomain', '127.0.0.1:8080');
    expect(both.body.data.name).toBe(tenant(t.data, 'default').domain.name);
  });

  it('exposes banners_v2 storeId as a published store _id', async () => {
    const { body } = await getJson<DomainData>(t.app, '/api/end-user/website-data/fetchByDomain', 'one.localhost');
    const withStore = body.data.banners_v2.find((b) => b.storeId);
    expect(withStore?.storeId).toMatch(/^[0-9a-f]{24}$/);
    const store = await getJson(
      t.app,
      `/api/end-user/store/getStoreByIdAndAllItsCoupons?storeId=${withStore?.storeId}`,
      'one.localhost',
    );
    expect(store.status).toBe(200);
  });

  it('answers an unknown host with 404 JSON naming it', async () => {
    const { status, body } = await getJson(t.app, '/api/end-user/website-data/fetchByDomain', 'nowhere.example');
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: 'Unknown site: nowhere.example' });
    const viaHeader = await getJson(t.app, '/api/end-user/coupon/getUniqueCategoryAndCount', 'one.localhost', {
      'domain-name': 'evil.example',
    });
    expect(viaHeader.status).toBe(404);
  });

  it('answers fetchAll, footer JS and the verification tag for the tenant only', async () => {
    const three = tenant(t.data, 'three');
    const all = await getJson<DomainData[]>(t.app, '/websiteData/fetchAll', 'three.localhost');
    expect(all.body.data.map((d) => d.name)).toEqual([three.domain.name]);
    const footer = await getJson(t.app, '/api/end-user/website-data/fetchFooterJS', 'one.localhost');
    expect(footer.body.data).toEqual({ footer_js: tenant(t.data, 'one').domain.footer_js });
    const tag = await getJson(t.app, '/api/end-user/website-data/google-verification-tag', 'three.localhost');
    expect(tag.body.data).toEqual({
      google_verification_tag: three.domain.google_verification_tag,
      footer_js: three.domain.footer_js,
    });
  });

  it('sets short explicit Cache-Control and varies on domain-name', async () => {
    const { headers } = await getJson(t.app, '/api/end-user/website-data/fetchByDomain', 'one.localhost');
    expect(headers['cache-control']).toBe('public, max-age=30');
    expect(String(headers.vary)).toContain('domain-name');
    const miss = await getJson(t.app, '/api/end-user/website-data/fetchByDomain', 'nowhere.example');
    expect(miss.headers['cache-control']).toBe('no-store');
  });

  it('reports health', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, database: { status: 'up' } });
  });
});
