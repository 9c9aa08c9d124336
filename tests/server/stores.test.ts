import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, TopVisitedStore as TopVisited } from '../../src/shared/contract/entities';
import type { StoreWithCoupons } from '../../src/shared/contract/envelopes';
import { DATABASES, getJson, startTestApp, tenant, type TestApp } from './helpers/test-app';
import { activeStores, isExpired, storeId } from './helpers/expect-shapes';

type StorePage = StoreWithCoupons['data'];

describe.each(DATABASES)('stores (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists published stores with flags, and active ones without archived/paused', async () => {
    const published = tenant(t.data, 'one').store_keys.length;
    const all = await getJson<Store[]>(t.app, '/api/end-user/store/getStoresBasedOnDomain?per_page=100');
    expect(all.body).toMatchObject({ total_records: published, page: 1, per_page: 100 });
    expect(all.body.data.some((s) => s.is_archived)).toBe(true);
    expect(all.body.data.some((s) => s.is_paused)).toBe(true);
    expect(new Set(all.body.data.map((s) => s.desktop_redirection_type))).toEqual(
      new Set(['zero-redirect-with-refer', 'zero-redirect-without-refer', 'default']),
    );
    const active = await getJson<Store[]>(t.app, '/api/end-user/store/getActiveStoresBasedOnDomain?per_page=100');
    expect(active.body.total_records).toBe(activeStores(t.data, 'one').length);
    expect(active.body.data.every((s) => !s.is_archived && !s.is_paused)).toBe(true);
    for (const s of active.body.data)
      expect(Object.keys(s)).toEqual(expect.arrayContaining(['_id', 'slug', 'name', 'image', 'visit_count']));
  });

  it('counts every store on a page past the last one, and on a page that holds some', async () => {
    const published = tenant(t.data, 'one').store_keys.length;
    const list = '/api/end-user/store/getStoresBasedOnDomain';
    const past = await getJson<Store[]>(t.app, `${list}?per_page=10&page=999`);
    expect(past.body).toMatchObject({ data: [], total_records: published, page: 999 });
    const second = await getJson<Store[]>(t.app, `${list}?per_page=10&page=2`);
    expect(second.body.total_records).toBe(published);
    expect(second.body.data).toHaveLength(Math.min(10, Math.max(0, published - 10)));
  });

  it('searches stores (search-store) and finds stores by name', async () => {
    const target = activeStores(t.data, 'one')[0];
    const term = target?.name.slice(0, 5).toUpperCase() ?? '';
    const expected = activeStores(t.data, 'one').filter((s) =>
      s.name.toLowerCase().includes(term.toLowerCase()),
    ).length;
    const search = await getJson<Store[]>(
      t.app,
      `/end-user/store/search-store?search=${encodeURIComponent(term)}&per_page=2`,
    );
    expect(search.body).toMatchObject({
      totalRecords: expected,
      total_pages: Math.ceil(expected / 2),
      per_page: 2,
      page: 1,
    });
    const byName = await getJson<Store[]>(
      t.app,
      `/api/end-user/store/stores-by-name?name=${encodeURIComponent(target?.name ?? '')}`,
    );
    expect(byName.body.data.map((s) => s.slug)).toContain(target?.slug);
  });

  it('lists newly added stores newest first and top-visited with store_details', async () => {
    const latest = await getJson<Store[]>(t.app, '/api/end-user/store/latest-stores?limit=24');
    expect(latest.body.data).toHaveLength(24);
    const dates = latest.body.data.map((s) => Date.parse(s.created_at ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const top = await getJson<TopVisited[]>(t.app, '/api/end-user/store/top-visited-stores?limit=12');
    expect(top.body.data).toHaveLength(12);
    const counts = top.body.data.map((s) => s.visit_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const s of top.body.data) {
      expect(s.store_details.slug).toBe(s.slug);
      expect(typeof s.store_details.image).toBe('string');
    }
    expect((await getJson(t.app, '/api/end-user/store/latest-stores?limit=1000')).status).toBe(400);
  });

  it('serves the store page by slug: coupons active before expired, related stores', async () => {
    const withExpired = t.data.stores.find(
      (s) =>
        tenant(t.data, 'one').store_keys.includes(s.key) &&
        t.data.coupons.some((c) => c.store_key === s.key && isExpired(c)) &&
        t.data.coupons.some((c) => c.store_key === s.key && !isExpired(c)),
    );
    const { status, body } = await getJson<StorePage>(
      t.app,
      `/api/end-user/store/store-by-slug?slug=${withExpired?.slug}&per_page=100`,
    );
    expect(status).toBe(200);
    expect(body.data.store.slug).toBe(withExpired?.slug);
    const flags = body.data.coupons.map((c) => isExpired(c));
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
    expect(flags).toContain(true);
    expect(body.data.related_stores.length).toBeGreaterThan(0);
    expect(body.data.related_stores.every((s) => s._id !== body.data.store._id)).toBe(true);
    const byId = await getJson<StorePage>(
      t.app,
      `/api/end-user/store/store-by-slug?slug=${storeId(withExpired?.key ?? '')}`,
    );
    expect(byId.body.data.store.slug).toBe(withExpired?.slug);
    const same = await getJson<StorePage>(
      t.app,
      `/api/end-user/store/getStoreByIdAndAllItsCoupons?storeId=${storeId(withExpired?.key ?? '')}`,
    );
    expect(same.body.data.store.slug).toBe(withExpired?.slug);
    expect(same.body.total_records).toBe(t.data.coupons.filter((c) => c.store_key === withExpired?.key).length);
    expect((await getJson(t.app, '/api/end-user/store/store-by-slug?slug=no-such-store')).status).toBe(404);
    expect((await getJson(t.app, '/api/end-user/store/store-by-slug?slug=../etc')).status).toBe(400);
  });

  it('averages store ratings', async () => {
    const rated = t.data.ratings[0];
    const values = t.data.ratings.filter((r) => r.store_key === rated?.store_key).map((r) => r.rating);
    const { body } = await getJson<{ average: number; count: number }>(
      t.app,
      `/api/end-user/store-rating/store-rating-average?storeId=${storeId(rated?.store_key ?? '')}`,
    );
    if (tenant(t.data, 'one').store_keys.includes(rated?.store_key ?? '')) {
      expect(body.data.count).toBe(values.length);
      expect(body.data.average).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 1);
    }
    expect((await getJson(t.app, '/api/end-user/store-rating/store-rating-average?storeId=zz')).status).toBe(400);
  });
});
