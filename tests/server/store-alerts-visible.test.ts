import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { alertsCommand } from '../../src/server/mail/commands';
import { sendStoreAlerts } from '../../src/server/mail/store-alerts';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, DATABASES, postJson } from './helpers/test-app';
import { startMailApp, type MailTestApp } from './helpers/mail-app';

// Issue 26: a coupon alerts its store's confirmed followers when shoppers can see it (imported whatever its start
// date, resumed after a pause, its start date reached), once per follower and coupon, read from a real SMTP sink.
const ONE = idFromKey('domain', 'one');
const DAY = 86_400_000;
const HEADER = 'offer_id,advertiser,title,category,deeplink,start_date';

describe.each(DATABASES)('store alerts fire when shoppers can see the coupon (%s)', (kind) => {
  let t: MailTestApp;
  let token = '';
  let store: { id: string; key: string };
  let category = '';

  const admin = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: string | object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        host: ADMIN_HOST,
        authorization: `Bearer ${token}`,
        ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<{ success: boolean; data: Record<string, unknown> }>() };
  };
  /** The console's CSV import of one coupon of the store. */
  const importCoupon = async (key: string, title: string, startDate: string) => {
    const csv = `${HEADER}\n${key},${store.key},${title},${category},https://network.example/t?o=${key},${startDate}\n`;
    const res = await admin('POST', '/api/admin/import/coupons', csv);
    expect(res.status).toBe(200);
    return idFromKey('coupon', key);
  };
  const follow = async (email: string) => {
    expect((await postJson(t.app, '/api/end-user/store/follow', { email_id: email, store_id: store.id })).status).toBe(
      200,
    );
    const [row] = await t.db.query<{ token: string }>('SELECT token FROM store_follows WHERE email = $1', [email]);
    const confirmed = await t.follow('http://one.localhost/alerts/confirm', 'POST', `token=${row!.token}`);
    expect(confirmed.statusCode).toBe(200);
  };
  /** The store alerts the sink received for an address, after the queue has sent what it holds. */
  const alertsTo = async (email: string) => {
    await expect
      .poll(async () => (await t.db.query("SELECT 1 FROM outbox WHERE status = 'queued'")).length, { timeout: 15_000 })
      .toBe(0);
    return t.sink.mails.filter((m) => m.to.includes(email) && m.headers.get('subject')?.startsWith('New coupons'));
  };
  /** What `npm run alerts -- --now` prints, run through its own code (commands.ts) on the test's queue. */
  const alertsNow = async () => {
    const lines: string[] = [];
    expect(await alertsCommand(t.db, t.queue, { smtp: true }, { now: true }, (l) => lines.push(l))).toBe(0);
    return lines;
  };

  beforeAll(async () => {
    t = await startMailApp(kind);
    token = await demoAdminToken(t.app);
    const [s] = await t.db.query<{ id: string; key: string }>(
      `SELECT s.id, s.key FROM domain_stores ds JOIN stores s ON s.id = ds.store_id
       WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused ORDER BY s.id DESC LIMIT 1`,
      [ONE],
    );
    store = s!;
    category = (await t.db.query<{ name: string }>('SELECT name FROM categories ORDER BY name LIMIT 1'))[0]!.name;
  });
  afterAll(() => t.close());

  it('mails a coupon imported with an old start date once, through npm run alerts -- --now', async () => {
    await follow('importer@example.com');
    const coupon = await importCoupon('old-start-1', 'Forty off tents', '2019-05-01');
    expect(await alertsNow()).toEqual(['Store alerts about 1 new coupon to 1 address: 1 sent.']);
    const [mail, ...more] = await alertsTo('importer@example.com');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Forty off tents');
    expect(mail!.html).toMatch(new RegExp(`/couponsredirect/coupon/[a-z0-9-]+/${coupon}"`));
    // Run again (and the schedule's way too): the follower was told already.
    expect(await alertsNow()).toEqual(['No store alerts to send.']);
    expect((await sendStoreAlerts(t.db, t.queue, { now: new Date(Date.now() + DAY) })).mails).toBe(0);
    expect(await alertsTo('importer@example.com')).toHaveLength(1);
    const [sent] = await t.db.query<{ outbox_id: string | null }>(
      `SELECT a.outbox_id FROM store_alerts_sent a JOIN store_follows f ON f.id = a.follow_id
       WHERE f.email = 'importer@example.com' AND a.coupon_id = $1`,
      [coupon],
    );
    expect(sent?.outbox_id).not.toBeNull();
  });

  it('sends one mail when two runs (two instances, or the button and the schedule) race', async () => {
    await follow('race@example.com');
    await importCoupon('race-1', 'Race day deal', '2020-01-01');
    const runs = await Promise.all([
      sendStoreAlerts(t.db, t.queue, { all: true }),
      sendStoreAlerts(t.db, t.queue, { all: true }),
      sendStoreAlerts(t.db, t.queue, { all: true }),
    ]);
    expect(runs.reduce((n, r) => n + r.alerts, 0)).toBe(2); // race@ and importer@ hear of race-1, each once
    const mails = await alertsTo('race@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Race day deal');
    expect(mails[0]!.text).not.toContain('Forty off tents'); // shown before race@ followed
  });

  it('holds a paused coupon back and mails it once resumed, and only once', async () => {
    await follow('pause@example.com');
    const coupon = await importCoupon('paused-1', 'Quiet sale', '2021-03-04');
    expect((await admin('PATCH', `/api/admin/coupons/${coupon}`, { is_paused: true })).status).toBe(200);
    expect(await alertsNow()).toEqual(['No store alerts to send.']);
    expect((await admin('PATCH', `/api/admin/coupons/${coupon}`, { is_paused: false })).status).toBe(200);
    expect((await sendStoreAlerts(t.db, t.queue, { all: true })).mails).toBe(3);
    const mails = await alertsTo('pause@example.com');
    expect(mails.map((m) => m.text.includes('Quiet sale'))).toEqual([true]);
    // Paused and resumed again: everyone was told already.
    await admin('PATCH', `/api/admin/coupons/${coupon}`, { is_paused: true });
    await admin('PATCH', `/api/admin/coupons/${coupon}`, { is_paused: false });
    expect((await sendStoreAlerts(t.db, t.queue, { all: true })).mails).toBe(0);
  });

  it('mails a coupon shown before the follow began once it is resumed after it', async () => {
    const coupon = await importCoupon('back-again-1', 'Back again', '2022-01-01');
    await admin('PATCH', `/api/admin/coupons/${coupon}`, { is_paused: true });
    await follow('later@example.com');
    expect(await alertsNow()).toEqual(['No store alerts to send.']);
    await admin('PATCH', `/api/admin/coupons/${coupon}`, { is_paused: false });
    // Shoppers see it from the resume on: news for the earlier followers and for the one who came meanwhile.
    expect(await alertsNow()).toEqual(['Store alerts about 4 new coupons to 4 addresses: 4 sent.']);
    expect((await alertsTo('later@example.com')).map((m) => m.text.includes('Back again'))).toEqual([true]);
  });

  it('waits for a future start date, then mails the coupon when it is reached', async () => {
    await follow('future@example.com');
    const start = new Date(Date.now() + 2 * DAY);
    await importCoupon('future-1', 'Next week only', start.toISOString());
    expect(await alertsNow()).toEqual(['No store alerts to send.']);
    const due = await admin('GET', '/api/admin/store-alerts');
    expect(due.body.data).toEqual({ alerts: 0, addresses: 0, mailed_today: 0 });
    const later = new Date(start.getTime() + 60_000);
    const run = await sendStoreAlerts(t.db, t.queue, { now: later });
    expect(run).toMatchObject({ mails: 5, alerts: 5 });
    const mails = await alertsTo('future@example.com');
    expect(mails.map((m) => m.text.includes('Next week only'))).toEqual([true]);
    expect((await sendStoreAlerts(t.db, t.queue, { now: new Date(later.getTime() + DAY), all: true })).mails).toBe(0);
  });

  it("counts the pending alerts for the console and sends them with its button, past the day's mail", async () => {
    await importCoupon('button-1', 'Button deal', '2018-01-01');
    const pending = async () => (await admin('GET', '/api/admin/store-alerts')).body.data;
    // Four followers had a mail today (the runs above; future@ only on its start date): the schedule mails the fifth
    // and waits for tomorrow for the others, the button does not wait.
    expect(await pending()).toEqual({ alerts: 5, addresses: 5, mailed_today: 4 });
    expect((await sendStoreAlerts(t.db, t.queue)).mails).toBe(1);
    expect(await pending()).toEqual({ alerts: 4, addresses: 4, mailed_today: 4 });
    const sent = await admin('POST', '/api/admin/store-alerts/send');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ mails: 4, alerts: 4, pending: { alerts: 0, addresses: 0, mailed_today: 0 } });
    for (const who of ['importer', 'race', 'pause', 'later', 'future'])
      expect((await alertsTo(`${who}@example.com`)).at(-1)!.text).toContain('Button deal');
    const [audit] = await t.db.query<{ after: unknown }>(
      "SELECT after FROM admin_audit WHERE entity = 'store-alerts' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.after).toEqual({ mails: 4, alerts: 4 });
  });
});
