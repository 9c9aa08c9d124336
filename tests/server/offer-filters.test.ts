import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon, OfferCounts, Store } from '../../src/shared/contract/entities';
import { hasOfferCode, isFreeShipping, isOfferType } from '../../src/shared/rules/offer-type';
import { DATABASES, getJson, startTestApp, type TestApp } from './helpers/test-app';
import { couponId, listedCoupons, storeId } from './helpers/expect-shapes';

// Issue 13's offer filters and sort, answered by the API over the whole list: type, verified, sort, the tabs' totals,
// and codes reported not working sinking below the working ones.
type StoreAnswer = { store: Store; coupons: Coupon[] };

const countsOf = (coupons: readonly { code: string | null; name: string; title: string }[]): OfferCounts => {
  const code = coupons.filter((c) => isOfferType('code', c)).length;
  return {
    all: coupons.length,
    code,
    deal: coupons.length - code,
    free_shipping: coupons.filter((c) => isOfferType('free_shipping', c)).length,
  };
};

const at = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));

describe.each(DATABASES)('offer filters and sort (%s)', (kind) => {
  let t: TestApp;
  /** The store of tenant one with the most coupons, codes and deals among them. */
  let store: { key: string; slug: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    const listed = listedCoupons(t.data, 'one');
    const perStore = new Map<string, number>();
    for (const c of listed) perStore.set(c.store_key, (perStore.get(c.store_key) ?? 0) + 1);
    const [key] = [...perStore].sort((a, b) => b[1] - a[1])[0]!;
    store = { key, slug: t.data.stores.find((s) => s.key === key)!.slug };
  });
  afterAll(() => t.close());

  const storeCoupons = () => t.data.coupons.filter((c) => c.store_key === store.key);

  it('draws a store page of only codes, soonest expiry first, with the totals of every type', async () => {
    const { status, body } = await getJson<StoreAnswer>(
      t.app,
      `/api/end-user/store/store-by-slug?slug=${store.slug}&type=code&sort=ending_soon&per_page=100`,
    );
    expect(status).toBe(200);
    const coupons = body.data.coupons;
    const expected = storeCoupons().filter((c) => hasOfferCode(c.code));
    expect(coupons.length).toBe(expected.length);
    expect(coupons.length).toBeGreaterThan(1);
    expect(coupons.every((c) => hasOfferCode(c.code))).toBe(true);
    expect(body.total_records).toBe(expected.length);
    expect(body.offer_counts).toEqual(countsOf(storeCoupons()));
    // Unexpired by expiry ascending, then those that never expire, then expired ones (latest expiry first).
    const now = Date.now();
    const live = coupons.filter((c) => c.expiry_date !== null && at(c.expiry_date) > now);
    const never = coupons.filter((c) => c.expiry_date === null);
    const expired = coupons.filter((c) => c.expiry_date !== null && at(c.expiry_date) <= now);
    expect(coupons).toEqual([...live, ...never, ...expired]);
    const times = live.map((c) => at(c.expiry_date));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const gone = expired.map((c) => at(c.expiry_date));
    expect(gone).toEqual([...gone].sort((a, b) => b - a));
  });

  it('answers deals and free-shipping offers of a category with server totals', async () => {
    const listed = listedCoupons(t.data, 'one');
    const category = listed.find((c) => isFreeShipping(c.name, c.title))?.category;
    expect(category, 'the demo data has free-shipping offers').toBeDefined();
    const inCategory = listed.filter((c) => c.category.toLowerCase() === category!.toLowerCase());
    for (const type of ['deal', 'free_shipping', 'code'] as const) {
      const { status, body } = await getJson<Coupon[]>(
        t.app,
        `/api/end-user/coupon/getCouponsBasedOnCategory?category=${encodeURIComponent(category!)}&type=${type}&per_page=5`,
      );
      expect(status).toBe(200);
      const want = inCategory.filter((c) => isOfferType(type, c));
      expect(body.total_records, type).toBe(want.length);
      expect(body.total_pages).toBe(Math.ceil(want.length / 5));
      expect(body.offer_counts).toEqual(countsOf(inCategory));
      expect(body.data.every((c) => isOfferType(type, c))).toBe(true);
    }
  });

  it('filters a search and the all-deals list the same way', async () => {
    const search = await getJson<Coupon[]>(t.app, '/end-user/coupon/search-coupon?search=free&type=free_shipping');
    expect(search.status).toBe(200);
    const matching = listedCoupons(t.data, 'one').filter((c) => c.name.toLowerCase().includes('free'));
    expect(search.body.totalRecords).toBe(matching.filter((c) => isFreeShipping(c.name, c.title)).length);
    expect(search.body.offer_counts).toEqual(countsOf(matching));
    const all = await getJson<Coupon[]>(t.app, '/api/end-user/coupon/coupon-list-by-website?type=deal&per_page=7');
    expect(all.body.offer_counts).toEqual(countsOf(listedCoupons(t.data, 'one')));
    expect(all.body.total_records).toBe(all.body.offer_counts && (all.body.offer_counts as OfferCounts).deal);
    expect(all.body.data.every((c) => !hasOfferCode(c.code))).toBe(true);
  });

  it('refuses unknown filter values with a 400 and a message', async () => {
    for (const q of ['type=coupon', 'sort=cheapest', 'verified=maybe']) {
      const { status, body } = await getJson(t.app, `/api/end-user/coupon/coupon-list-by-website?${q}`);
      expect(status, q).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/querystring/);
    }
  });

  it('sinks codes reported not working below working ones unless the shopper sorts', async () => {
    const sid = storeId(store.key);
    const live = storeCoupons()
      .filter((c) => c.expiry_date === null || at(c.expiry_date) > Date.now())
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const newestId = couponId(live[0]!.key);
    await t.db.query(
      `INSERT INTO coupon_verification (coupon_id, worked, failed, networks) VALUES ($1, 1, 5, 4)
       ON CONFLICT (coupon_id) DO UPDATE SET worked = 1, failed = 5, networks = 4`,
      [newestId],
    );
    const best = await getJson<StoreAnswer>(
      t.app,
      `/api/end-user/store/getStoreByIdAndAllItsCoupons?storeId=${sid}&per_page=99`,
    );
    const ids = best.body.data.coupons.map((c) => c._id);
    // Below every working active offer, above the expired ones.
    expect(ids.indexOf(newestId)).toBe(live.length - 1);
    const sunk = best.body.data.coupons[live.length - 1]!;
    expect(sunk.verification).toMatchObject({ worked: 1, failed: 5, success_rate: 17 });
    const newest = await getJson<StoreAnswer>(
      t.app,
      `/api/end-user/store/getStoreByIdAndAllItsCoupons?storeId=${sid}&per_page=98&sort=newest`,
    );
    const newestFirst = [...storeCoupons()].sort((a, b) => b.created_at.localeCompare(a.created_at));
    expect(newest.body.data.coupons[0]?._id).toBe(couponId(newestFirst[0]!.key));
    await t.db.query('DELETE FROM coupon_verification WHERE coupon_id = $1', [newestId]);
  });

  it('lists only verified codes with verified=1', async () => {
    const sid = storeId(store.key);
    const [a, b] = storeCoupons();
    await t.db.query(
      `INSERT INTO coupon_verification (coupon_id, worked, failed, networks) VALUES ($1, 7, 3, 5), ($2, 6, 3, 5)
       ON CONFLICT (coupon_id) DO NOTHING`,
      [couponId(a!.key), couponId(b!.key)],
    );
    const { body } = await getJson<StoreAnswer>(
      t.app,
      `/api/end-user/store/getStoreByIdAndAllItsCoupons?storeId=${sid}&verified=1&per_page=97`,
    );
    // 7 of 10 is 70 %: verified; 6 of 9 is 66.7 %: not.
    expect(body.data.coupons.map((c) => c._id)).toEqual([couponId(a!.key)]);
    expect(body.total_records).toBe(1);
    expect(body.data.coupons[0]?.verification.success_rate).toBe(70);
    await t.db.query('DELETE FROM coupon_verification WHERE coupon_id IN ($1, $2)', [
      couponId(a!.key),
      couponId(b!.key),
    ]);
  });

  it("keeps coupons' has_code and free_shipping columns equal to the shared rules", async () => {
    const id = couponId(storeCoupons()[0]!.key);
    const piece = fc.constantFrom(
      'free',
      'FREE',
      'Free',
      ' ',
      '\t',
      'shipping',
      'Shipping',
      'delivery',
      'x',
      '1',
      '-',
      'é',
      '%',
    );
    const text = fc.array(piece, { maxLength: 7 }).map((p) => p.join(''));
    const code = fc.option(fc.constantFrom('', ' ', 'SAVE10', '\t', '\n', ' A ', '\u00a0'), { nil: null });
    await fc.assert(
      fc.asyncProperty(text, text, code, async (name, title, c) => {
        const [row] = await t.db.query<{ has_code: boolean; free_shipping: boolean }>(
          'UPDATE coupons SET name = $2, title = $3, code = $4 WHERE id = $1 RETURNING has_code, free_shipping',
          [id, name, title, c],
        );
        expect(row).toEqual({ has_code: hasOfferCode(c), free_shipping: isFreeShipping(name, title) });
      }),
      { numRuns: 60 },
    );
  });
});
