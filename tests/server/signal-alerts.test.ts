import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNAL_ALERT_KINDS, type SignalAlert } from '../../src/shared/contract/signal-alerts';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  grantTenants,
  tenantIdByHost,
  upsertSystemUser,
} from '../../src/server/db/repositories/admin-users';
import {
  listSignalAlerts,
  recordSignalAlert,
  type SignalAlertInput,
} from '../../src/server/db/repositories/signal-alerts';
import { hashPassword } from '../../src/server/lib/credentials';
import { DATABASES, postJson, startTestApp, type TestApp, ADMIN_HOST } from './helpers/test-app';

// Issue 24, "bursts are seen": the server reports bursts from one network; operators read one alert per coupon or arm
// per UTC day, with each network's largest count, in GET /api/admin/alerts (admins all, editors their tenants').

describe.each(DATABASES)('signal alerts (%s)', (kind) => {
  let t: TestApp;
  let one: string;
  let two: string;
  let coupon: { id: string; title: string; code: string | null; store: string };
  const tokens: Record<'admin' | 'editorOne' | 'editorTwo', string> = { admin: '', editorOne: '', editorTwo: '' };

  const vote = (o: Partial<SignalAlertInput> = {}): SignalAlertInput => ({
    kind: 'vote_burst',
    domainId: one,
    couponId: coupon.id,
    experimentId: null,
    variant: null,
    network: '203.0.113.0/24',
    count: 12,
    ...o,
  });
  const exposure = (experimentId: string): SignalAlertInput => ({
    ...vote(),
    kind: 'exposure_burst',
    couponId: null,
    experimentId,
    variant: 'bold',
  });
  const all = () => listSignalAlerts(t.db, { limit: 100 });
  const login = async (email: string, password: string) =>
    (await postJson<{ token: string }>(t.app, '/system-user/login', { email, password })).body.data.token;
  const alertsAs = async (who: keyof typeof tokens, query = '') => {
    const res = await t.app.inject({
      url: `/api/admin/alerts${query}`,
      headers: { host: ADMIN_HOST, authorization: `Bearer ${tokens[who]}` },
    });
    return { status: res.statusCode, body: res.json<{ success: boolean; data: SignalAlert[] }>() };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    one = (await tenantIdByHost(t.db, 'one.localhost'))!;
    two = (await tenantIdByHost(t.db, 'two.localhost'))!;
    const [c] = await t.db.query<{ id: string; title: string; code: string | null; store: string }>(
      `SELECT c.id, c.title, c.code, s.name AS store FROM coupons c JOIN stores s ON s.id = c.store_id
       JOIN domain_stores ds ON ds.store_id = s.id AND ds.domain_id = $1
       WHERE c.title <> '' AND c.code IS NOT NULL ORDER BY c.id LIMIT 1`,
      [one],
    );
    coupon = c!;
    const hash = await hashPassword('password-for-tests');
    await grantTenants(
      t.db,
      await upsertSystemUser(t.db, { email: 'one@example.com', passwordHash: hash, role: 'editor' }),
      [one],
    );
    await grantTenants(
      t.db,
      await upsertSystemUser(t.db, { email: 'two@example.com', passwordHash: hash, role: 'editor' }),
      [two],
    );
    tokens.admin = await login(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    tokens.editorOne = await login('one@example.com', 'password-for-tests');
    tokens.editorTwo = await login('two@example.com', 'password-for-tests');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query('DELETE FROM signal_alerts');
  });

  it('merges two reports of one coupon on one day into one alert, each network at its largest count', async () => {
    await recordSignalAlert(t.db, vote({ count: 12 }));
    await recordSignalAlert(t.db, vote({ count: 16 }));
    // A late report of a smaller running count (another instance's window) lowers nothing.
    await recordSignalAlert(t.db, vote({ count: 9 }));
    const [alert, ...rest] = await all();
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'vote_burst',
      coupon_id: coupon.id,
      coupon_title: coupon.title,
      coupon_code: coupon.code,
      store_name: coupon.store,
      experiment_id: null,
      variant: null,
      networks: [{ network: '203.0.113.0/24', count: 16 }],
      total: 16,
      tenants: [{ _id: one, name: expect.any(String), host: 'one.localhost' }],
    });
    const [today] = await t.db.query<{ day: string }>(
      `SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day`,
    );
    expect(alert!.day).toBe(today!.day);
    expect(Date.parse(alert!.last_seen)).toBeGreaterThanOrEqual(Date.parse(alert!.first_seen));
  });

  it('adds another network to the same alert and sums the networks into the total', async () => {
    await recordSignalAlert(t.db, vote({ count: 12 }));
    await recordSignalAlert(t.db, vote({ network: '2001:db8:1:2::/64', count: 20, domainId: two }));
    await recordSignalAlert(t.db, vote({ count: 14 }));
    const alerts = await all();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.networks).toEqual([
      { network: '2001:db8:1:2::/64', count: 20 },
      { network: '203.0.113.0/24', count: 14 },
    ]);
    expect(alerts[0]!.total).toBe(34);
    expect(alerts[0]!.tenants.map((x) => x.host).sort()).toEqual(['one.localhost', 'two.localhost']);
  });

  it('keeps kinds, coupons and experiment arms apart, and starts a new alert on a new UTC day', async () => {
    await recordSignalAlert(t.db, vote());
    await recordSignalAlert(t.db, exposure('five-home'));
    await recordSignalAlert(t.db, { ...exposure('five-home'), variant: 'control' });
    await recordSignalAlert(t.db, { ...vote(), kind: 'outcome_burst', experimentId: 'five-home', variant: 'bold' });
    await recordSignalAlert(t.db, { ...exposure('five-home'), count: 30 });
    const alerts = await all();
    expect(alerts).toHaveLength(4);
    expect(alerts.find((a) => a.kind === 'exposure_burst' && a.variant === 'bold')!.total).toBe(30);

    // Yesterday's alert stays as it was; today's report opens a new one.
    await t.db.query(`UPDATE signal_alerts SET day = day - 1, first_seen = first_seen - interval '1 day',
      last_seen = last_seen - interval '1 day' WHERE kind = 'vote_burst'`);
    await recordSignalAlert(t.db, vote({ count: 5 }));
    const votes = (await all()).filter((a) => a.kind === 'vote_burst');
    expect(votes.map((a) => a.total)).toEqual([5, 12]);
    expect(votes[0]!.day > votes[1]!.day).toBe(true);
  });

  it('merges concurrent reports of many networks into one alert with every network counted once', async () => {
    const reports = Array.from({ length: 24 }, (_, i) => vote({ network: `198.51.${i % 8}.0/24`, count: 10 + i }));
    await Promise.all(reports.map((r) => recordSignalAlert(t.db, r)));
    const [alert, ...rest] = await all();
    expect(rest).toEqual([]);
    // Network k was reported with 10+k, 18+k and 26+k: its largest is 26+k.
    expect(alert!.networks).toHaveLength(8);
    expect(alert!.total).toBe(Array.from({ length: 8 }, (_, k) => 26 + k).reduce((x, y) => x + y));
  });

  it('stores every kind the contract declares, and lists it as that kind', async () => {
    for (const k of SIGNAL_ALERT_KINDS)
      await recordSignalAlert(t.db, { ...exposure('five-home'), couponId: coupon.id, kind: k });
    expect((await all()).map((a) => a.kind).sort()).toEqual([...SIGNAL_ALERT_KINDS].sort());
  });

  it('refuses a negative or fractional count and a report without its target', async () => {
    await expect(recordSignalAlert(t.db, vote({ count: -1 }))).rejects.toThrow(RangeError);
    await expect(recordSignalAlert(t.db, vote({ count: 1.5 }))).rejects.toThrow(RangeError);
    await expect(recordSignalAlert(t.db, vote({ couponId: null }))).rejects.toThrow();
    await expect(recordSignalAlert(t.db, { ...vote(), kind: 'exposure_burst' })).rejects.toThrow();
    expect(await all()).toEqual([]);
  });

  it('lists the alerts last seen first; for some tenants, those that came to them, naming only them', async () => {
    await recordSignalAlert(t.db, vote({ domainId: one }));
    await recordSignalAlert(t.db, { ...exposure('two-home'), domainId: two });
    await recordSignalAlert(t.db, { ...exposure('global'), domainId: null });
    await t.db.query(`UPDATE signal_alerts SET last_seen = now() - interval '1 hour' WHERE kind = 'vote_burst'`);

    const target = (a: SignalAlert) => a.experiment_id ?? a.coupon_id;
    expect((await all()).map(target)).toEqual(['global', 'two-home', coupon.id]);
    expect(await listSignalAlerts(t.db, { limit: 1 })).toHaveLength(1);
    expect((await listSignalAlerts(t.db, { limit: 100, domainIds: [one] })).map(target)).toEqual([coupon.id]);
    expect((await listSignalAlerts(t.db, { limit: 100, domainIds: [two] })).map(target)).toEqual(['two-home']);
    expect(await listSignalAlerts(t.db, { limit: 100, domainIds: [] })).toEqual([]);

    // A burst that came to both tenants: listed for each, naming only the tenants asked for.
    await recordSignalAlert(t.db, vote({ domainId: two, network: '192.0.2.0/24' }));
    const [shared] = await listSignalAlerts(t.db, { limit: 1, domainIds: [two] });
    expect(shared).toMatchObject({ coupon_id: coupon.id, total: 24, tenants: [{ _id: two, host: 'two.localhost' }] });
  });

  it('answers GET /api/admin/alerts: an admin every alert, an editor those of their tenants', async () => {
    await recordSignalAlert(t.db, vote({ domainId: one }));
    await recordSignalAlert(t.db, { ...exposure('two-home'), domainId: two });

    const admin = await alertsAs('admin');
    expect(admin.status).toBe(200);
    expect(admin.body.data.map((a) => a.kind).sort()).toEqual(['exposure_burst', 'vote_burst']);
    expect((await alertsAs('admin', '?limit=1')).body.data).toHaveLength(1);
    expect((await alertsAs('admin', '?limit=0')).status).toBe(400);
    expect((await alertsAs('admin', '?limit=501')).status).toBe(400);

    const own = await alertsAs('editorOne');
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([expect.objectContaining({ kind: 'vote_burst', coupon_title: coupon.title })]);
    expect((await alertsAs('editorTwo')).body.data).toEqual([
      expect.objectContaining({ kind: 'exposure_burst', experiment_id: 'two-home', variant: 'bold' }),
    ]);
  });

  it('still lists an alert whose coupon was deleted, without its title', async () => {
    const [gone] = await t.db.query<{ id: string }>('SELECT id FROM coupons WHERE id <> $1 ORDER BY id DESC LIMIT 1', [
      coupon.id,
    ]);
    await recordSignalAlert(t.db, vote({ couponId: gone!.id }));
    await t.db.query('DELETE FROM coupons WHERE id = $1', [gone!.id]);
    const [alert] = await all();
    expect(alert).toMatchObject({ coupon_id: gone!.id, coupon_title: null, store_name: null, total: 12 });
  });
});
