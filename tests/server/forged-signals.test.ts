import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { loadExperimentReport } from '../../src/server/db/repositories/experiments';
import { listSignalAlerts } from '../../src/server/db/repositories/signal-alerts';
import { shopperIds } from '../../src/server/site/shopper-id';
import type { Coupon } from '../../src/shared/contract/entities';
import type { ExperimentReport } from '../../src/shared/contract/experiments';
import { recordClickOutPath, recordVisitPath } from '../../src/shared/contract/queries/coupon-url';
import { votePath } from '../../src/shared/contract/queries/votes';
import { successRate } from '../../src/shared/rules/verification';
import { VISIT_NETWORK_DAILY_CAP, VOTE_NETWORK_DAILY_CAP } from '../../src/shared/rules/signals';
import { layoutsWithFiveExperiment } from './helpers/five-experiment';
import { DATABASES, startTestApp, type ApiBody, type TestApp } from './helpers/test-app';

// Issue 24, the attacks as one person with a script would run them, from one address block: each must leave what
// other shoppers and operators see (the shown rate, the experiment report, the visit counts) within one network's
// worth, and the bursts must reach the console's alert list. Votes show at once here (no hold): the worst case.

const SECRET = 'forged-signals-test-secret-0123456789abcdef';
const ids = shopperIds([SECRET]);
const ATTACKER = (n: number) => `203.0.113.${n}`;
const browser = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0.${n * 7}.0 Safari/537.36`;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe.each(DATABASES)('forged signals (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  let clock = Date.parse('2026-06-15T12:00:00.000Z');
  const minted = (ageMs = 120_000) => ids.cookie(ids.issue(clock - ageMs), false).split(';')[0]!;

  beforeAll(async () => {
    dir = await layoutsWithFiveExperiment();
    t = await startTestApp(kind, {
      layoutsDir: dir,
      now: () => clock,
      responseCache: { enabled: false },
      shopperSecrets: [SECRET],
      voteHoldSeconds: 0,
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (url: string, host: string, payload: object, ip: string, cookie?: string, ua = browser(0)) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { host, 'user-agent': ua, ...(cookie ? { cookie } : {}) },
      remoteAddress: ip,
    });
  const page = (host: string, ip: string, cookie?: string, ua = browser(0)) =>
    t.app.inject({
      url: '/',
      headers: { host, accept: 'text/html', 'user-agent': ua, ...(cookie ? { cookie } : {}) },
      remoteAddress: ip,
    });
  const issuedCookie = (res: { headers: Record<string, unknown> }) =>
    /(dd_id=[^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];
  const sharedCoupon = async (offset: number) => {
    const rows = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c
       WHERE (SELECT count(*) FROM domain_stores ds WHERE ds.store_id = c.store_id AND ds.domain_id IN ($1, $2)) = 2
       ORDER BY c.id LIMIT 1 OFFSET $3`,
      [idFromKey('domain', 'one'), idFromKey('domain', 'two'), offset],
    );
    return rows[0]!.id;
  };
  const shownOn = async (host: string, couponId: string) =>
    (await t.app.inject({ url: `/api/end-user/coupon/coupon-by-id?coupon_id=${couponId}`, headers: { host } })).json<
      ApiBody<Coupon>
    >().data.verification;

  it('100 votes from one address block with fresh cookies and user agents move the rate by one network at most', async () => {
    const coupon = await sharedCoupon(0);
    // Three honest shoppers on three networks: "Worked for 3 of 3".
    for (let n = 1; n <= 3; n++) {
      const cookie = minted();
      const ip = `198.51.${n}.20`;
      expect((await post(recordVisitPath, 'one.localhost', { coupon_id: coupon }, ip, cookie)).statusCode).toBe(200);
      expect((await post(votePath, 'one.localhost', { coupon_id: coupon, worked: true }, ip, cookie)).statusCode).toBe(
        200,
      );
    }
    const before = await shownOn('two.localhost', coupon);
    expect(before).toMatchObject({ worked: 3, failed: 0, success_rate: 100 });

    // The attacker: 100 "shoppers" on 100 addresses of one /24, each with a new user agent. Half send a cookie made
    // up (random hex, a random dd_id, an old dd_voter); half take a real signed id from a page first and wait until
    // it is old enough; every one reveals the code, then says it did not work, on either tenant.
    const real: string[] = [];
    for (let i = 0; i < 50; i++) {
      const got = issuedCookie(await page('two.localhost', ATTACKER(i + 1), undefined, browser(i)));
      expect(got, 'a browser gets its id with its first page').toBeDefined();
      real.push(got!);
    }
    clock += 5 * 60_000;
    const fake = (i: number) =>
      [`dd_id=${hex(16)}`, `dd_id=${hex(11)}.${hex(3)}.${hex(16)}`, `dd_voter=${hex(16)}`, `dd_ab=${hex(16)}`][i % 4]!;
    for (let i = 0; i < 100; i++) {
      const ip = ATTACKER(i + 1);
      const cookie = i < 50 ? real[i]! : fake(i);
      const host = i % 2 ? 'one.localhost' : 'two.localhost';
      await post(recordVisitPath, host, { coupon_id: coupon }, ip, cookie, browser(i));
      const res = await post(
        votePath,
        host,
        { coupon_id: coupon, worked: false, reason: 'expired' },
        ip,
        cookie,
        browser(i),
      );
      expect(res.statusCode).toBe(200);
    }

    for (const host of ['one.localhost', 'two.localhost']) {
      const after = await shownOn(host, coupon);
      expect(after.worked, host).toBe(3);
      expect(after.failed, host).toBeLessThanOrEqual(VOTE_NETWORK_DAILY_CAP);
      expect(after.success_rate!, host).toBeGreaterThanOrEqual(successRate(3, VOTE_NETWORK_DAILY_CAP)!);
    }
    // Every vote is stored; the forged ids count nothing, and the real ones only up to the network's cap.
    const stored = await t.db.query<{ standing: string; n: number }>(
      `SELECT standing, count(*)::int AS n FROM coupon_votes WHERE coupon_id = $1 AND network = '203.0.113.0/24'
       GROUP BY standing ORDER BY standing`,
      [coupon],
    );
    const by = Object.fromEntries(stored.map((r) => [r.standing, r.n]));
    expect(by).toEqual({ counted: VOTE_NETWORK_DAILY_CAP, network_cap: 50 - VOTE_NETWORK_DAILY_CAP, no_id: 50 });

    // Operators see the burst: the coupon, the network, its count.
    const alerts = await listSignalAlerts(t.db, { limit: 50 });
    const burst = alerts.find((a) => a.kind === 'vote_burst' && a.coupon_id === coupon);
    expect(burst?.networks[0]).toEqual({ network: '203.0.113.0/24', count: 100 });
  });

  it('forged dd_ab ids and 100 record calls leave the experiment report unchanged, and it says what it left out', async () => {
    const [coupon] = await t.db.query<{ id: string }>(
      `SELECT c.id FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id
       WHERE ds.domain_id = $1 ORDER BY c.id LIMIT 1`,
      [idFromKey('domain', 'five')],
    );
    // Honest shoppers, each on a network of their own, back from an earlier visit; half of them reveal a code after
    // reading the page for a while.
    const honest = Array.from({ length: 12 }, (_, n) => ({ cookie: minted(86_400_000), ip: `192.0.${n + 1}.50` }));
    for (const h of honest) expect((await page('five.localhost', h.ip, h.cookie)).statusCode).toBe(200);
    await t.db.query("UPDATE experiment_shoppers SET first_seen = first_seen - interval '1 minute'");
    for (const h of honest.filter((_, n) => n % 2))
      await post(recordVisitPath, 'five.localhost', { coupon_id: coupon!.id }, h.ip, h.cookie);
    const arms = (r: ExperimentReport[]) => r.find((e) => e.id === 'five-home')!;
    const before = arms(await loadExperimentReport(t.db));
    expect(before.leftOut.total).toBe(0);

    // 30 made-up dd_ab ids (the old cookie, chosen to pick an arm), each with a page and 3 reveals and a click-out
    // sent with the made-up cookie: 120 record calls.
    let records = 0;
    for (let i = 0; i < 30; i++) {
      const ip = ATTACKER(150 + (i % 50));
      const cookie = i % 2 ? `dd_ab=${hex(16)}` : `dd_ab=bold; dd_id=${hex(16)}`;
      await page('five.localhost', ip, cookie, browser(i));
      for (let k = 0; k < 3; k++) {
        await post(recordVisitPath, 'five.localhost', { coupon_id: coupon!.id }, ip, cookie, browser(i));
        records++;
      }
      await post(recordClickOutPath, 'five.localhost', { coupon_id: coupon!.id }, ip, cookie, browser(i));
      records++;
    }
    expect(records).toBeGreaterThanOrEqual(100);
    // 30 more that keep the id the server gave them and come back, then reveal at once, as a script does.
    for (let i = 0; i < 30; i++) {
      const ip = ATTACKER(200 + (i % 50));
      const cookie = issuedCookie(await page('five.localhost', ip, undefined, browser(i)))!;
      await page('five.localhost', ip, cookie, browser(i));
      await post(recordVisitPath, 'five.localhost', { coupon_id: coupon!.id }, ip, cookie, browser(i));
      await post(recordClickOutPath, 'five.localhost', { coupon_id: coupon!.id }, ip, cookie, browser(i));
    }

    const after = arms(await loadExperimentReport(t.db));
    expect(after.variants).toEqual(before.variants);
    expect(after.leftOut.never_returned).toBe(30);
    expect(after.leftOut.machine_timing + after.leftOut.network_burst).toBe(30);
    expect(after.leftOut.total).toBe(60);
    // The burst of new ids on each arm reached the alert list.
    const alerts = await listSignalAlerts(t.db, { limit: 50 });
    const exposures = alerts.filter((a) => a.kind === 'exposure_burst' && a.experiment_id === 'five-home');
    expect(exposures.length).toBeGreaterThanOrEqual(1);
    expect(exposures[0]!.networks[0]!.network).toBe('203.0.113.0/24');
  });

  it('21 record-visit calls count once per id and per network cap, never without a signed id', async () => {
    const coupon = await sharedCoupon(1);
    const visits = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT s.visit_count AS n FROM stores s JOIN coupons c ON c.store_id = s.id WHERE c.id = $1',
          [coupon],
        )
      )[0]!.n;
    const start = await visits();
    // No cookie, or a made-up one: nothing counts.
    for (let i = 0; i < 21; i++) {
      const res = await post(recordVisitPath, 'one.localhost', { coupon_id: coupon }, ATTACKER(10), undefined);
      expect(res.statusCode).toBe(200);
      await post(recordVisitPath, 'one.localhost', { coupon_id: coupon }, ATTACKER(11), `dd_id=${hex(16)}`);
      await post(recordClickOutPath, 'one.localhost', { coupon_id: coupon }, ATTACKER(12), `dd_ab=${hex(16)}`);
    }
    expect(await visits()).toBe(start);
    // One signed id: once a day.
    const one = minted();
    for (let i = 0; i < 21; i++) await post(recordVisitPath, 'one.localhost', { coupon_id: coupon }, ATTACKER(13), one);
    expect(await visits()).toBe(start + 1);
    // 21 signed ids of one network: the network's daily cap.
    for (let i = 0; i < 21; i++)
      await post(recordVisitPath, 'two.localhost', { coupon_id: coupon }, ATTACKER(14 + i), minted());
    expect(await visits()).toBe(start + VISIT_NETWORK_DAILY_CAP);
  });

  it('answers the 31st reveal in a minute from one address with 429', async () => {
    const coupon = await sharedCoupon(2);
    const ip = '198.18.0.1';
    for (let i = 0; i < 30; i++)
      expect((await post(recordVisitPath, 'one.localhost', { coupon_id: coupon }, ip)).statusCode).toBe(200);
    const limited = await post(recordVisitPath, 'one.localhost', { coupon_id: coupon }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiBody<unknown>>().message).toMatch(/Too many requests.*try again in \d+ seconds/);
  });
});
