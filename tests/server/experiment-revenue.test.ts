import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentReport } from '../../src/shared/contract/experiments';
import type { CurrencyRate } from '../../src/shared/contract/revenue';
import { convertMinor } from '../../src/shared/revenue/money';
import { armMoneyOf, revenueOutcome } from '../../src/shared/rules/epc-test';
import { formatReport } from '../../src/server/db/experiments-report';
import { idFromKey } from '../../src/server/db/ids';
import { loadExperimentReport } from '../../src/server/db/repositories/experiments';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 31, item 4: the experiment report says what each arm earned. Click-outs of two arms of five.localhost's
// experiment (its tenant reports in EUR) and the commissions matched to them, in EUR, USD, JPY, CHF and a currency the
// rates table does not know, go into a real database; the report's clicks, commission, EPC, interval, Welch p-value
// and verdict must be what the pure rule makes of the same clicks converted one by one with convertMinor. A second
// experiment, on two tenants, reports in USD and has too little money to decide.

const RATES: CurrencyRate[] = [
  { currency: 'USD', to_currency: 'EUR', rate: 0.9 },
  { currency: 'JPY', to_currency: 'EUR', rate: 0.0061 },
  // CHF → EUR only through the inverse of this one.
  { currency: 'EUR', to_currency: 'CHF', rate: 0.95 },
];

interface Sale {
  click: string;
  state: 'pending' | 'approved' | 'declined' | 'paid';
  minor: number;
  currency: string;
}

const clickId = (prefix: string, n: number) => prefix + String(n).padStart(16 - prefix.length, '0');
const STATES = ['pending', 'approved', 'paid'] as const;

// five-home: 1,000 counted clicks per arm. 40 control clicks earn 1.00–3.73 EUR; 60 bold clicks earn 1.50–4.49 in
// four currencies, one of them twice; one bold sale is declined, one is in GBP (no rate). Automated clicks' sales, however
// large, are no arm's.
const sales: Sale[] = [];
for (let i = 1; i <= 40; i++)
  sales.push({ click: clickId('ctl', i), state: STATES[i % 3]!, minor: 100 + 7 * (i - 1), currency: 'EUR' });
for (let i = 1; i <= 60; i++) {
  const base = 150 + ((11 * (i - 1)) % 300);
  const [minor, currency] = (
    [
      [base, 'EUR'],
      [base + 17, 'USD'],
      [base * 2, 'JPY'],
      [base, 'CHF'],
    ] as const
  )[i % 4]!;
  sales.push({ click: clickId('bld', i), state: STATES[i % 3]!, minor, currency });
}
sales.push({ click: clickId('bld', 1), state: 'pending', minor: 50, currency: 'EUR' });
sales.push({ click: clickId('bld', 2), state: 'declined', minor: 99_900, currency: 'EUR' });
sales.push({ click: clickId('bld', 61), state: 'approved', minor: 500, currency: 'GBP' });
for (let i = 1; i <= 3; i++) sales.push({ click: clickId('bot', i), state: 'paid', minor: 100_000, currency: 'EUR' });
// split-home, on one.localhost and two.localhost: three sales.
for (let i = 1; i <= 3; i++) sales.push({ click: clickId('spl', i), state: 'approved', minor: 900, currency: 'EUR' });

/** What the report should say of an arm: its clicks' earnings converted one sale at a time, then the rule. */
function expectedArm(prefix: string, clicks: number, to: string) {
  const earned = new Map<string, number>();
  let transactions = 0;
  let unconverted = 0;
  for (const s of sales) {
    if (!s.click.startsWith(prefix) || s.state === 'declined') continue;
    transactions++;
    const minor = convertMinor(s.minor, s.currency, to, RATES);
    if (minor === null) unconverted++;
    else earned.set(s.click, (earned.get(s.click) ?? 0) + minor);
  }
  const perClick = Array.from({ length: clicks }, (_, i) => earned.get(clickId(prefix, i + 1)) ?? 0);
  return { transactions, unconverted, money: armMoneyOf(perClick, transactions - unconverted) };
}

