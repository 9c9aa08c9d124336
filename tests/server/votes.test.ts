import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { settleVotes } from '../../src/server/db/repositories/votes';
import { shopperIds } from '../../src/server/site/shopper-id';
import { recordVisitPath } from '../../src/shared/contract/queries/coupon-url';
import { votePath, voteReasonPath } from '../../src/shared/contract/queries/votes';
import type { Coupon, VoteTally } from '../../src/shared/contract/entities';
import { isReportedNotWorking, isVerified } from '../../src/shared/rules/verification';
import { shownVotes, VOTE_NETWORK_DAILY_CAP } from '../../src/shared/rules/signals';
import { DATABASES, startTestApp, type ApiBody, type TestApp } from './helpers/test-app';

// Issues 13 and 24, "Did this code work?": one vote per shopper per coupon per 24 h, pooled across tenants. A vote
// counts only from a server-signed id at least a minute old that revealed the coupon first, within its network's daily
// cap; shoppers see the tally once three networks have voted and a vote's hold has passed. Every vote is stored.
const domainId = (key: string) => idFromKey('domain', key);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SECRET = 'votes-test-secret-0123456789abcdef0123456789';
const ids = shopperIds([SECRET]);

interface VoteOptions {
  host?: string;
  /** The dd_id cookie's value (a signed id, or anything a client sends). */
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
  let nextNet = 1;
  /** A network of its own (10.N.0.0/24) per call: the per-network and per-IP limits are tested on their own. */
  const freshIp = () => `10.${Math.floor(nextNet / 250)}.${nextNet++ % 250}.7`;
  /** A signed id issued two minutes ago (old enough to vote), as the browser holds it in its cookie. */
  const mint = (ageMs = 120_000) => /dd_id=([^;]+)/.exec(ids.cookie(ids.issue(clock - ageMs), false))![1]!;

