import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATES, type CurrencyRate } from '../../../src/shared/contract/revenue';
import { daysBetween, epcOf, revenueFigures, type MoneyCount } from '../../../src/shared/revenue/figures';
import { convertMinor, currencyDigits, minorToDecimal, toMinorUnits } from '../../../src/shared/revenue/money';

// Issue 31: the revenue view's sums. The totals are the rows' sums, a state change moves money between columns and
// never adds any, and an amount is converted only through a kept rate.

const days = daysBetween('2026-11-01', '2026-11-07');
const key = fc.constantFrom('a', 'b', 'c');
const day = fc.constantFrom(...days);
const currency = fc.constantFrom('USD', 'EUR', 'JPY', 'SEK');
const rates: CurrencyRate[] = [
  { currency: 'EUR', to_currency: 'USD', rate: 1.1 },
  { currency: 'USD', to_currency: 'JPY', rate: 150 },
];
const money = fc.record<MoneyCount>({
  key,
  day,
  state: fc.constantFrom(...TRANSACTION_STATES),
  currency,
  transactions: fc.integer({ min: 1, max: 5 }),
  commission_minor: fc.integer({ min: 0, max: 1_000_000 }),
});
const clicks = fc.array(fc.record({ key, day, clicks: fc.integer({ min: 0, max: 1000 }) }), { maxLength: 12 });
const input = (c: Parameters<typeof revenueFigures>[0]['clicks'], m: MoneyCount[]) => ({
  clicks: c,
  money: m,
  rates,
  currency: 'USD',
  days,
  labels: new Map([['a', 'Alpha']]),
});

describe('revenueFigures', () => {
  it('totals are the sums of the rows, and the days hold every click and every earned amount', () => {
    fc.assert(
      fc.property(clicks, fc.array(money, { maxLength: 12 }), (c, m) => {
        const out = revenueFigures(input(c, m));
        for (const field of ['clicks', 'transactions', 'pending_minor', 'approved_minor', 'paid_minor'] as const)
          expect(out.rows.reduce((s, r) => s + r[field], 0)).toBe(out.totals[field]);
        expect(out.days.map((d) => d.day)).toEqual(days);
        expect(out.days.reduce((s, d) => s + d.clicks, 0)).toBe(out.totals.clicks);
        const earned = out.totals.pending_minor + out.totals.approved_minor + out.totals.paid_minor;
        expect(out.days.reduce((s, d) => s + d.commission_minor, 0)).toBe(earned);
        expect(out.totals.epc_minor).toBe(epcOf(earned, out.totals.clicks));
        expect(out.totals.conversion).toBeGreaterThanOrEqual(0);
        expect(out.totals.conversion).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("a transaction's state change moves its amount between columns and adds nothing", () => {
    fc.assert(
      fc.property(clicks, money, fc.constantFrom(...TRANSACTION_STATES), (c, m, next) => {
        const before = revenueFigures(input(c, [m])).totals;
        const after = revenueFigures(input(c, [{ ...m, state: next }])).totals;
        const all = (f: typeof before) => f.pending_minor + f.approved_minor + f.paid_minor + f.declined_minor;
        expect(all(after)).toBe(all(before));
        expect(after.transactions).toBe(before.transactions);
      }),
    );
  });

  it('leaves out, and lists, what no kept rate converts', () => {
    fc.assert(
      fc.property(money, (m) => {
        const out = revenueFigures(input([], [{ ...m, currency: 'SEK' }]));
        const total = out.totals.pending_minor + out.totals.approved_minor + out.totals.paid_minor;
        expect(total + out.totals.declined_minor).toBe(0);
        if (m.state !== 'declined')
          expect(out.unconverted).toEqual([{ currency: 'SEK', commission_minor: m.commission_minor }]);
      }),
    );
  });
});

describe('money', () => {
  it('minor units round-trip through their decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom('USD', 'JPY', 'KWD'), (minor, cur) => {
        expect(toMinorUnits(minorToDecimal(minor, cur), cur)).toBe(minor);
      }),
    );
  });

  it('a conversion there and back stays within rounding of the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (minor) => {
        const usd = convertMinor(minor, 'EUR', 'USD', rates)!;
        const back = convertMinor(usd, 'USD', 'EUR', rates)!;
        expect(Math.abs(back - minor)).toBeLessThanOrEqual(1);
        expect(convertMinor(minor, 'EUR', 'SEK', rates)).toBeNull();
        expect(convertMinor(minor, 'SEK', 'SEK', [])).toBe(minor);
      }),
    );
    expect(currencyDigits('JPY')).toBe(0);
  });
});
