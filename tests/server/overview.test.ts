import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantTenants, tenantIdByHost, upsertSystemUser } from '../../src/server/db/repositories/admin-users';
import { hashPassword } from '../../src/server/lib/credentials';
import { overviewPath, type OverviewAnswer, type OverviewTenant } from '../../src/shared/contract/overview';
import { recordClickOutPath, recordVisitPath } from '../../src/shared/contract/queries/coupon-url';
import { votePath, voteReasonPath } from '../../src/shared/contract/queries/votes';
import { dayWindows } from '../../src/shared/rules/day-window';
import { VOTE_BURST } from '../../src/shared/rules/signals';
import { demoAdminToken } from './helpers/admin-login';
import { linkIn, startMailApp, type MailTestApp } from './helpers/mail-app';
import { ADMIN_HOST, DATABASES, postJson, shopperCookie } from './helpers/test-app';

// Issue 26, the console's first screen: per tenant, today and the last 7 days (in the tenant's time zone) of reveals,
// click-outs, new subscribers, codes reported not working and signal alerts. Everything here is made through the
// shopper's real routes (reveal, click-out, vote, sign-up and its confirmation link from the SMTP sink), then read back
// from GET /api/admin/overview as an admin and as editors of one tenant.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LIMITS = { max: 1000, timeWindow: 60_000 };