const hundredths = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

describe.each(DATABASES)('the experiment report’s revenue per arm (%s)', (kind) => {
  let t: TestApp;
  let report: ExperimentReport[];

  const clicksOf = async (prefix: string, n: number, domain: string, arms: object[], automated = false) =>
    t.db.query(
      `INSERT INTO click_outs (id, domain_id, page, layout_variant, arms, automated)
       SELECT $1 || lpad(g::text, 16 - length($1), '0'), $2, 'home', 'default', $3::jsonb, $4
       FROM generate_series(1, $5::int) g`,
      [prefix, idFromKey('domain', domain), JSON.stringify(arms), automated, n],
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.db.query("UPDATE domains SET reporting_currency = 'EUR' WHERE id = $1", [idFromKey('domain', 'five')]);
    for (const r of RATES)
      await t.db.query('INSERT INTO currency_rates (currency, to_currency, rate) VALUES ($1, $2, $3)', [
        r.currency,
        r.to_currency,
        r.rate,
      ]);
    await clicksOf('ctl', 1000, 'five', [{ experiment: 'five-home', variant: 'control' }]);
    // Bold shoppers were in a second experiment too: each click names both arms.
    await clicksOf('bld', 1000, 'five', [
      { experiment: 'five-home', variant: 'bold' },
      { experiment: 'five-cards', variant: 'wide' },
    ]);
    await clicksOf('bot', 3, 'five', [{ experiment: 'five-home', variant: 'bold' }], true);
    await clicksOf('spl', 10, 'one', [{ experiment: 'split-home', variant: 'control' }]);
    await clicksOf('spm', 10, 'two', [{ experiment: 'split-home', variant: 'calm' }]);
    await t.db.query(
      `INSERT INTO commissions (network, transaction_id, sub_id, click_id, state, commission_minor, currency, occurred_at)
       SELECT 'awin', 'tx-' || n, c, c, s, m, cur, now()
       FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[]) WITH ORDINALITY AS x(c, s, m, cur, n)`,
      [sales.map((s) => s.click), sales.map((s) => s.state), sales.map((s) => s.minor), sales.map((s) => s.currency)],
    );
    report = await loadExperimentReport(t.db);
  });
  afterAll(() => t.close());

  it('sums each arm’s counted clicks and converted commission into its tenant’s currency, and tests EPC', () => {
    const five = report.find((e) => e.id === 'five-home')!;
    expect(five.currency).toBe('EUR');
    expect(five.control).toBe('control');
    const control = five.variants.find((v) => v.variant === 'control')!;
    const bold = five.variants.find((v) => v.variant === 'bold')!;
    // The control's sales are all in EUR: exact figures.
    expect(control).toMatchObject({
      clicks: 1000,
      transactions: 40,
      unconverted: 0,
      commission_minor: 9460,
      epc_minor: 946,
      epc_low_minor: 641.28,
      epc_high_minor: 1250.72,
      epc_p_value: null,
      epc_verdict: 'control',
    });
    // Bold: 60 paid clicks (one with two sales), the declined sale and the automated clicks left out, GBP unconverted.
    expect(bold).toMatchObject({ clicks: 1000, transactions: 62, unconverted: 1 });
    const wantControl = expectedArm('ctl', 1000, 'EUR');
    const wantBold = expectedArm('bld', 1000, 'EUR');
    expect(bold.commission_minor).toBe(wantBold.money.sumMinor);
    // A USD sale of 1.67 is 1.50 EUR; a JPY sale of ¥300 is 1.83 EUR; a CHF sale of 1.50 is 1.58 EUR.
    expect(convertMinor(167, 'USD', 'EUR', RATES)).toBe(150);
    expect(convertMinor(300, 'JPY', 'EUR', RATES)).toBe(183);
    expect(convertMinor(150, 'CHF', 'EUR', RATES)).toBe(158);
    const want = revenueOutcome(
      [
        { variant: 'control', ...wantControl.money },
        { variant: 'bold', ...wantBold.money },
      ],
      'control',
      'EUR',
    );
    const [c, b] = want.arms;
    expect(control.epc_minor).toBe(hundredths(c!.epc.epcMinor));
    expect(bold.epc_minor).toBe(hundredths(b!.epc.epcMinor));
    expect(bold.epc_low_minor).toBe(hundredths(b!.epc.lowMinor));
    expect(bold.epc_high_minor).toBe(hundredths(b!.epc.highMinor));
    expect(bold.epc_p_value).toBeCloseTo(b!.pValue!, 9);
    expect(bold.epc_p_value!).toBeLessThan(0.05);
    expect(bold.epc_verdict).toBe('higher');
    expect(five.revenue_verdict).toBe('higher');
    expect(five.revenue_statement).toBe(want.statement);
    expect(five.revenue_statement).toMatch(/^bold earns more per click than control \(EPC \d+\.\d\d vs 9\.46 EUR/);
    // No shopper of these arms was recorded: the revenue half stands on its own.
    expect(control.shoppers).toBe(0);
  });

  it('reports an experiment of several tenants in USD, and says when there is too little money to decide', () => {
    const split = report.find((e) => e.id === 'split-home')!;
    expect(split.currency).toBe('USD');
    const control = split.variants.find((v) => v.variant === 'control')!;
    // 9.00 EUR through the inverse of USD → EUR 0.9: 10.00 USD.
    expect(control).toMatchObject({ clicks: 10, transactions: 3, commission_minor: 3000, epc_minor: 30_000 });
    expect(split.variants.find((v) => v.variant === 'calm')).toMatchObject({
      clicks: 10,
      transactions: 0,
      commission_minor: 0,
      epc_minor: 0,
      epc_low_minor: 0,
      epc_high_minor: 0,
      epc_verdict: 'too-little-money',
    });
    expect(split.revenue_verdict).toBe('too-little-money');
    expect(split.revenue_statement).toBe(
      'too little money to decide: each arm needs at least 30 transactions counted in its EPC, and some commission (control 3, calm 0)',
    );
    // An experiment whose clicks name one arm only has nothing to compare.
    const cards = report.find((e) => e.id === 'five-cards')!;
    expect(cards.variants.map((v) => [v.variant, v.clicks, v.epc_verdict])).toEqual([['wide', 1000, 'control']]);
    expect(cards.revenue_verdict).toBe('too-little-money');
  });

  it('answers the same report at GET /api/admin/experiments, and the CLI prints it', async () => {
    const token = await demoAdminToken(t.app);
    const res = await t.app.inject({
      url: '/api/admin/experiments',
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ data: ExperimentReport[] }>().data;
    expect(answer.find((e) => e.id === 'five-home')).toEqual(report.find((e) => e.id === 'five-home'));
    const text = formatReport(report);
    expect(text).toMatch(/variant\s+shoppers\s+reveals\s+reveals\/100\s+click-outs\s+p-value\s+clicks\s+EPC\s+EPC p/);
    expect(text).toMatch(/\ncontrol\s+0\s+0\s+0\.00\s+0\s+control\s+1000\s+9\.46\s+control\n/);
    expect(text).toMatch(/\nbold\s+0\s+0\s+0\.00\s+0\s+n\/a\s+1000\s+\d+\.\d\d\s+0\.0\d{3}\n/);
    expect(text).toContain('revenue (EPC in EUR per 100 clicks): bold earns more per click than control');
    expect(text).toContain('unconverted: 1 transactions in a currency with no rate into EUR, left out of EPC');
    expect(text).toContain('revenue (EPC in USD per 100 clicks): too little money to decide');
  });
});
