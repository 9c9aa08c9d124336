import { describe, expect, it } from 'vitest';
import { countCouponEvents } from '../../src/server/db/repositories/activity';
import { countSubscriptions } from '../../src/server/db/repositories/newsletter';
import { idFromKey } from '../../src/server/db/ids';
import { DATABASES, getJson, postJson, shopperCookie, startTestApp } from './helpers/test-app';
import { couponId, listedCoupons } from './helpers/expect-shapes';

describe.each(DATABASES)('restart on the same data (%s)', (kind) => {
  it('keeps subscriptions and visits', async () => {
    const first = await startTestApp(kind);
    const c = listedCoupons(first.data, 'one')[0];
    const id = couponId(c?.key ?? '');
    const storeSid = idFromKey('store', c?.store_key ?? '');
    let visits = 0;
    try {
      expect(
        (await postJson(first.app, '/end-user/newsletter/email-subscribe', { email_id: 'keep@example.com' })).status,
      ).toBe(200);
      const visit = await postJson<{ visit_count: number }>(
        first.app,
        '/api/end-user/coupon/record-visit',
        { coupon_id: id },
        'one.localhost',
        { cookie: await shopperCookie(first), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
      );
      visits = visit.body.data.visit_count;
    } finally {
      await first.close(true);
    }

    const second = await startTestApp(kind, { place: first.place, seed: false });
    try {
      const domain = idFromKey('domain', 'one');
      expect(await countSubscriptions(second.db, domain, 'keep@example.com')).toBe(1);
      expect(await countCouponEvents(second.db, domain, id)).toBe(1);
      const store = await getJson<{ store: { visit_count: number } }>(
        second.app,
        `/api/end-user/store/getStoreByIdAndAllItsCoupons?storeId=${storeSid}`,
      );
      expect(store.body.data.store.visit_count).toBe(visits);
      // The sign-up mail throttle (issue 24) is in the database too: the repeat after the restart mails nothing.
      const mailsSent = async () =>
        (
          await second.db.query<{ n: number }>(
            'SELECT coalesce(sum(cardinality(sent_at)), 0)::int AS n FROM confirmation_throttle',
          )
        )[0]?.n;
      expect(await mailsSent()).toBe(1);
      const repeat = await postJson(second.app, '/end-user/newsletter/email-subscribe', {
        email_id: 'keep@example.com',
      });
      expect(repeat.status).toBe(200);
      expect(await mailsSent()).toBe(1);
      expect(await countSubscriptions(second.db, domain, 'keep@example.com')).toBe(1);
    } finally {
      await second.close();
    }
  });
});