  beforeAll(async () => {
    t = await startTestApp(kind, { responseCache: { now: () => clock }, shopperSecrets: [SECRET], voteHoldSeconds: 0 });
    const rows = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c
       WHERE (SELECT count(*) FROM domain_stores ds WHERE ds.store_id = c.store_id AND ds.domain_id IN ($1, $2)) = 2
       ORDER BY c.id LIMIT 20`,
      [domainId('one'), domainId('two')],
    );
    shared = rows.map((r) => r.id);
    if (shared.length < 18) throw new Error('too few coupons shared by tenants one and two');
  });
  afterAll(() => t.close());

  const headersOf = (o: VoteOptions) => {
    // user-agent undefined: none at all (inject would otherwise send its own).
    const headers: Record<string, string | undefined> = { host: o.host ?? 'one.localhost', ...o.headers };
    headers['user-agent'] = o.ua === null ? undefined : (o.ua ?? BROWSER);
    if (o.cookie) headers.cookie = `theme=dark; dd_id=${o.cookie}`;
    return headers;
  };

  async function vote(body: unknown, o: VoteOptions = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: votePath,
      payload: body as object,
      headers: headersOf(o),
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    return { status: res.statusCode, body: res.json<ApiBody<VoteTally>>(), headers: res.headers };
  }

  /** The shopper reveals the coupon (the server answers record-visit): what lets their vote count. */
  async function reveal(couponId: string, o: VoteOptions) {
    const res = await t.app.inject({
      method: 'POST',
      url: recordVisitPath,
      payload: { coupon_id: couponId },
      headers: headersOf(o),
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
  }

  /** A shopper of their own network who reveals, then votes. */
  async function shopperVotes(couponId: string, worked: boolean, o: VoteOptions = {}) {
    const who = { ip: freshIp(), cookie: mint(), ...o };
    await reveal(couponId, who);
    return vote(worked ? { coupon_id: couponId, worked } : { coupon_id: couponId, worked, reason: 'expired' }, who);
  }

  const rowsOf = (couponId: string) =>
    t.db.query<{ voter: string; worked: boolean; reason: string | null; counted: boolean; standing: string }>(
      'SELECT voter, worked, reason, counted, standing FROM coupon_votes WHERE coupon_id = $1 ORDER BY id',
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

  it('shows no tally until three networks have voted, then the pooled one; the answer is never cached', async () => {
    const id = shared[0]!;
    const first = await shopperVotes(id, true);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: { coupon_id: id, worked: 0, failed: 0, success_rate: null, last_worked_at: null },
    });
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-cache']).toBeUndefined();
    // The vote answers no cookie: ids come with pages and reveals.
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await shopperVotes(id, false)).body.data).toMatchObject({ worked: 0, failed: 0 });
    const third = await shopperVotes(id, true, { host: 'two.localhost' });
    expect(third.body.data).toMatchObject({ worked: 2, failed: 1, success_rate: 67 });
    expect(Date.parse(third.body.data.last_worked_at!)).not.toBeNaN();
    expect((await rowsOf(id)).map((r) => r.standing)).toEqual(['counted', 'counted', 'counted']);
  });

  it('counts nothing from an id the server did not sign, nor from a request without one', async () => {
    const id = shared[1]!;
    const ip = freshIp();
    const signed = mint();
    const forged = [
      '0123456789abcdef0123456789abcdef', // the old 32-hex dd_voter
      `${signed.slice(0, -4)}AAAA`, // a signed id's MAC altered
      `${signed.split('.')[0]}.${(Math.floor(clock / 1000) - 3600).toString(36)}.${signed.split('.')[2]}`, // older
      /dd_id=([^;]+)/.exec(
        shopperIds(['another-secret-0123456789abcdef01234567']).cookie(ids.issue(clock), false),
      )![1]!,
    ];
    for (const cookie of [...forged, null]) {
      await reveal(id, { ip, cookie });
      const res = await vote({ coupon_id: id, worked: false }, { ip, cookie });
      expect(res.status).toBe(200);
    }
    const rows = await rowsOf(id);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => !r.counted && r.standing === 'no_id')).toBe(true);
  });

  it('counts a vote only after a reveal by the same id, and from an id at least a minute old', async () => {
    const id = shared[2]!;
    const ip = freshIp();
    const noReveal = await vote({ coupon_id: id, worked: true }, { ip, cookie: mint() });
    expect(noReveal.status).toBe(200);
    // Revealed by another id (the same browser's, say, before its cookie was cleared): not this one's reveal.
    await reveal(id, { ip, cookie: mint() });
    await vote({ coupon_id: id, worked: true }, { ip, cookie: mint() });
    const young = mint(20_000);
    await reveal(id, { ip, cookie: young });
    await vote({ coupon_id: id, worked: true }, { ip, cookie: young });
    expect((await rowsOf(id)).map((r) => r.standing)).toEqual(['no_reveal', 'no_reveal', 'id_too_new']);
  });

  it(`counts at most ${VOTE_NETWORK_DAILY_CAP} votes per coupon per network per day, whatever the ids`, async () => {
    const id = shared[3]!;
    const ip = freshIp();
    const sameNet = (n: number) => ip.replace(/\.7$/, `.${n}`);
    for (let i = 0; i < 6; i++) await shopperVotes(id, false, { ip: sameNet(10 + i) });
    const rows = await rowsOf(id);
    expect(rows.filter((r) => r.counted)).toHaveLength(VOTE_NETWORK_DAILY_CAP);
    expect(rows.filter((r) => r.standing === 'network_cap')).toHaveLength(6 - VOTE_NETWORK_DAILY_CAP);
    // Two other networks: now three have voted, and the first network weighs two votes, not six.
    await shopperVotes(id, true);
    const last = await shopperVotes(id, true);
    expect(last.body.data).toMatchObject({ worked: 2, failed: VOTE_NETWORK_DAILY_CAP });
  });

  it('pools votes of two tenants on one coupon; both see them once the 30 s response cache turns', async () => {
    const id = shared[4]!;
    expect((await couponById(id, 'one.localhost')).coupon.verification).toMatchObject({ worked: 0, failed: 0 });
    expect((await couponById(id, 'two.localhost')).coupon.verification).toMatchObject({ worked: 0, failed: 0 });
    await shopperVotes(id, true, { host: 'two.localhost' });
    await shopperVotes(id, false, { host: 'one.localhost' });
    const c = await shopperVotes(id, true, { host: 'two.localhost' });
    expect(c.body.data).toMatchObject({ worked: 2, failed: 1 });
    const rows = await t.db.query<{ domain_id: string }>(
      'SELECT domain_id FROM coupon_votes WHERE coupon_id = $1 ORDER BY id',
      [id],
    );
    expect(rows.map((r) => r.domain_id)).toEqual([domainId('two'), domainId('one'), domainId('two')]);
    const stale = await couponById(id, 'one.localhost');
    expect(stale.cache).toBe('HIT');
    expect(stale.coupon.verification.worked).toBe(0);
    clock += 31_000;
    for (const host of ['one.localhost', 'two.localhost']) {
      const fresh = await couponById(id, host);
      expect(fresh.cache, host).toBe('MISS');
      expect(fresh.coupon.verification, host).toMatchObject({ worked: 2, failed: 1, success_rate: 67, votes_24h: 3 });
      expect(fresh.coupon.verification.last_worked_at).toBe(c.body.data.last_worked_at);
    }
  });

  it('keeps one vote per id per coupon in 24 h: a repeat flips it instead of adding one', async () => {
    const id = shared[5]!;
    await shopperVotes(id, true);
    await shopperVotes(id, true);
    const who = { ip: freshIp(), cookie: mint() };
    await reveal(id, who);
    expect((await vote({ coupon_id: id, worked: true }, who)).body.data).toMatchObject({ worked: 3, failed: 0 });
    // Another tenant, another user agent and network: the id still says it is the same shopper.
    const again = await vote(
      { coupon_id: id, worked: false, reason: 'needs_minimum' },
      { ...who, ip: freshIp(), host: 'two.localhost', ua: `${BROWSER} other` },
    );
    expect(again.body.data).toMatchObject({ worked: 2, failed: 1, success_rate: 67 });
    const mine = (await rowsOf(id)).filter((r) => r.voter === sha256(who.cookie.split('.')[0]!));
    expect(mine).toEqual([expect.objectContaining({ worked: false, reason: 'needs_minimum', counted: true })]);
    expect(await rowsOf(id)).toHaveLength(3);
  });

  it('counts a new vote once the earlier one is over 24 h old', async () => {
    const id = shared[6]!;
    const who = { ip: freshIp(), cookie: mint() };
    await shopperVotes(id, true);
    await shopperVotes(id, true);
    await reveal(id, who);
    await vote({ coupon_id: id, worked: true }, who);
    await t.db.query(
      `UPDATE coupon_votes SET created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours'
       WHERE coupon_id = $1 AND voter = $2`,
      [id, sha256(who.cookie.split('.')[0]!)],
    );
    const next = await vote({ coupon_id: id, worked: true }, who);
    expect(next.body.data).toMatchObject({ worked: 4, failed: 0 });
    expect(await rowsOf(id)).toHaveLength(4);
  });

  it('holds a new vote back from the shown tally until its hold has passed', async () => {
    const held = await startTestApp(kind, { shopperSecrets: [SECRET], voteHoldSeconds: 600 });
    try {
      const id = shared[7]!;
      const cast = async (n: number, worked: boolean) => {
        const o = { ip: `10.200.${n}.1`, cookie: mint(), host: 'one.localhost' };
        await held.app.inject({
          method: 'POST',
          url: recordVisitPath,
          payload: { coupon_id: id },
          headers: headersOf(o),
          remoteAddress: o.ip,
        });
        const res = await held.app.inject({
          method: 'POST',
          url: votePath,
          payload: { coupon_id: id, worked },
          headers: headersOf(o),
          remoteAddress: o.ip,
        });
        return res.json<ApiBody<VoteTally>>().data;
      };
      for (let n = 1; n <= 3; n++) expect(await cast(n, true)).toMatchObject({ worked: 0, failed: 0 });
      expect(await settleVotes(held.db, 600)).toBe(0);
      await held.db.query(`UPDATE coupon_votes SET updated_at = now() - interval '11 minutes' WHERE coupon_id = $1`, [
        id,
      ]);
      expect(await settleVotes(held.db, 600)).toBe(1);
      const shown = await held.db.query<{ worked: number; networks: number }>(
        'SELECT worked, networks FROM coupon_verification WHERE coupon_id = $1',
        [id],
      );
      expect(shown[0]).toMatchObject({ worked: 3, networks: 3 });
      // A fourth vote answers the settled three, not itself.
      expect(await cast(4, false)).toMatchObject({ worked: 3, failed: 0 });
    } finally {
      await held.close();
    }
  });

  it('stores a bot or a prefetch but does not count it', async () => {
    const id = shared[8]!;
    const bots = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', null];
    for (const ua of bots) {
      const ip = freshIp();
      await reveal(id, { ip, cookie: null, ua });
      const res = await vote({ coupon_id: id, worked: false }, { ip, ua });
      expect(res.status, String(ua)).toBe(200);
    }
    for (const marker of [{ 'sec-purpose': 'prefetch' }, { purpose: 'prefetch' }, { 'x-moz': 'prefetch' }] as Record<
      string,
      string
    >[]) {
      const who = { ip: freshIp(), cookie: mint(), headers: marker };
      await reveal(id, { ip: who.ip, cookie: who.cookie });
      await vote({ coupon_id: id, worked: false }, who);
    }
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => !r.counted && r.standing === 'automated')).toBe(true);
  });

  it('serialises simultaneous votes of one shopper: one row, counted once', async () => {
    const id = shared[9]!;
    const who = { ip: freshIp(), cookie: mint() };
    await reveal(id, who);
    const answers = await Promise.all(Array.from({ length: 5 }, () => vote({ coupon_id: id, worked: true }, who)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.counted).toBe(true);
  });

  it('answers the 11th vote in a minute from one IP with 429 in the error envelope', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await vote({ coupon_id: shared[10]!, worked: true }, { ip, cookie: mint() })).status).toBe(200);
    }
    const limited = await vote({ coupon_id: shared[10]!, worked: true }, { ip, cookie: mint() });
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
    expect(limited.body.message).toMatch(/Too many votes.*try again in \d+ seconds/);
    expect((await vote({ coupon_id: shared[10]!, worked: true }, { ip: freshIp() })).status).toBe(200);
  });

  it('refuses a reason with worked: true, bad ids and malformed bodies with 400, unknown coupons with 404', async () => {
    const ip = freshIp();
    const id = shared[12]!;
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
    const res = await vote({ coupon_id: id, worked: true }, { ip: freshIp(), cookie: mint() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Coupon not found.');
    expect(await rowsOf(id)).toHaveLength(0);
  });

  async function giveReason(body: unknown, o: VoteOptions = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: voteReasonPath,
      payload: body as object,
      headers: headersOf(o),
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    return { status: res.statusCode, body: res.json<ApiBody<VoteTally>>() };
  }
  const voteRows = (couponId: string) =>
    t.db.query<{ voter: string; worked: boolean; reason: string | null; counted: boolean; settled: boolean }>(
      `SELECT voter, worked, reason, counted, settled FROM coupon_votes WHERE coupon_id = $1 ORDER BY id`,
      [couponId],
    );

  it('records "No" without a reason, and the reason given after it amends that same vote, last one kept', async () => {
    const id = shared[14]!;
    await shopperVotes(id, true);
    await shopperVotes(id, true);
    const who = { ip: freshIp(), cookie: mint() };
    await reveal(id, who);
    const no = await vote({ coupon_id: id, worked: false }, who);
    expect(no.body.data).toMatchObject({ worked: 2, failed: 1 });
    const mine = () => voteRows(id).then((rows) => rows.filter((r) => r.voter === sha256(who.cookie.split('.')[0]!)));
    expect(await mine()).toEqual([expect.objectContaining({ worked: false, reason: null, counted: true })]);
    const settledBefore = (await mine())[0]!.settled;

    const first = await giveReason({ coupon_id: id, reason: 'expired' }, who);
    expect(first.status).toBe(200);
    // The same tally: a reason is a note on the vote, not another vote.
    expect(first.body).toEqual({ success: true, data: no.body.data });
    expect(await mine()).toEqual([expect.objectContaining({ reason: 'expired', counted: true })]);
    // Last one wins (the shopper changed their mind), still one vote, from another network and tenant too.
    const again = await giveReason(
      { coupon_id: id, reason: 'wrong_region' },
      { ...who, ip: freshIp(), host: 'two.localhost' },
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ worked: 2, failed: 1 });
    expect(await mine()).toEqual([
      expect.objectContaining({ reason: 'wrong_region', counted: true, settled: settledBefore }),
    ]);
    expect(await voteRows(id)).toHaveLength(3);
  });

  it("amends only the sender's own vote: another shopper's reason changes nothing of it", async () => {
    const id = shared[15]!;
    const voter = { ip: freshIp(), cookie: mint() };
    await reveal(id, voter);
    await vote({ coupon_id: id, worked: false }, voter);
    // Another signed shopper (same network even), a forged id, and a request without any id.
    const other = { ip: voter.ip.replace(/\.7$/, '.8'), cookie: mint() };
    const forged = { ip: freshIp(), cookie: `${voter.cookie.slice(0, -4)}AAAA` };
    for (const [who, o] of [
      ['another shopper', other],
      ['a forged id', forged],
      ['no id', { ip: freshIp() }],
    ] as const) {
      const res = await giveReason({ coupon_id: id, reason: 'other' }, o);
      expect(res.status, who).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: 'You have not said this code did not work: vote "No" first, then give the reason.',
      });
    }
    expect(await voteRows(id)).toEqual([expect.objectContaining({ worked: false, reason: null })]);
  });

  it('takes no reason for a "Yes" vote, nor for a vote over 24 h old, nor for a coupon the tenant does not list', async () => {
    const id = shared[16]!;
    const who = { ip: freshIp(), cookie: mint() };
    await reveal(id, who);
    await vote({ coupon_id: id, worked: true }, who);
    const yes = await giveReason({ coupon_id: id, reason: 'expired' }, who);
    expect(yes.status).toBe(409);
    expect(yes.body.message).toBe('Your vote says this code worked: a reason is only for a code that did not.');
    await vote({ coupon_id: id, worked: false }, who);
    await t.db.query(
      `UPDATE coupon_votes SET created_at = now() - interval '25 hours' WHERE coupon_id = $1 AND voter = $2`,
      [id, sha256(who.cookie.split('.')[0]!)],
    );
    expect((await giveReason({ coupon_id: id, reason: 'expired' }, who)).status).toBe(404);
    expect(await voteRows(id)).toEqual([expect.objectContaining({ worked: false, reason: null })]);
    const [unlisted] = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c WHERE NOT EXISTS (
         SELECT 1 FROM domain_stores ds WHERE ds.store_id = c.store_id AND ds.domain_id = $1) ORDER BY c.id LIMIT 1`,
      [domainId('one')],
    );
    const res = await giveReason({ coupon_id: unlisted!.id, reason: 'expired' }, who);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Coupon not found.');
  });

  it('refuses malformed reasons with 400 and an 11th answer in a minute from one IP with 429', async () => {
    const id = shared[17]!;
    const ip = freshIp();
    for (const body of [
      { coupon_id: id },
      { coupon_id: id, reason: 'too-cheap' },
      { coupon_id: 'nope', reason: 'expired' },
      { coupon_id: id, reason: 'expired', worked: false },
      [id],
    ]) {
      const bad = await giveReason(body, { ip });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.success).toBe(false);
      expect(bad.body.message).toMatch(/\S/);
    }
    for (let i = 0; i < 5; i++) await giveReason({ coupon_id: id, reason: 'expired' }, { ip, cookie: mint() });
    const limited = await giveReason({ coupon_id: id, reason: 'expired' }, { ip, cookie: mint() });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many answers.*try again in \d+ seconds/);
  });

  it('stores reported_not_working and verified as isReportedNotWorking and isVerified say', async () => {
    const id = shared[13]!;
    await t.db.query('INSERT INTO coupon_verification (coupon_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
    const check = async (w: number, f: number, n: number) => {
      const rows = await t.db.query<{ reported_not_working: boolean; verified: boolean }>(
        `UPDATE coupon_verification SET worked = $2, failed = $3, networks = $4 WHERE coupon_id = $1
         RETURNING reported_not_working, verified`,
        [id, w, f, n],
      );
      const shown = shownVotes(w, f, n);
      expect(rows[0], `${w} worked, ${f} failed, ${n} networks`).toEqual({
        reported_not_working: isReportedNotWorking(shown.worked, shown.failed),
        verified: isVerified(shown.worked, shown.failed),
      });
    };
    // Every pair up to 20 × 20 with 2 and 3 networks, then large counts at random.
    for (let w = 0; w <= 20; w++) for (let f = 0; f <= 20; f++) for (const n of [2, 3]) await check(w, f, n);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 10_000_000 }), fc.nat({ max: 10_000_000 }), fc.nat({ max: 50 }), (w, f, n) =>
        check(w, f, Math.min(n, w + f)),
      ),
      { numRuns: 200 },
    );
    await t.db.query('DELETE FROM coupon_verification WHERE coupon_id = $1', [id]);
  });
});
