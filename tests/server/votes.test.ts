import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { votePath } from '../../src/shared/contract/queries/votes';
import type { Coupon, VoteTally } from '../../src/shared/contract/entities';
import { isReportedNotWorking, isVerified } from '../../src/shared/rules/verification';
import { voterIdOf } from '../../src/server/routes/votes';
import { DATABASES, startTestApp, type ApiBody, type TestApp } from './helpers/test-app';

// Issue 13, "Did this code work?": one vote per shopper per coupon per 24 h, pooled across tenants, machines stored
// but not counted, rate-limited per IP.
const domainId = (key: string) => idFromKey('domain', key);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const cookieId = (n: number) => n.toString(16).padStart(32, '0');

interface VoteOptions {
  host?: string;
  cookie?: string | null;
  ua?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

describe.each(DATABASES)('coupon votes (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2026-06-15T12:00:00.000Z');
  /** Coupons whose stores tenants one and two both publish: one per test, so tallies do not mix. */
  let shared: string[] = [];
  let nextIp = 1;
  /** Every test votes from its own IP: the per-IP limit (10 a minute) is tested on its own. */
  const freshIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

  beforeAll(async () => {
    t = await startTestApp(kind, { responseCache: { now: () => clock } });
    const rows = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c
       WHERE (SELECT count(*) FROM domain_stores ds WHERE ds.store_id = c.store_id AND ds.domain_id IN ($1, $2)) = 2
       ORDER BY c.id LIMIT 20`,
      [domainId('one'), domainId('two')],
    );
    shared = rows.map((r) => r.id);
    if (shared.length < 12) throw new Error('too few coupons shared by tenants one and two');
  });
  afterAll(() => t.close());

  async function vote(body: unknown, o: VoteOptions = {}) {
    // user-agent undefined: none at all (inject would otherwise send its own).
    const headers: Record<string, string | undefined> = { host: o.host ?? 'one.localhost', ...o.headers };
    headers['user-agent'] = o.ua === null ? undefined : (o.ua ?? BROWSER);
    if (o.cookie) headers.cookie = `theme=dark; dd_voter=${o.cookie}`;
    const res = await t.app.inject({
      method: 'POST',
      url: votePath,
      payload: body as object,
      headers,
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    return { status: res.statusCode, body: res.json<ApiBody<VoteTally>>(), headers: res.headers };
  }

  const rowsOf = (couponId: string) =>
    t.db.query<{ voter: string; client: string; worked: boolean; reason: string | null; counted: boolean }>(
      'SELECT voter, client, worked, reason, counted FROM coupon_votes WHERE coupon_id = $1 ORDER BY id',
      [couponId],
    );

  const couponById = async (couponId: string, host: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/end-user/coupon/coupon-by-id?coupon_id=${couponId}`,
      headers: { host },
    });
    return { cache: res.headers['x-cache'], coupon: res.json<ApiBody<Coupon>>().data };
  };

  it('answers the pooled tally, sets a voter cookie and is never cached', async () => {
    const id = shared[0]!;
    const ip = freshIp();
    const first = await vote({ coupon_id: id, worked: true }, { ip });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: { coupon_id: id, worked: 1, failed: 0, success_rate: null, last_worked_at: expect.any(String) },
    });
    expect(Date.parse(first.body.data.last_worked_at!)).not.toBeNaN();
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-cache']).toBeUndefined();
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^dd_voter=[0-9a-f]{32}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    // Another shopper: a new answer (the POST is never answered from the cache).
    const second = await vote({ coupon_id: id, worked: false, reason: 'expired' }, { ip, cookie: cookieId(1) });
    expect(second.body.data).toMatchObject({ worked: 1, failed: 1, success_rate: null });
    expect(second.headers['set-cookie']).toBeUndefined();
    const third = await vote({ coupon_id: id, worked: true }, { ip, cookie: cookieId(2) });
    expect(third.body.data).toMatchObject({ worked: 2, failed: 1, success_rate: 67 });
  });

  it('reads only a well-formed voter cookie, and marks a new one Secure over https only', async () => {
    expect(voterIdOf(`a=1; dd_voter=${cookieId(4)}`)).toBe(cookieId(4));
    expect(voterIdOf('dd_voter=XYZ')).toBeNull();
    expect(voterIdOf(`dd_voter=${cookieId(4)}; dd_voter=${cookieId(5)}`)).toBeNull();
    expect(voterIdOf(undefined)).toBeNull();
    // A malformed cookie is no cookie: a new one is issued.
    const res = await vote({ coupon_id: shared[0]!, worked: true }, { ip: freshIp(), cookie: 'not-hex' });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^dd_voter=[0-9a-f]{32};/);
    // https behind a trusted proxy (inject has no TLS socket).
    const proxied = await startTestApp(kind, { trustProxy: true, responseCache: { enabled: false } });
    try {
      const secure = await proxied.app.inject({
        method: 'POST',
        url: votePath,
        payload: { coupon_id: shared[0]!, worked: true },
        headers: { host: 'one.localhost', 'user-agent': BROWSER, 'x-forwarded-proto': 'https' },
      });
      expect(secure.statusCode).toBe(200);
      expect(secure.headers['set-cookie']).toMatch(
        /^dd_voter=[0-9a-f]{32}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/,
      );
    } finally {
      await proxied.close();
    }
  });

  it('pools votes of two tenants on one coupon; both see them once the 30 s response cache turns', async () => {
    const id = shared[1]!;
    const ip = freshIp();
    // Cached before the votes: the lag the README documents.
    expect((await couponById(id, 'one.localhost')).coupon.verification).toMatchObject({ worked: 0, failed: 0 });
    expect((await couponById(id, 'two.localhost')).coupon.verification).toMatchObject({ worked: 0, failed: 0 });
    const a = await vote({ coupon_id: id, worked: true }, { host: 'two.localhost', ip, cookie: cookieId(10) });
    const b = await vote({ coupon_id: id, worked: false }, { host: 'one.localhost', ip, cookie: cookieId(11) });
    expect(a.body.data).toMatchObject({ worked: 1, failed: 0 });
    expect(b.body.data).toMatchObject({ worked: 1, failed: 1 });
    const rows = await t.db.query<{ domain_id: string }>(
      'SELECT domain_id FROM coupon_votes WHERE coupon_id = $1 ORDER BY id',
      [id],
    );
    expect(rows.map((r) => r.domain_id)).toEqual([domainId('two'), domainId('one')]);

    const stale = await couponById(id, 'one.localhost');
    expect(stale.cache).toBe('HIT');
    expect(stale.coupon.verification.worked).toBe(0);
    clock += 31_000;
    for (const host of ['one.localhost', 'two.localhost']) {
      const fresh = await couponById(id, host);
      expect(fresh.cache, host).toBe('MISS');
      expect(fresh.coupon.verification, host).toMatchObject({ worked: 1, failed: 1, success_rate: null });
      expect(fresh.coupon.verification.votes_24h).toBe(2);
      expect(fresh.coupon.verification.last_worked_at).toBe(a.body.data.last_worked_at);
    }
  });

  it('keeps one vote per cookie per coupon in 24 h: a repeat flips it instead of adding one', async () => {
    const id = shared[2]!;
    const ip = freshIp();
    const cookie = cookieId(20);
    await vote({ coupon_id: id, worked: true }, { ip, cookie: cookieId(21) });
    await vote({ coupon_id: id, worked: true }, { ip, cookie: cookieId(22) });
    const first = await vote({ coupon_id: id, worked: true }, { ip, cookie });
    expect(first.body.data).toMatchObject({ worked: 3, failed: 0, success_rate: 100 });
    // Another tenant, another user agent: the cookie still says it is the same shopper.
    const again = await vote(
      { coupon_id: id, worked: false, reason: 'needs_minimum' },
      { ip, cookie, host: 'two.localhost', ua: `${BROWSER} other` },
    );
    expect(again.body.data).toMatchObject({ worked: 2, failed: 1, success_rate: 67 });
    const third = await vote({ coupon_id: id, worked: false, reason: 'expired' }, { ip, cookie });
    expect(third.body.data).toMatchObject({ worked: 2, failed: 1 });
    const mine = (await rowsOf(id)).filter((r) => r.voter === sha256(cookie));
    expect(mine).toEqual([expect.objectContaining({ worked: false, reason: 'expired', counted: true })]);
    expect(await rowsOf(id)).toHaveLength(3);
  });

  it('replaces the vote of the same IP + user agent when there is no cookie, and the issued cookie finds it', async () => {
    const id = shared[3]!;
    const ip = freshIp();
    const first = await vote({ coupon_id: id, worked: true }, { ip });
    expect(first.body.data).toMatchObject({ worked: 1, failed: 0 });
    const again = await vote({ coupon_id: id, worked: false }, { ip });
    expect(again.body.data).toMatchObject({ worked: 0, failed: 1 });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.client).toBe(sha256(`${ip}\n${BROWSER}`));
    // The cookie of the second answer (the browser kept it): the same vote again.
    const issued = /dd_voter=([0-9a-f]{32})/.exec(String(again.headers['set-cookie']))![1]!;
    const third = await vote({ coupon_id: id, worked: true }, { ip: freshIp(), cookie: issued });
    expect(third.body.data).toMatchObject({ worked: 1, failed: 0 });
    expect(await rowsOf(id)).toHaveLength(1);
    // Another user agent on the same IP is another shopper.
    const other = await vote({ coupon_id: id, worked: true }, { ip, ua: `${BROWSER} Firefox` });
    expect(other.body.data).toMatchObject({ worked: 2, failed: 0 });
  });

  it('counts a new vote once the earlier one is over 24 h old', async () => {
    const id = shared[4]!;
    const ip = freshIp();
    const cookie = cookieId(40);
    await vote({ coupon_id: id, worked: true }, { ip, cookie });
    await t.db.query(
      "UPDATE coupon_votes SET created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours' WHERE coupon_id = $1",
      [id],
    );
    const next = await vote({ coupon_id: id, worked: true }, { ip, cookie });
    expect(next.body.data).toMatchObject({ worked: 2, failed: 0 });
    expect(await rowsOf(id)).toHaveLength(2);
    expect((await couponById(id, 'two.localhost')).coupon.verification).toMatchObject({ worked: 2, votes_24h: 1 });
  });

  it('keeps last_worked_at on the latest counted "worked" vote, also when one is taken back', async () => {
    const id = shared[5]!;
    const ip = freshIp();
    const early = await vote({ coupon_id: id, worked: true }, { ip, cookie: cookieId(50) });
    await t.db.query(
      "UPDATE coupon_votes SET updated_at = now() - interval '2 hours' WHERE coupon_id = $1 RETURNING id",
      [id],
    );
    await t.db.query(
      "UPDATE coupon_verification SET last_worked_at = now() - interval '2 hours' WHERE coupon_id = $1",
      [id],
    );
    const late = await vote({ coupon_id: id, worked: true }, { ip, cookie: cookieId(51) });
    expect(Date.parse(late.body.data.last_worked_at!)).toBeGreaterThan(Date.parse(early.body.data.last_worked_at!) - 1);
    const back = await vote({ coupon_id: id, worked: false }, { ip, cookie: cookieId(51) });
    expect(back.body.data).toMatchObject({ worked: 1, failed: 1 });
    const stored = await t.db.query<{ at: Date | string }>(
      'SELECT updated_at AS at FROM coupon_votes WHERE coupon_id = $1 AND worked',
      [id],
    );
    expect(back.body.data.last_worked_at).toBe(new Date(stored[0]!.at).toISOString());
    const none = await vote({ coupon_id: id, worked: false }, { ip, cookie: cookieId(50) });
    expect(none.body.data).toMatchObject({ worked: 0, failed: 2, last_worked_at: null });
  });

  it('stores a bot without a cookie but does not count it, and gives it no cookie', async () => {
    const id = shared[6]!;
    const ip = freshIp();
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', null]) {
      const res = await vote({ coupon_id: id, worked: false }, { ip, ua });
      expect(res.status, String(ua)).toBe(200);
      expect(res.body.data).toMatchObject({ worked: 0, failed: 0, success_rate: null });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => !r.counted)).toBe(true);
    // A bot user agent with the voter cookie is a returning browser: counted.
    const withCookie = await vote({ coupon_id: id, worked: true }, { ip, ua: 'curl/8.5.0', cookie: cookieId(60) });
    expect(withCookie.body.data).toMatchObject({ worked: 1 });
  });

  it('does not count a prefetch or preview, cookie or not', async () => {
    const id = shared[7]!;
    const ip = freshIp();
    const markers: Record<string, string>[] = [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
      { 'x-purpose': 'preview' },
    ];
    for (const [i, headers] of markers.entries()) {
      const res = await vote({ coupon_id: id, worked: true }, { ip, headers, cookie: cookieId(70 + i) });
      expect(res.body.data, JSON.stringify(headers)).toMatchObject({ worked: 0, failed: 0 });
    }
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(markers.length);
    expect(rows.every((r) => !r.counted)).toBe(true);
    // The same cookie voting for real replaces its uncounted vote and is counted once.
    const real = await vote({ coupon_id: id, worked: true }, { ip, cookie: cookieId(70) });
    expect(real.body.data).toMatchObject({ worked: 1, failed: 0 });
    expect(await rowsOf(id)).toHaveLength(markers.length);
  });

  it('serialises simultaneous votes of one shopper: one row, counted once', async () => {
    const id = shared[8]!;
    const ip = freshIp();
    const cookie = cookieId(80);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => vote({ coupon_id: id, worked: i % 2 === 0 }, { ip, cookie })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    const tally = await t.db.query<{ worked: number; failed: number }>(
      'SELECT worked, failed FROM coupon_verification WHERE coupon_id = $1',
      [id],
    );
    expect(tally[0]!.worked + tally[0]!.failed).toBe(1);
    expect(tally[0]!.worked === 1).toBe(rows[0]!.worked);
  });

  it('answers the 11th vote in a minute from one IP with 429 in the error envelope', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      const ok = await vote({ coupon_id: shared[9]!, worked: true }, { ip, cookie: cookieId(90 + i) });
      expect(ok.status).toBe(200);
    }
    const limited = await vote({ coupon_id: shared[9]!, worked: true }, { ip, cookie: cookieId(100) });
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
    expect(limited.body.message).toMatch(/Too many votes.*try again in \d+ seconds/);
    expect((await vote({ coupon_id: shared[9]!, worked: true }, { ip: freshIp() })).status).toBe(200);
  });

  it('refuses a reason with worked: true, bad ids and malformed bodies with 400, unknown coupons with 404', async () => {
    const ip = freshIp();
    const id = shared[10]!;
    const reason = await vote({ coupon_id: id, worked: true, reason: 'expired' }, { ip });
    expect(reason.status).toBe(400);
    expect(reason.body).toEqual({
      success: false,
      message: 'A reason can only be given when the code did not work (worked: false).',
    });
    for (const body of [
      { coupon_id: 'nope', worked: true },
      { coupon_id: `${id}0`, worked: true },
      { coupon_id: id },
      { coupon_id: id, worked: 'maybe' },
      { coupon_id: id, worked: false, reason: 'too-cheap' },
      { coupon_id: id, worked: false, extra: 1 },
      [id],
    ]) {
      const bad = await vote(body, { ip });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.success).toBe(false);
      expect(bad.body.message).toMatch(/\S/);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: votePath,
      payload: '{"coupon_id": ',
      headers: { host: 'one.localhost', 'content-type': 'application/json' },
      remoteAddress: ip,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false });
    const unknown = await vote({ coupon_id: 'ffffffffffffffffffffffff', worked: true }, { ip: freshIp() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'Coupon not found.' });
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('answers 404 for a coupon of a store the tenant does not publish', async () => {
    const rows = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c WHERE NOT EXISTS (
         SELECT 1 FROM domain_stores ds WHERE ds.store_id = c.store_id AND ds.domain_id = $1) ORDER BY c.id LIMIT 1`,
      [domainId('one')],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('tenant one publishes every store');
    const res = await vote({ coupon_id: id, worked: true }, { ip: freshIp(), cookie: cookieId(110) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Coupon not found.');
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('stores reported_not_working and verified as isReportedNotWorking and isVerified say', async () => {
    const id = shared[11]!;
    await t.db.query('INSERT INTO coupon_verification (coupon_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
    const check = async (w: number, f: number) => {
      const rows = await t.db.query<{ reported_not_working: boolean; verified: boolean }>(
        `UPDATE coupon_verification SET worked = $2, failed = $3 WHERE coupon_id = $1
         RETURNING reported_not_working, verified`,
        [id, w, f],
      );
      expect(rows[0], `${w} worked, ${f} failed`).toEqual({
        reported_not_working: isReportedNotWorking(w, f),
        verified: isVerified(w, f),
      });
    };
    // Every pair up to 30 × 30, then large counts at random.
    for (let w = 0; w <= 30; w++) for (let f = 0; f <= 30; f++) await check(w, f);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 10_000_000 }), fc.nat({ max: 10_000_000 }), (w, f) => check(w, f)),
      { numRuns: 200 },
    );
    await t.db.query('DELETE FROM coupon_verification WHERE coupon_id = $1', [id]);
  });
});
