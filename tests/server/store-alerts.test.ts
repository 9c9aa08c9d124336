import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { sendStoreAlerts } from '../../src/server/mail/store-alerts';
import { DATABASES, postJson } from './helpers/test-app';
import { linkIn, startMailApp, type MailTestApp } from './helpers/mail-app';

// Issue 14: "Follow this store" with double opt-in, then at most one batched alert a day about the store's new
// coupons, read from a real SMTP sink.
const ONE = idFromKey('domain', 'one');
const DAY = 86_400_000;

describe.each(DATABASES)('store alerts (%s)', (kind) => {
  let t: MailTestApp;
  let storeId = '';
  let n = 0;
  const addCoupon = async (name: string) => {
    n += 1;
    await t.db.query(
      `INSERT INTO coupons (id, key, store_id, name, category, link, created_at)
       VALUES ($1, $2, $3, $4, 'Test', 'https://merchant.example/x', now())`,
      [idFromKey('coupon', `alert-${n}`), `alert-${n}`, storeId, name],
    );
    return idFromKey('coupon', `alert-${n}`);
  };
  const status = async () =>
    (await t.db.query<{ status: string }>('SELECT status FROM store_follows WHERE email = $1', ['fan@example.com']))[0]
      ?.status;

  beforeAll(async () => {
    t = await startMailApp(kind);
    const [row] = await t.db.query<{ id: string }>(
      `SELECT s.id FROM domain_stores ds JOIN stores s ON s.id = ds.store_id
       WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused ORDER BY s.id LIMIT 1`,
      [ONE],
    );
    storeId = row?.id ?? '';
  });
  afterAll(() => t.close());

  it('refuses a bad address or a store the site does not list', async () => {
    const bad = await postJson(t.app, '/api/end-user/store/follow', { email_id: 'nope', store_id: storeId });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please provide a valid email address.');
    const unknown = await postJson(t.app, '/api/end-user/store/follow', {
      email_id: 'fan@example.com',
      store_id: 'f'.repeat(24),
    });
    expect(unknown.status).toBe(404);
  });

  it('confirms a follow by POST only', async () => {
    const res = await postJson(t.app, '/api/end-user/store/follow', { email_id: 'Fan@Example.com', store_id: storeId });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/check your inbox/);
    const [mail] = await t.sink.waitFor(1);
    const link = linkIn(mail?.text ?? '', '/alerts/confirm?token=');
    expect((await t.follow(link, 'GET')).statusCode).toBe(200);
    expect(await status()).toBe('pending');
    const token = new URL(link).searchParams.get('token') ?? '';
    expect((await t.follow('http://one.localhost/alerts/confirm', 'POST', `token=${token}`)).statusCode).toBe(200);
    expect(await status()).toBe('confirmed');
  });

  it('batches new coupons into one mail a day, through the tenant redirect routes', async () => {
    const first = await addCoupon('Alert deal one');
    const second = await addCoupon('Alert deal two');
    const before = t.sink.count();
    expect((await sendStoreAlerts(t.db, t.queue, { now: new Date(Date.now() + 1000) })).mails).toBe(1);
    const mails = await t.sink.waitFor(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['fan@example.com']);
    expect(mail.headers.get('from')).toBe('Coupon Harbor <newsletter@one.localhost>');
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/one\.localhost\/alerts\/unsubscribe\?token=[0-9a-f]{64}>$/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`/couponsredirect/coupon/`);
    expect(mail.html).toContain(first);
    expect(mail.html).toContain(second);
    expect(mail.text).toContain('Alert deal two');
    expect(mail.html).not.toContain('merchant.example');

    await addCoupon('Alert deal three');
    expect((await sendStoreAlerts(t.db, t.queue, { now: new Date(Date.now() + 2000) })).mails).toBe(0);
    expect((await sendStoreAlerts(t.db, t.queue, { now: new Date(Date.now() + DAY) })).mails).toBe(1);
    const next = (await t.sink.waitFor(before + 2)).at(-1)!;
    expect(next.text).toContain('Alert deal three');
    expect(next.text).not.toContain('Alert deal one');
  });

  it('stops all store alerts of the address on a one-click POST', async () => {
    const mail = t.sink.mails.at(-1)!;
    const url = (mail.headers.get('list-unsubscribe') ?? '').replace(/^<|>$/g, '');
    expect((await t.follow(url, 'GET')).statusCode).toBe(200);
    expect(await status()).toBe('confirmed');
    expect((await t.follow(url, 'POST', 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    expect(await status()).toBe('unsubscribed');
    await addCoupon('Alert deal four');
    expect((await sendStoreAlerts(t.db, t.queue, { now: new Date(Date.now() + 3 * DAY) })).mails).toBe(0);
  });
});
