import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { networkCode } from '../../../src/shared/feeds/feed-fields';
import { mapRakutenXml, rakutenOfferId, type RakutenLink } from '../../../src/shared/feeds/rakuten-xml';
import { assertContractKept, feedText, feedUrl, instant, mostly } from './text-feed-invariants';

// Issue 30: Rakuten's coupon feed mapping, for any <link> Rakuten (or a broken answer) could hold, and the offer id
// the mapping derives (Rakuten gives none).

const day = instant.map((d) => d.toISOString().slice(0, 10));
const date = mostly(
  fc.oneof(day, fc.constant('')),
  fc.oneof(fc.constantFrom('2030-02-30', '2030-13-01', '12/31/2030', '0099-01-01'), feedText),
);
const types = ['Percentage off', 'Dollar Amount Off', 'Free Shipping', 'Clearance', 'Buy One/Get One', 'Free Gift'];
const code = mostly(fc.stringMatching(/^[A-Z0-9]{3,12}$/), fc.oneof(fc.constantFrom('', 'N/A', ' '), feedText));

const link: fc.Arbitrary<RakutenLink> = fc.record(
  {
    advertiserid: mostly(fc.stringMatching(/^[1-9][0-9]{4}$/), feedText),
    advertisername: feedText,
    offerdescription: mostly(fc.stringMatching(/^[A-Za-z0-9$%,. ]{1,60}$/), feedText),
    offerstartdate: date,
    offerenddate: date,
    couponcode: code,
    couponrestriction: feedText,
    clickurl: feedUrl,
    impressionpixel: feedUrl,
    network: fc.constantFrom('US Network', 'UK Network', ''),
    categories: fc.array(feedText, { maxLength: 4 }),
    promotiontypes: fc.array(mostly(fc.constantFrom(...types), feedText), { maxLength: 3 }),
  },
  { requiredKeys: ['advertiserid', 'clickurl'] },
);

const goodLink = (over: RakutenLink): RakutenLink => ({
  advertiserid: '44712',
  offerdescription: '20% off headphones',
  offerstartdate: '2026-11-01',
  offerenddate: '2030-12-31',
  clickurl: 'https://click.linksynergy.com/fs-bin/click?id=Xq8aB3cD9eF&offerid=1187712.10003521&type=3',
  ...over,
});

describe('Rakuten coupon feed mapping', () => {
  it('never throws, and every offer keeps the contract', () => {
    assertContractKept(link, mapRakutenXml);
  });

  it('reads a day as its first second to start and its last second to end', () => {
    fc.assert(
      fc.property(day, (d) => {
        const result = mapRakutenXml(goodLink({ offerstartdate: d, offerenddate: d }));
        expect(result).toMatchObject({
          ok: true,
          offer: { starts_at: `${d}T00:00:00.000Z`, ends_at: `${d}T23:59:59.000Z` },
        });
      }),
    );
  });

  it('derives the same id from the same advertiser, code and start, whatever else the link says', () => {
    fc.assert(
      fc.property(link, feedText, feedText, (l, description, restriction) => {
        const id = rakutenOfferId(l);
        expect(id.length).toBeGreaterThan(0);
        expect(id.length).toBeLessThanOrEqual(200);
        const coded = networkCode(l.couponcode) !== '';
        const reworded = { ...l, couponrestriction: restriction, advertisername: 'Renamed', categories: [] };
        expect(rakutenOfferId(reworded)).toBe(id);
        if (coded) expect(rakutenOfferId({ ...reworded, offerdescription: description })).toBe(id);
      }),
    );
  });

  it('tells deals apart by their wording (not its case, spacing or tags), and coupons by their code', () => {
    const words = fc.stringMatching(/^[a-z0-9]{1,8}( [a-z0-9]{1,8}){0,5}$/);
    fc.assert(
      fc.property(
        words,
        words,
        fc.stringMatching(/^[A-Z0-9]{3,12}$/),
        fc.stringMatching(/^[A-Z0-9]{3,12}$/),
        (a, b, c, d) => {
          const deal = (text: string) => rakutenOfferId(goodLink({ offerdescription: text, couponcode: 'N/A' }));
          expect(deal(`<b>${a.toUpperCase()}</b>  `)).toBe(deal(a));
          if (a !== b) expect(deal(a)).not.toBe(deal(b));
          const coupon = (x: string) => rakutenOfferId(goodLink({ couponcode: x }));
          if (c !== d) expect(coupon(c)).not.toBe(coupon(d));
        },
      ),
    );
  });

  it('makes a Free Shipping promotion without a code free shipping, said in its title', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9$% ]{1,40}$/), fc.constantFrom('', 'N/A'), (text, none) => {
        fc.pre(text.trim() !== '');
        const result = mapRakutenXml(
          goodLink({ offerdescription: text, couponcode: none, promotiontypes: ['Free Shipping'] }),
        );
        expect(result).toMatchObject({ ok: true, offer: { kind: 'free-shipping', code: null } });
        if (result.ok) expect(result.offer.title).toMatch(/free shipping/i);
      }),
    );
  });

  it('keeps a percentage in the title as Rakuten wrote it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (n) => {
        const result = mapRakutenXml(goodLink({ offerdescription: `${n}% off sitewide`, couponcode: 'N/A' }));
        expect(result).toMatchObject({ ok: true, offer: { kind: 'deal', title: `${n}% off sitewide` } });
      }),
    );
  });
});
