import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantIdByHost } from '../../src/server/db/repositories/admin-users';
import type { Banner, CategoryCount, Coupon } from '../../src/shared/contract/entities';
import type { StoreWithCoupons } from '../../src/shared/contract/envelopes';
import { demoAdminToken } from './helpers/admin-login';
import { DATABASES, getJson, postJson, startTestApp, type TestApp, ADMIN_HOST } from './helpers/test-app';

// Issue 15: the console pauses a coupon or a banner. A paused coupon is gone for the shopper — the store page's list,
// search, the category and offer counts (store_category_counts stays exact), its reveal and redirect answer 404 as a
// missing coupon does — and comes back on resume; a paused banner leaves its dimension's list. Answers cached before
// the pause are dropped by it.
describe.each(DATABASES)('pausing coupons and banners (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let one: string;

  const admin = (method: 'PATCH' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` } });
  /** store_category_counts against a recount of the coupons that are not paused: empty when exact. */
  const countDrift = () =>
    t.db.query(
      `SELECT * FROM (SELECT store_id, category, count(*)::int AS n, (count(*) FILTER (WHERE is_recommended))::int AS r,
           (count(*) FILTER (WHERE has_code))::int AS k, (count(*) FILTER (WHERE free_shipping))::int AS f
         FROM coupons WHERE NOT is_paused GROUP BY store_id, category) want
       FULL JOIN store_category_counts got USING (store_id, category)
       WHERE got.n IS DISTINCT FROM want.n OR got.n_recommended IS DISTINCT FROM want.r
         OR got.n_code IS DISTINCT FROM want.k OR got.n_free_shipping IS DISTINCT FROM want.f`,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await demoAdminToken(t.app);
    one = (await tenantIdByHost(t.db, 'one.localhost'))!;
  });
  afterAll(() => t.close());

  it('hides a paused coupon from the store page, search and counts, answers 404 for it, and brings it back', async () => {
    const [c] = await t.db.query<{ id: string; name: string; slug: string; category: string }>(
      `SELECT c.id, c.name, s.slug, c.category FROM coupons c JOIN stores s ON s.id = c.store_id
       JOIN domain_stores d ON d.store_id = s.id AND d.domain_id = $1
       WHERE NOT s.is_archived AND NOT s.is_paused AND (c.expiry_date IS NULL OR c.expiry_date > now())
         AND length(c.name) >= 3
       ORDER BY c.id LIMIT 1`,
      [one],
    );
    const storeUrl = `/api/end-user/store/store-by-slug?slug=${c!.slug}&per_page=100`;
    const searchUrl = `/end-user/coupon/search-coupon?search=${encodeURIComponent(c!.name)}&per_page=100`;
    const categoryUrl = `/api/end-user/coupon/getCouponsBasedOnCategory?category=${encodeURIComponent(c!.category)}&per_page=1`;
    const byIdUrl = `/api/end-user/coupon/coupon-by-id?coupon_id=${c!.id}`;
    const revealUrl = `/v2/fetch/couponurl?coupon_id=${c!.id}`;
    const look = async () => {
      const store = await getJson<StoreWithCoupons['data']>(t.app, storeUrl);
      const search = await getJson<Coupon[]>(t.app, searchUrl);
      const category = await getJson<Coupon[]>(t.app, categoryUrl);
      const counts = await getJson<CategoryCount[]>(t.app, '/api/end-user/coupon/getUniqueCategoryAndCount');
      return {
        onStorePage: store.body.data.coupons.some((x) => x._id === c!.id),
        storeTotal: store.body.total_records as number,
        inSearch: search.body.data.some((x) => x._id === c!.id),
        searchTotal: search.body.totalRecords as number,
        categoryTotal: category.body.total_records as number,
        categoryCount: counts.body.data.find((x) => x.category === c!.category)?.count ?? 0,
        byId: (await getJson(t.app, byIdUrl)).status,
        reveal: (await getJson(t.app, revealUrl)).status,
      };
    };

    const before = await look();
    expect(before).toMatchObject({ onStorePage: true, inSearch: true, byId: 200, reveal: 200 });
    await look(); // the answers are cached now: the pause must drop them

    const paused = await admin('PATCH', `/api/admin/coupons/${c!.id}`, { is_paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ data: { _id: c!.id, is_paused: true } });
    const during = await look();
    expect(during).toEqual({
      onStorePage: false,
      storeTotal: before.storeTotal - 1,
      inSearch: false,
      searchTotal: before.searchTotal - 1,
      categoryTotal: before.categoryTotal - 1,
      categoryCount: before.categoryCount - 1,
      byId: 404,
      reveal: 404,
    });
    // As a coupon that does not exist answers: same status, same message.
    const missing = await getJson(t.app, '/v2/fetch/couponurl?coupon_id=0123456789abcdef01234567');
    expect((await getJson(t.app, revealUrl)).body).toEqual(missing.body);
    expect((await postJson(t.app, '/api/end-user/coupon/record-visit', { coupon_id: c!.id })).status).toBe(404);
    expect(await countDrift()).toEqual([]);

    // The console still lists it, marked; the category still counts it (it is not deleted while a coupon uses it).
    const listed = await admin('GET', `/api/admin/coupons?tenant=${one}&q=${encodeURIComponent(c!.name)}&per_page=100`);
    expect(listed.json().data).toContainEqual(expect.objectContaining({ _id: c!.id, is_paused: true }));
    const category = await admin('GET', `/api/admin/categories?q=${encodeURIComponent(c!.category)}&per_page=100`);
    const total = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM coupons WHERE category = $1', [
      c!.category,
    ]);
    expect(category.json().data).toContainEqual({
      name: c!.category,
      position: expect.any(Number),
      coupons: total[0]!.n,
    });

    const [audit] = await t.db.query<{ action: string; paused: string }>(
      `SELECT action, after->>'is_paused' AS paused FROM admin_audit WHERE entity = 'coupon' AND entity_id = $1
       ORDER BY id DESC LIMIT 1`,
      [c!.id],
    );
    expect(audit).toEqual({ action: 'update', paused: 'true' });

    const resumed = await admin('PATCH', `/api/admin/coupons/${c!.id}`, { is_paused: false });
    expect(resumed.statusCode).toBe(200);
    expect(await look()).toEqual(before);
    expect(await countDrift()).toEqual([]);
  });

  it("takes a paused banner out of its dimension's list until it is resumed", async () => {
    const [b] = await t.db.query<{ id: string; host: string; kind: string; dimension: string }>(
      `SELECT b.id, h.host, b.kind, b.banner_dimension AS dimension FROM banners b
       JOIN domain_hosts h ON h.domain_id = b.domain_id WHERE b.kind = 'recommend' ORDER BY b.id, h.host LIMIT 1`,
    );
    const url = `/end-user/advertisement/recommendBannerByDomain?dimension=${encodeURIComponent(b!.dimension)}`;
    const ids = async () => (await getJson<Banner[]>(t.app, url, b!.host)).body.data.map((x) => x._id);
    const before = await ids();
    expect(before).toContain(b!.id);

    const paused = await admin('PATCH', `/api/admin/banners/${b!.id}`, { is_paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ data: { _id: b!.id, is_paused: true } });
    expect(await ids()).toEqual(before.filter((id) => id !== b!.id));

    expect((await admin('PATCH', `/api/admin/banners/${b!.id}`, { is_paused: false })).statusCode).toBe(200);
    expect(await ids()).toEqual(before);
  });
});
