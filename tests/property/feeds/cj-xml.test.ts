import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapCjXml, type CjLink } from '../../../src/shared/feeds/cj-xml';
import { isoFeedDate } from '../../../src/shared/feeds/feed-fields';
import { isFreeShipping } from '../../../src/shared/rules/offer-type';
import { assertContractKept, feedText, feedUrl, instant, mostly, pad } from './text-feed-invariants';

// Issue 30: CJ's Link Search mapping, for any <link> CJ (or a broken answer) could hold.

/** An instant as CJ prints it: `2026-10-01 00:00:00.0`. */
const cjSpelling = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
  `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.0`;
const offsetMinutes = fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => m - (m % 15));
const offsetSpelling = (m: number) =>
  `${m < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(m) / 60))}:${pad(Math.abs(m) % 60)}`;

const date = mostly(
  fc.oneof(
    instant.map(cjSpelling),
    fc
      .tuple(instant, offsetMinutes)
      .map(([d, m]) => `${cjSpelling(d).slice(0, 19).replace(' ', 'T')}${offsetSpelling(m)}`),
    instant.map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom('', 'N/A', 'ongoing'),
  ),
  fc.oneof(fc.constantFrom('2031-02-30 23:59:59.0', '10/01/2026', '2026-10-01 25:00:00.0'), feedText),
);
const promotionType = mostly(
  fc.constantFrom('coupon', 'Coupon', 'sale/discount', 'Sale/Discount', 'free shipping', 'Free Shipping'),
  fc.oneof(fc.constantFrom('sweepstakes', 'product', 'seasonal link', 'site to store', 'N/A', ''), feedText),
);

const link: fc.Arbitrary<CjLink> = fc.record(
  {
    'advertiser-id': mostly(fc.stringMatching(/^[1-9][0-9]{6}$/), feedText),
    'advertiser-name': feedText,
    category: feedText,
    'link-id': mostly(fc.stringMatching(/^[1-9][0-9]{7}$/), feedText),
    'link-name': feedText,
    description: feedText,
    destination: feedUrl,
    clickUrl: feedUrl,
    'promotion-type': promotionType,
    'promotion-start-date': date,
    'promotion-end-date': date,
    'coupon-code': mostly(fc.stringMatching(/^[A-Z0-9]{3,12}$/), fc.oneof(fc.constantFrom('', 'N/A'), feedText)),
    'relationship-status': mostly(fc.constant('joined'), fc.constantFrom('notjoined', '')),
    'seven-day-epc': fc.oneof(fc.constant('N/A'), fc.float({ noNaN: true }).map(String)),
  },
  { requiredKeys: ['link-id', 'advertiser-id', 'clickUrl'] },
);

const goodLink = (over: CjLink): CjLink => ({
  'link-id': '15234001',
  'advertiser-id': '4512870',
  clickUrl: 'https://www.anrdoezrs.net/click-9187654-15234001',
  'relationship-status': 'joined',
  ...over,
});

describe('CJ Link Search mapping', () => {
  it('never throws, and every offer keeps the contract', () => {
    assertContractKept(link, mapCjXml);
  });

  it('reads a date printed in CJ spelling back to the same instant, with or without an offset', () => {
    fc.assert(
      fc.property(instant, offsetMinutes, (d, m) => {
        expect(isoFeedDate(cjSpelling(d), 'start')).toEqual({ ok: true, value: d.toISOString() });
        const local = new Date(d.getTime() + m * 60_000);
        fc.pre(local.getUTCFullYear() >= 1970 && local.getUTCFullYear() <= 9999);
        const spelled = `${cjSpelling(local).slice(0, 19)}${offsetSpelling(m)}`;
        expect(isoFeedDate(spelled, 'end')).toEqual({ ok: true, value: d.toISOString() });
      }),
    );
  });

  it('refuses a link of another promotion type unless it has a code', () => {
    const other = fc.constantFrom('sweepstakes', 'product', 'seasonal link', 'site to store', 'N/A', '');
    fc.assert(
      fc.property(other, fc.stringMatching(/^[A-Z0-9]{3,12}$/), fc.constantFrom('', 'N/A', ' '), (type, c, none) => {
        const title = { 'link-name': 'Save on everything' };
        expect(mapCjXml(goodLink({ ...title, 'promotion-type': type, 'coupon-code': none })).ok).toBe(false);
        const coded = mapCjXml(goodLink({ ...title, 'promotion-type': type, 'coupon-code': c }));
        expect(coded).toMatchObject({ ok: true, offer: { kind: 'code', code: c } });
      }),
    );
  });

  it('makes a free-shipping link without a code free shipping, said in its title', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9$% ]{0,40}$/),
        fc.constantFrom('free shipping', 'Free Shipping'),
        (n, t) => {
          const result = mapCjXml(goodLink({ 'link-name': n, description: 'On every order', 'promotion-type': t }));
          expect(result).toMatchObject({ ok: true, offer: { kind: 'free-shipping', code: null } });
          if (result.ok) expect(isFreeShipping(result.offer.title, '')).toBe(true);
        },
      ),
    );
  });

  it('keeps a percentage in the title as CJ wrote it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (n) => {
        const result = mapCjXml(goodLink({ 'link-name': `${n}% off sitewide`, 'promotion-type': 'sale/discount' }));
        expect(result).toMatchObject({ ok: true, offer: { kind: 'deal', title: `${n}% off sitewide` } });
      }),
    );
  });
});