describe.each(DATABASES)('the console overview (%s)', (kind) => {
  let t: MailTestApp;
  let one: string;
  let two: string;
  /** Coupons tenant one lists and tenant two does not: what moves only one's figures. */
  let coupons: string[] = [];
  let admin = '';
  let editorOne = '';
  let editorNone = '';
  let nextNet = 1;
  const freshIp = () => `10.${Math.floor(nextNet / 250)}.${nextNet++ % 250}.7`;

  const overview = async (token: string, query = '') => {
    const res = await t.app.inject({
      url: `${overviewPath}${query}`,
      headers: { host: ADMIN_HOST, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: res.statusCode, body: res.json<OverviewAnswer & { message?: string }>() };
  };
  const tenantOf = async (id: string, token = admin): Promise<OverviewTenant> => {
    const res = await overview(token);
    expect(res.status).toBe(200);
    const found = res.body.data.tenants.find((x) => x._id === id);
    if (!found) throw new Error(`tenant ${id} not in the overview`);
    return found;
  };

  /** A shopper (signed id two minutes old, a network of its own) on one tenant's host. */
  const shopper = async (host = 'one.localhost') => ({
    host,
    ip: freshIp(),
    cookie: await shopperCookie(t, Date.now(), 120_000),
  });
  type Shopper = Awaited<ReturnType<typeof shopper>>;
  const post = async (path: string, who: Shopper, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      payload,
      headers: { host: who.host, cookie: who.cookie, 'user-agent': BROWSER },
      remoteAddress: who.ip,
    });
    expect(res.statusCode, `${path} ${res.body}`).toBe(200);
  };
  const reveal = (who: Shopper, coupon: string) => post(recordVisitPath, who, { coupon_id: coupon });
  const clickOut = (who: Shopper, coupon: string) => post(recordClickOutPath, who, { coupon_id: coupon });
  const vote = (who: Shopper, coupon: string, worked: boolean) => post(votePath, who, { coupon_id: coupon, worked });

  async function signUp(email: string, host = 'one.localhost') {
    const before = t.sink.mails.length;
    const res = await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: email }, host);
    expect(res.status).toBe(200);
    const mails = await t.sink.waitFor(before + 1);
    const link = linkIn(mails.at(-1)?.text ?? '', '/newsletter/confirm?token=');
    const token = new URL(link).searchParams.get('token') ?? '';
    const confirmed = await t.follow(`http://${host}/newsletter/confirm`, 'POST', `token=${token}`);
    expect(confirmed.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await startMailApp(kind, {
      voteHoldSeconds: 0,
      rateLimits: { forms: LIMITS, newsletter: LIMITS, votes: LIMITS, signals: LIMITS },
    });
    one = (await tenantIdByHost(t.db, 'one.localhost'))!;
    two = (await tenantIdByHost(t.db, 'two.localhost'))!;
    const rows = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c JOIN domain_stores a ON a.store_id = c.store_id AND a.domain_id = $1
       WHERE NOT c.is_paused AND NOT EXISTS (
         SELECT 1 FROM domain_stores b WHERE b.store_id = c.store_id AND b.domain_id = $2)
       ORDER BY c.id LIMIT 4`,
      [one, two],
    );
    coupons = rows.map((r) => r.id);
    if (coupons.length < 4) {
      // The demo lists most stores on every tenant: take one store of tenant one's off tenant two.
      const [store] = await t.db.query<{ store_id: string }>(
        `SELECT c.store_id FROM coupons c JOIN domain_stores a ON a.store_id = c.store_id AND a.domain_id = $1
         WHERE NOT c.is_paused GROUP BY c.store_id HAVING count(*) >= 4 ORDER BY c.store_id LIMIT 1`,
        [one],
      );
      await t.db.query('DELETE FROM domain_stores WHERE store_id = $1 AND domain_id = $2', [store!.store_id, two]);
      coupons = (
        await t.db.query<{ id: string }>(
          'SELECT id FROM coupons WHERE store_id = $1 AND NOT is_paused ORDER BY id LIMIT 4',
          [store!.store_id],
        )
      ).map((r) => r.id);
    }
    const hash = await hashPassword('password-for-tests');
    const e1 = await upsertSystemUser(t.db, { email: 'one@example.com', passwordHash: hash, role: 'editor' });
    await grantTenants(t.db, e1, [one]);
    await upsertSystemUser(t.db, { email: 'none@example.com', passwordHash: hash, role: 'editor' });
    const login = async (email: string) =>
      (await postJson<{ token: string }>(t.app, '/system-user/login', { email, password: 'password-for-tests' })).body
        .data.token;
    admin = await demoAdminToken(t.app);
    editorOne = await login('one@example.com');
    editorNone = await login('none@example.com');
  });
  afterAll(() => t.close());

  it("counts a tenant's reveals, click-outs, sign-ups, No votes and alerts of today, and nothing on another tenant", async () => {
    const before = await tenantOf(one);
    const otherBefore = await tenantOf(two);

    // Three shoppers reveal coupon 0; one of them twice (counted once a day), and a request without an id (not at all).
    const shoppers = [await shopper(), await shopper(), await shopper()];
    for (const s of shoppers) await reveal(s, coupons[0]!);
    await reveal(shoppers[0]!, coupons[0]!);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: recordVisitPath,
      payload: { coupon_id: coupons[0] },
      headers: { host: 'one.localhost', 'user-agent': BROWSER },
      remoteAddress: freshIp(),
    });
    expect(anonymous.statusCode).toBe(200);
    await reveal(shoppers[0]!, coupons[1]!);
    // Two click-outs.
    await clickOut(shoppers[0]!, coupons[0]!);
    await clickOut(shoppers[1]!, coupons[0]!);
    // No on coupon 0 by two shoppers (one then gives a reason: still one vote), No then Yes by the third (a Yes now),
    // and a No on coupon 1 by a shopper who never revealed it (stored, not counted).
    await vote(shoppers[0]!, coupons[0]!, false);
    await post(voteReasonPath, shoppers[0]!, { coupon_id: coupons[0], reason: 'expired' });
    await vote(shoppers[1]!, coupons[0]!, false);
    await vote(shoppers[2]!, coupons[0]!, false);
    await vote(shoppers[2]!, coupons[0]!, true);
    await vote(shoppers[2]!, coupons[1]!, false);
    // Two confirmed sign-ups and one left pending.
    await signUp('ada@example.com');
    await signUp('grace@example.com');
    expect(
      (await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'pending@example.com' })).status,
    ).toBe(200);
    // A burst of votes on coupon 2 from one network: the server records an alert naming tenant one.
    for (let i = 0; i < VOTE_BURST; i++) {
      const s = await shopper();
      await vote({ ...s, ip: `198.51.100.${10 + i}` }, coupons[2]!, false);
    }

    const after = await tenantOf(one);
    const delta = (span: 'today' | 'last_7_days') => {
      const d: Record<string, number> = {};
      for (const k of [
        'reveals',
        'click_outs',
        'new_subscribers',
        'reported_codes',
        'not_working_votes',
        'not_working_counted',
        'alerts',
      ] as const)
        d[k] = after[span][k] - before[span][k];
      return d;
    };
    const expected = {
      reveals: 4,
      click_outs: 2,
      new_subscribers: 2,
      reported_codes: 3,
      not_working_votes: 3 + VOTE_BURST,
      // Coupon 1's No came without a reveal; the burst's voters revealed nothing either.
      not_working_counted: 2,
      alerts: 1,
    };
    expect(delta('today')).toEqual(expected);
    expect(delta('last_7_days')).toEqual(expected);
    // The most reported coupon of the week leads the list, with the votes this tenant got.
    expect(after.reported[0]).toMatchObject({ coupon_id: coupons[2], not_working_votes: VOTE_BURST, is_paused: false });
    expect(after.reported.find((r) => r.coupon_id === coupons[0])?.not_working_votes).toBe(2);
    // Tenant two's figures did not move.
    const other = await tenantOf(two);
    expect(other.today).toEqual({ ...otherBefore.today });
  });

  it("reads today in the tenant's own time zone", async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: its today is never the UTC today's whole
    await t.db.query('UPDATE domains SET time_zone = $2 WHERE id = $1', [one, zone]);
    try {
      const x = await tenantOf(one);
      const w = dayWindows(Date.now(), zone);
      expect(x.time_zone).toBe(zone);
      expect(x.date).toBe(w.date);
      expect(x.today.from).toBe(new Date(w.today.from).toISOString());
      expect(x.last_7_days.from).toBe(new Date(w.week.from).toISOString());
      // A reveal made just before the tenant's local midnight is yesterday's: in the week, not in today.
      const s = await shopper();
      const before = await tenantOf(one);
      await reveal(s, coupons[3]!);
      await t.db.query('UPDATE shopper_events SET created_at = $3 WHERE coupon_id = $1 AND shopper = $2', [
        coupons[3],
        (
          await t.db.query<{ shopper: string }>('SELECT shopper FROM shopper_events WHERE coupon_id = $1', [coupons[3]])
        )[0]!.shopper,
        new Date(w.today.from - 60_000).toISOString(),
      ]);
      const after = await tenantOf(one);
      expect(after.today.reveals).toBe(before.today.reveals);
      expect(after.last_7_days.reveals).toBe(before.last_7_days.reveals + 1);
    } finally {
      await t.db.query(`UPDATE domains SET time_zone = 'UTC' WHERE id = $1`, [one]);
    }
  });

  it('shows an editor only their tenants, and refuses another tenant, bad input and no sign-in', async () => {
    const all = await overview(admin);
    expect(all.status).toBe(200);
    const [{ n }] = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM domains')) as [{ n: number }];
    expect(all.body.data.tenants).toHaveLength(n);
    expect(all.body.data.tenants.map((x) => x.name)).toEqual(
      [...all.body.data.tenants.map((x) => x.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );

    const mine = await overview(editorOne);
    expect(mine.status).toBe(200);
    expect(mine.body.data.tenants.map((x) => x._id)).toEqual([one]);
    expect(mine.body.data.tenants[0]).toEqual(all.body.data.tenants.find((x) => x._id === one));
    expect((await overview(editorOne, `?tenant=${one}`)).body.data.tenants.map((x) => x._id)).toEqual([one]);
    const theirs = await overview(editorOne, `?tenant=${two}`);
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe('This tenant is not granted to you.');
    expect((await overview(admin, `?tenant=${two}`)).body.data.tenants.map((x) => x._id)).toEqual([two]);

    const none = await overview(editorNone);
    expect(none.status).toBe(200);
    expect(none.body.data.tenants).toEqual([]);

    for (const q of ['?tenant=nope', '?tenant=', '?other=1']) {
      const bad = await overview(admin, q);
      expect(bad.status, q).toBe(400);
      expect(bad.body.message, q).toMatch(/\S/);
    }
    expect((await overview('')).status).toBe(401);
    expect((await overview('not-a-token')).status).toBe(401);
  });
});
