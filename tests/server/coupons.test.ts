import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '../../src/shared/contract/entities';
import { DATABASES, getJson, startTestApp, type TestApp } from './helpers/test-app';
import { couponId, expectCouponShape, isExpired, listedCoupons, storeId } from './helpers/expect-shapes';

describe.each(DATABASES)('coupons (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('counts coupons per category for the tenant', async () => {
    const { status, body } = await getJson<{ category: string; count: number }[]>(
      t.app,
      '/api/end-user/coupon/getUniqueCategoryAndCount?district=x',
    );
    expect(status).toBe(200);
    const expected = new Map<string, number>();
    for (const c of listedCoupons(t.data, 'one')) expected.set(c.category, (expected.get(c.category) ?? 0) + 1);
    expect(new Map(body.data.map((r) => [r.category, r.count]))).toEqual(expected);
    expect(body.data.length).toBeGreaterThanOrEqual(15);
  });

  it('pages the domain coupons with total_records / total_pages and documented fields', async () => {
    const total = listedCoupons(t.data, 'one').length;
    const { body } = await getJson<Coupon[]>(
      t.app,
      '/api/end-user/coupon/getCouponsBasedOnDomain?page=2&per_page=7&resolution=1280x720',
    );
    expect(body).toMatchObject({
      success: true,
      total_records: total,
      total_pages: Math.ceil(total / 7),
      page: 2,
      per_page: 7,
    });
    expect(body.data).toHaveLength(7);
    body.data.forEach(expectCouponShape);
    const first = await getJson<Coupon[]>(t.app, '/api/end-user/coupon/getCouponsBasedOnDomain?per_page=3');
    expect(first.body.data.every((c) => c.is_recommended)).toBe(true);
  });

  it('carries codes for code coupons and null for deals', async () => {
    const { body } = await getJson<Coupon[]>(t.app, '/api/end-user/coupon/coupon-list-by-website?per_page=100');
    expect(body.data.some((c) => typeof c.code === 'string')).toBe(true);
    expect(body.data.some((c) => c.code === null)).toBe(true);
    const demo = t.data.coupons.find((c) => couponId(c.key) === body.data[0]?._id);
    expect(body.data[0]?.code).toBe(demo?.code);
    expect(body.data[0]?.finalLink).toBe(demo?.finalLink);
  });

  it('bounds page sizes and pages', async () => {
    for (const q of [
      'per_page=101',
      'per_page=0',
      'page=0',
      'page=10001',
      'page=1e400',
      'per_page=abc',
      'page=99999999999999999999',
    ]) {
      const { status, body } = await getJson(t.app, `/api/end-user/coupon/coupon-list-by-website?${q}`);
      expect(status, q).toBe(400);
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe('string');
    }
    const far = await getJson<Coupon[]>(t.app, '/api/end-user/coupon/coupon-list-by-website?page=10000&per_page=100');
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
  });

  it('lists a category, active before expired, on both paths', async () => {
    const category = listedCoupons(t.data, 'one')[0]?.category ?? '';
    for (const path of ['/api/end-user/coupon/getCouponsBasedOnCategory', '/api/end-user/coupon/coupons-by-category']) {
      const { body } = await getJson<Coupon[]>(t.app, `${path}?category=${encodeURIComponent(category)}&per_page=100`);
      expect(body.total_records).toBe(listedCoupons(t.data, 'one').filter((c) => c.category === category).length);
      expect(body.data.every((c) => c.category === category)).toBe(true);
      const flags = body.data.map((c) => isExpired(c));
      expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
    }
    expect((await getJson(t.app, '/api/end-user/coupon/getCouponsBasedOnCategory')).status).toBe(400);
  });

  it("lists a store's coupons by store_id", async () => {
    const c = listedCoupons(t.data, 'one')[0];
    const sid = storeId(c?.store_key ?? '');
    const { body } = await getJson<Coupon[]>(t.app, `/api/end-user/coupon/coupons-by-storeid?store_id=${sid}`);
    expect(body.total_records).toBe(t.data.coupons.filter((x) => x.store_key === c?.store_key).length);
    expect(body.data.every((x) => x.store_id._id === sid)).toBe(true);
    expect((await getJson(t.app, '/api/end-user/coupon/coupons-by-storeid')).status).toBe(400);
  });

  it('searches coupons with totalRecords / total_pages / per_page / page', async () => {
    const { body } = await getJson<Coupon[]>(
      t.app,
      '/end-user/coupon/search-coupon?search=JACKET&per_page=5&resolution=800x600',
    );
    const expected = listedCoupons(t.data, 'one').filter((c) => c.name.toLowerCase().includes('jacket')).length;
    expect(body).toMatchObject({ totalRecords: expected, total_pages: Math.ceil(expected / 5), per_page: 5, page: 1 });
    expect(body.data.every((c) => c.name.toLowerCase().includes('jacket'))).toBe(true);
    const wild = await getJson<Coupon[]>(t.app, '/end-user/coupon/search-coupon?search=%25%25_');
    expect(wild.body.totalRecords).toBe(0);
  });

  it('finds one coupon by id within the tenant only', async () => {
    const c = listedCoupons(t.data, 'one')[0];
    const { body } = await getJson<Coupon>(
      t.app,
      `/api/end-user/coupon/coupon-by-id?coupon_id=${couponId(c?.key ?? '')}`,
    );
    expect(body.data.name).toBe(c?.name);
    expectCouponShape(body.data);
    const unknown = await getJson(t.app, '/api/end-user/coupon/coupon-by-id?coupon_id=0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
    const unpublished = t.data.stores.find(
      (s) => !t.data.tenants.find((x) => x.key === 'one')?.store_keys.includes(s.key),
    );
    const foreign = t.data.coupons.find((x) => x.store_key === unpublished?.key);
    if (foreign) {
      expect(
        (await getJson(t.app, `/api/end-user/coupon/coupon-by-id?coupon_id=${couponId(foreign.key)}`)).status,
      ).toBe(404);
    }
  });

  it('resolves /v2/fetch/couponurl from the stored coupon only (no open redirect)', async () => {
    const c = listedCoupons(t.data, 'one').find((x) => x.finalLink && !isExpired(x));
    const id = couponId(c?.key ?? '');
    const evil = 'https://evil.example/phish';
    const res = await t.app.inject({
      url: `/v2/fetch/couponurl?coupon_id=${id}&finalLink=${encodeURIComponent(evil)}&url=${encodeURIComponent(evil)}&link=${encodeURIComponent(evil)}`,
      headers: { host: 'one.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).not.toContain('evil.example');
    const body = res.json<{ data: { coupons: { finalLink: string }[]; domain_link: string } }>();
    expect(body.data.coupons[0]?.finalLink).toBe(c?.finalLink);
    expect(body.data.domain_link).toBe(c?.domain_link);
    const expired = listedCoupons(t.data, 'one').find((x) => isExpired(x));
    const old = await getJson<{ coupons: { finalLink: string }[] }>(
      t.app,
      `/v2/fetch/couponurl?coupon_id=${couponId(expired?.key ?? '')}`,
    );
    expect(old.body.data.coupons[0]?.finalLink).toBe(expired?.link);
    const missing = await getJson(t.app, `/v2/fetch/couponurl?url=${encodeURIComponent(evil)}`);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).not.toContain('evil.example');
  });
});
