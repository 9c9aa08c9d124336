import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../src/shared/contract/bootstrap';
import { until } from '../helpers/wait';
import { DATABASES, postJson, startTestApp, tenant, type TestApp, ADMIN_HOST, previewQuery } from './helpers/test-app';

// Issue 16 on the real app: tenant overrides come and go with their file, a schedule edge ends a cached page on time
// (the app's clock is injected), previews of an instant are read-only, and a 50/50 experiment gives each shopper one
// sticky variant, recorded with their reveals and reported to an admin.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const MINUTE = 60_000;

function bootstrapOf(html: string): Bootstrap {
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no bootstrap in page');
  return JSON.parse(m[1]) as Bootstrap;
}

/** The watched layouts directory reloaded to what `check` expects. */
const reloaded = (check: () => Promise<boolean>, what = 'the layouts reload') =>
  until(check, { message: what, timeoutMs: 5_000, everyMs: 50 });

describe.each(DATABASES)('layout engine v2 on the server (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  let clock = Date.UTC(2026, 10, 27, 10);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-layouts-'));
    await cp('layouts', dir, { recursive: true });
    t = await startTestApp(kind, { layoutsDir: dir, watchLayouts: true, now: () => clock });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = (url: string, host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { host, accept: 'text/html', 'user-agent': BROWSER, ...headers } });
  const homeFile = async (host: string, url = '/', headers: Record<string, string> = {}) =>
    path.basename(bootstrapOf((await page(url, host, headers)).body).layouts?.home.file ?? '');
  const variantDoc = async (name: string, over: Record<string, unknown>) => {
    const doc = JSON.parse(await readFile(path.join(dir, 'home', name), 'utf8')) as Record<string, unknown>;
    return JSON.stringify({ ...doc, schemaVersion: 2, ...over }, null, 2);
  };
  const loadedHas =
    (name: string, present = true) =>
    async () =>
      t.layouts.current().files.some((f) => f.endsWith(`/${name}`)) === present;

  /** Publishes a home override for `tenants` as `name`; the returned function deletes it (both wait for the reload). */
  const publishOverride = async (name: string, tenants: string[]) => {
    const file = path.join(dir, 'home', name);
    await writeFile(file, await variantDoc('latest-deals.json', { title: name, serves: [], tenants }));
    await reloaded(loadedHas(name));
    return async () => {
      await unlink(file);
      await reloaded(loadedHas(name, false));
    };
  };

  it('a tenant override changes only that tenant, and removing its file restores the home', async () => {
    expect(await homeFile('one.localhost')).toBe('hero-sliders.json');
    const remove = await publishOverride('zz-one-override.json', ['one.localhost']);
    expect(await homeFile('one.localhost')).toBe('zz-one-override.json');
    expect(await homeFile('two.localhost')).toBe('landing.json');
    await remove();
    expect(await homeFile('one.localhost')).toBe('hero-sliders.json');
  });

  it('an override naming one host of a tenant applies on all its hosts (the default tenant: localhost, 127.0.0.1)', async () => {
    const before = await homeFile('127.0.0.1');
    const remove = await publishOverride('zz-default-override.json', ['localhost']);
    expect(await homeFile('localhost')).toBe('zz-default-override.json');
    expect(await homeFile('127.0.0.1')).toBe('zz-default-override.json');
    await remove();
    expect(await homeFile('127.0.0.1')).toBe(before);
  });

  it('a cached home is not served past a schedule edge: it changes at the edge without a restart', async () => {
    clock = Date.UTC(2026, 10, 27, 10);
    const end = new Date(clock + MINUTE).toISOString();
    const file = path.join(dir, 'home', 'zz-flash-sale.json');
    await writeFile(
      file,
      await variantDoc('latest-deals.json', {
        title: 'Flash',
        serves: [],
        tenants: ['two.localhost'],
        schedule: { until: end },
      }),
    );
    await reloaded(loadedHas('zz-flash-sale.json'));
    const first = await page('/', 'two.localhost');
    expect(path.basename(bootstrapOf(first.body).layouts?.home.file ?? '')).toBe('zz-flash-sale.json');
    const second = await page('/', 'two.localhost');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    // A refill inside the TTL keeps the page only until the edge, not for a whole TTL.
    const edge = clock + MINUTE;
    clock += 45_000;
    await page('/', 'two.localhost');
    clock = edge - 1;
    expect((await page('/', 'two.localhost')).headers['x-cache']).toBe('HIT');
    clock = edge;
    const after = await page('/', 'two.localhost');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(path.basename(bootstrapOf(after.body).layouts?.home.file ?? '')).toBe('landing.json');
    // The operator's preview of an instant inside the window shows it again: read-only, noindex, never cached. The
    // same URL without the operator's grant is the published page (issue 25).
    const at = new Date(clock - 30_000).toISOString();
    const anonymous = await page(`/?at=${encodeURIComponent(at)}`, 'two.localhost');
    expect(path.basename(bootstrapOf(anonymous.body).layouts?.home.file ?? '')).toBe('landing.json');
    expect(anonymous.headers['x-robots-tag']).toBeUndefined();
    const preview = await page(`/${await previewQuery(t, 'two.localhost', { at }, clock)}`, 'two.localhost');
    expect(path.basename(bootstrapOf(preview.body).layouts?.home.file ?? '')).toBe('zz-flash-sale.json');
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex');
    expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(preview.headers['set-cookie']).toBeUndefined();
    // The console frames it from its own host only; a shopper's page only its own site.
    const framers = /frame-ancestors ([^;]*)/.exec(String(preview.headers['content-security-policy']))?.[1];
    expect(framers?.split(' ')).toEqual(["'self'", 'admin.localhost:*']);
    expect(String(after.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'(;|$)/);
    const again = await page(`/${await previewQuery(t, 'two.localhost', { at }, clock)}`, 'two.localhost');
    expect(again.headers['x-cache']).not.toBe('HIT');
    const friday = await previewQuery(t, 'two.localhost', { at: 'next-friday' }, clock);
    expect((await page(`/${friday}`, 'two.localhost')).statusCode).toBe(400);
    await unlink(file);
    await reloaded(loadedHas('zz-flash-sale.json', false));
  });

  describe('a 50/50 experiment on five.localhost', () => {
    // The operator marks the tenant's home as the control and adds a variant beside it.
    const arms = ['top-deals.json', 'zz-exp-bold.json'];
    let original = '';
    let adminToken = '';
    let couponId = '';
    let otherCouponId = '';
    beforeAll(async () => {
      original = await readFile(path.join(dir, 'home', 'top-deals.json'), 'utf8');
      const bold = await variantDoc('top-deals.json', {
        title: 'Five bold',
        experiment: { id: 'five-home', variant: 'bold', weight: 50 },
      });
      await writeFile(
        path.join(dir, 'home', 'top-deals.json'),
        await variantDoc('top-deals.json', { experiment: { id: 'five-home', variant: 'control', weight: 50 } }),
      );
      await writeFile(path.join(dir, 'home', 'zz-exp-bold.json'), bold);
      await reloaded(async () => t.layouts.current().documents.filter((d) => d.doc.experiment).length === 2);
      const email = 'admin-experiments@example.com';
      await postJson(t.app, '/system-user/register', { email, password: 'correct horse battery' });
      await t.db.query('UPDATE system_users SET role = $1 WHERE email = $2', ['admin', email]);
      adminToken = (
        await postJson<{ token: string }>(t.app, '/system-user/login', { email, password: 'correct horse battery' })
      ).body.data.token;
      const five = tenant(t.data, 'five');
      const rows = await t.db.query<{ id: string }>(
        `SELECT c.id FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id JOIN domains d ON d.id = ds.domain_id
         WHERE d.key = $1 ORDER BY c.id LIMIT 2`,
        [five.key],
      );
      couponId = rows[0]!.id;
      otherCouponId = rows[1]!.id;
    });

    it('gives each shopper one sticky variant from the first response, never from the cache; bots the control', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const first = await page('/', 'five.localhost');
        const cookie = String(first.headers['set-cookie']).split(';')[0]!;
        // The server's own signed id (issue 24): random part, issue time, MAC.
        expect(cookie).toMatch(/^dd_id=[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{32}$/);
        expect(String(first.headers['set-cookie'])).toContain('Max-Age=34560000; HttpOnly; SameSite=Lax');
        expect(first.headers['x-cache']).not.toBe('HIT');
        const variant = path.basename(bootstrapOf(first.body).layouts?.home.file ?? '');
        expect(arms).toContain(variant);
        seen.add(variant);
        for (const url of ['/', '/store', '/']) {
          const again = await page(url, 'five.localhost', { cookie });
          expect(again.headers['x-cache']).not.toBe('HIT');
          if (url === '/') expect(path.basename(bootstrapOf(again.body).layouts?.home.file ?? '')).toBe(variant);
        }
      }
      expect(seen.size).toBe(2);
      const bot = await page('/', 'five.localhost', {
        'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
      });
      expect(path.basename(bootstrapOf(bot.body).layouts?.home.file ?? '')).toBe('top-deals.json');
      expect(bot.headers['set-cookie']).toBeUndefined();
    });

    // record-visit's rows (the store's visit_count): a click-out adds none.
    const EVENTS = 'SELECT count(*)::int AS n FROM coupon_events';
    const clickOut = (cookie: string, userAgent = BROWSER, coupon = couponId, ip = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/end-user/coupon/record-clickout',
        headers: { host: 'five.localhost', cookie, 'user-agent': userAgent },
        payload: { coupon_id: coupon },
        remoteAddress: ip,
      });

    it('records reveals and click-outs with the variant and reports them to an admin only', async () => {
      await t.db.query('DELETE FROM experiment_events');
      await t.db.query('DELETE FROM experiment_shoppers');
      const byVariant: Record<string, number> = {};
      // At least six shoppers and both variants drawn (six shoppers all drawing one arm is a 1-in-32 chance).
      // Each shopper on a network of their own, reading the page a while before they reveal (the report leaves out a
      // network's burst of new ids and reveals sooner than a person can).
      for (let i = 0; i < 6 || (Object.keys(byVariant).length < 2 && i < 40); i++) {
        const ip = `10.77.${i}.1`;
        const first = await t.app.inject({
          url: '/',
          headers: { host: 'five.localhost', accept: 'text/html', 'user-agent': BROWSER },
          remoteAddress: ip,
        });
        const cookie = String(first.headers['set-cookie']).split(';')[0]!;
        const variant = bootstrapOf(first.body).layouts?.home.doc.experiment?.variant ?? '';
        byVariant[variant] = (byVariant[variant] ?? 0) + 1;
        await t.db.query("UPDATE experiment_shoppers SET first_seen = first_seen - interval '1 minute'");
        // Bold shoppers reveal two codes, each twice: a code counts once per shopper and day.
        const reveals = variant === 'bold' ? [couponId, couponId, otherCouponId, otherCouponId] : [couponId];
        for (const coupon of reveals) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/end-user/coupon/record-visit',
            headers: { host: 'five.localhost', cookie, 'user-agent': BROWSER },
            payload: { coupon_id: coupon, type: 'visit' },
            remoteAddress: ip,
          });
          expect(res.statusCode).toBe(200);
        }
        // The click-out: its own route (the redirect pages and reveals call it as the merchant opens).
        const [visits] = await t.db.query<{ n: number }>(EVENTS);
        const out = await clickOut(cookie, BROWSER, couponId, ip);
        expect(await t.db.query<{ n: number }>(EVENTS)).toEqual([visits]);
        expect(out.statusCode).toBe(200);
        expect(out.json<{ data: { experiments: number } }>().data.experiments).toBe(1);
      }
      // A bot's click-out and one without the cookie are not counted; an unknown coupon is a 404.
      const bot = await clickOut('', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
      expect(bot.json<{ data: { experiments: number } }>().data.experiments).toBe(0);
      expect((await clickOut('')).json<{ data: { experiments: number } }>().data.experiments).toBe(0);
      expect((await clickOut('', BROWSER, 'f'.repeat(24))).statusCode).toBe(404);
      const anonymous = await t.app.inject({ url: '/api/admin/experiments', headers: { host: ADMIN_HOST } });
      expect(anonymous.statusCode).toBe(401);
      const res = await t.app.inject({
        url: '/api/admin/experiments',
        headers: { host: ADMIN_HOST, authorization: `Bearer ${adminToken}` },
      });
      expect(res.statusCode).toBe(200);
      const report = res.json<{ data: { id: string; control: string; variants: Record<string, unknown>[] }[] }>().data;
      const five = report.find((e) => e.id === 'five-home');
      expect(five?.control).toBe('control');
      for (const v of five?.variants ?? []) {
        const n = byVariant[String(v.variant)] ?? 0;
        const per = v.variant === 'bold' ? 2 : 1;
        expect(v).toMatchObject({ shoppers: n, reveals: n * per, revealers: n, clickOuts: n });
        if (n > 0) expect(v.revealsPer100).toBe(per * 100);
      }
      expect(five?.variants.find((v) => v.variant === 'control')?.pValue).toBeNull();
    });

    afterAll(async () => {
      await writeFile(path.join(dir, 'home', 'top-deals.json'), original);
      await unlink(path.join(dir, 'home', 'zz-exp-bold.json'));
    });
  });
});
