import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCouponEvents, countSearches } from '../../src/server/db/repositories/activity';
import { listMessages } from '../../src/server/db/repositories/messages';
import { countSubscriptions } from '../../src/server/db/repositories/newsletter';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer';
import { idFromKey } from '../../src/server/db/ids';
import { DATABASES, getJson, postJson, shopperCookie, startTestApp, type TestApp } from './helpers/test-app';
import { couponId, listedCoupons } from './helpers/expect-shapes';

const domainId = (key: string) => idFromKey('domain', key);

describe.each(DATABASES)('writes that persist (%s)', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let failMail = false;
  const mailer: Mailer = {
    async send(m) {
      if (failMail) throw new Error('smtp down');
      sent.push(m);
    },
  };
  beforeAll(async () => {
    t = await startTestApp(kind, {
      mailer,
      rateLimits: {
        newsletter: { max: 4, timeWindow: 60_000 },
        forms: { max: 50, timeWindow: 60_000 },
        votes: { max: 50, timeWindow: 60_000 },
        signals: { max: 1000, timeWindow: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  it('subscribes once per tenant and email; a repeat answers the same, without a duplicate', async () => {
    const ip = { 'x-forwarded-for': 'ignored' };
    const first = await postJson(
      t.app,
      '/end-user/newsletter/email-subscribe',
      { email_id: 'Shopper@Example.com' },
      'one.localhost',
      ip,
    );
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    const again = await postJson(
      t.app,
      '/end-user/newsletter/email-subscribe',
      { email_id: 'shopper@example.com' },
      'one.localhost',
    );
    // Issue 24: the answer does not say whether the address was already signed up (the mail does).
    expect(again.body).toEqual(first.body);
    const other = await postJson(
      t.app,
      '/end-user/newsletter/email-subscribe',
      { email_id: 'shopper@example.com' },
      'two.localhost',
    );
    expect(other.body).toEqual(first.body);
    expect(await countSubscriptions(t.db, domainId('one'), 'shopper@example.com')).toBe(1);
    expect(await countSubscriptions(t.db, domainId('two'), 'shopper@example.com')).toBe(1);
  });

  it('rejects an invalid email server-side, then rate-limits the client IP with a clear 429', async () => {
    const bad = await postJson(
      t.app,
      '/end-user/newsletter/email-subscribe',
      { email_id: 'not-an-email' },
      'three.localhost',
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: 'Please provide a valid email address.' });
    // The limit (4 in this app) counts every attempt from 127.0.0.1 in the window, whatever the tenant.
    let last = bad;
    for (let i = 0; i < 3; i++)
      last = await postJson(
        t.app,
        '/end-user/newsletter/email-subscribe',
        { email_id: `r${i}@example.com` },
        'three.localhost',
      );
    expect(last.status).toBe(429);
    expect(last.body.success).toBe(false);
    expect(last.body.message).toMatch(/Too many subscription attempts.*try again in \d+ seconds/);
    const otherIp = await t.app.inject({
      method: 'POST',
      url: '/end-user/newsletter/email-subscribe',
      payload: { email_id: 'fresh@example.com' },
      headers: { host: 'three.localhost' },
      remoteAddress: '10.1.2.3',
    });
    expect(otherIp.statusCode).toBe(200);
  });

  it('stores contact messages and hands them to the mail adapter', async () => {
    const form = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question about a coupon.' };
    const ok = await postJson(t.app, '/api/end-user/mail/sendMail', form, 'four.localhost');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true });
    expect(sent.at(-1)?.replyTo).toBe('ada@example.com');
    const bad = await postJson(t.app, '/api/end-user/mail/sendMail', { ...form, email: 'nope' }, 'four.localhost');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      message: 'Unable to send information',
      errorMessage: 'Please provide a valid email address.',
    });
    failMail = true;
    const down = await postJson(t.app, '/api/end-user/mail/sendMail', { ...form, message: 'second' }, 'four.localhost');
    failMail = false;
    expect(down.body.success).toBe(false);
    expect(typeof down.body.errorMessage).toBe('string');
    const stored = await listMessages(t.db, domainId('four'));
    expect(stored.map((m) => [m.message, m.delivered])).toEqual([
      ['A question about a coupon.', true],
      ['second', false],
    ]);
  });

  it('records coupon visits and clicks, feeding visit_count and the top-visited stores', async () => {
    const coupons = listedCoupons(t.data, 'five');
    const c = coupons[coupons.length - 1];
    const id = couponId(c?.key ?? '');
    const before = t.data.stores.find((s) => s.key === c?.store_key)?.visit_count ?? 0;
    // A shopper's signed id (issue 24): each kind counts once per id, coupon and day.
    const shopper = { cookie: await shopperCookie(t), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' };
    const visit = await postJson<{ visit_count: number }>(
      t.app,
      '/api/end-user/coupon/record-visit',
      { coupon_id: id },
      'five.localhost',
      shopper,
    );
    expect(visit.status).toBe(200);
    expect(visit.body.data.visit_count).toBe(before + 1);
    const click = await postJson<{ visit_count: number }>(
      t.app,
      '/api/end-user/coupon/record-visit',
      { coupon_id: id, type: 'click' },
      'five.localhost',
      shopper,
    );
    expect(click.body.data.visit_count).toBe(before + 2);
    expect(await countCouponEvents(t.db, domainId('five'), id)).toBe(2);
    // Enough visits put the store first among the top-visited.
    const top = await getJson<{ visit_count: number }[]>(
      t.app,
      '/api/end-user/store/top-visited-stores?limit=1',
      'five.localhost',
    );
    const needed = (top.body.data[0]?.visit_count ?? 0) - (before + 2) + 1;
    await t.db.query('UPDATE stores SET visit_count = visit_count + $1 WHERE id = $2', [
      Math.max(0, needed - 1),
      idFromKey('store', c?.store_key ?? ''),
    ]);
    await postJson(t.app, '/api/end-user/coupon/record-visit', { coupon_id: id }, 'five.localhost', {
      ...shopper,
      cookie: await shopperCookie(t),
    });
    const after = await getJson<{ slug: string }[]>(
      t.app,
      '/api/end-user/store/top-visited-stores?limit=1',
      'five.localhost',
    );
    expect(after.body.data[0]?.slug).toBe(t.data.stores.find((s) => s.key === c?.store_key)?.slug);
    const unknown = await postJson(
      t.app,
      '/api/end-user/coupon/record-visit',
      { coupon_id: '0123456789abcdef01234567' },
      'five.localhost',
    );
    expect(unknown.status).toBe(404);
    expect(
      (await postJson(t.app, '/api/end-user/coupon/record-visit', { coupon_id: id, type: 'hover' }, 'five.localhost'))
        .status,
    ).toBe(400);
  });

  it('records searches', async () => {
    const res = await postJson(t.app, '/api/end-user/search/record', { name: 'winter boots' }, 'one.localhost');
    expect(res.body).toEqual({ success: true, message: 'Search recorded.' });
    expect(await countSearches(t.db, domainId('one'), 'winter boots')).toBe(1);
    expect((await postJson(t.app, '/api/end-user/search/record', { name: '' }, 'one.localhost')).status).toBe(400);
  });
});
