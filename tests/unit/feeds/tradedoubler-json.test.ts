import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { readTradedoublerJson } from '../../../src/server/feeds/readers/tradedoubler-json';
import { mapTradedoublerJson, type TradedoublerVoucher } from '../../../src/shared/feeds/tradedoubler-json';
import { itStreams, listElement, readsWith } from './json-feed-checks';
import { filler, fixtureText, offersOf, refusedOf } from './text-feed-helpers';

// Issue 30: Tradedoubler's vouchers list read through its reader (tests/fixtures/feeds/README.md says what the fixture
// holds).

const FIXTURE = fixtureText('tradedoubler-json.json');
const { read, failure, offerNamed } = readsWith(readTradedoublerJson);

const HEAD = '[\n';
const TAIL = ']\n';

describe('Tradedoubler vouchers JSON', () => {
  it('reads the fixture: 12 offers, and the 2 refused vouchers with where they are and why', async () => {
    const items = await read(FIXTURE);
    expect(items).toHaveLength(14);
    expect(offersOf(items).map((o) => o.kind)).toEqual([
      ...['code', 'deal', 'code', 'free-shipping', 'code', 'code', 'deal', 'code', 'free-shipping', 'deal'],
      ...['code', 'deal'],
    ]);
    expect(refusedOf(items)).toEqual([
      { where: '[10]', reason: 'the tracking link is missing or not an absolute http(s) URL' },
      { where: '[11]', reason: 'the end date is before the start date' },
    ]);
  });

  it('maps the shared voucher ORBIT20 field by field, its epoch milliseconds read as UTC', async () => {
    expect(await offerNamed(FIXTURE, '491203')).toEqual({
      offer_id: '491203',
      advertiser_id: '310457',
      advertiser_name: 'Orbit Electronics',
      advertiser_site: 'https://orbit-electronics.example/',
      kind: 'code',
      code: 'ORBIT20',
      title: '20% off headphones',
      description: 'Take 20% off over-ear & in-ear headphones with code ORBIT20.',
      starts_at: '2026-10-01T00:00:00.000Z',
      ends_at: '2030-12-31T22:59:59.000Z',
      tracking_url: 'https://clk.tradedoubler.com/click?p=310457&a=3012345&g=24891203',
      landing_url: 'https://orbit-electronics.example/headphones',
      exclusive: false,
      categories: [],
    });
  });

  it('says the discount in the currency when there is no title or short description: "15% off", "€50 off"', async () => {
    expect(await offerNamed(FIXTURE, '493601')).toMatchObject({
      title: '15% off',
      description: 'Excludes sale items & gift cards.',
    });
    expect(await offerNamed(FIXTURE, '491250')).toMatchObject({ title: '€50 off TVs from 55 inches', ends_at: null });
    expect(await offerNamed(FIXTURE, '494512')).toMatchObject({ kind: 'deal', title: '100 kr rabatt på pocketböcker' });
    const bare = mapTradedoublerJson({ ...ORBIT_VOUCHER, title: '', shortDescription: '' });
    expect(bare).toMatchObject({ ok: true, offer: { title: '20% off' } });
    const sek = { ...ORBIT_VOUCHER, title: '', isPercentage: false, discountAmount: 100, currencyId: 'SEK' };
    expect(mapTradedoublerJson(sek)).toMatchObject({ ok: true, offer: { title: '100 kr off' } });
  });

  it('reads voucherTypeId 4 as free shipping, the exclusive flag, and HTML as plain text', async () => {
    expect(await offerNamed(FIXTURE, '492140')).toMatchObject({
      kind: 'free-shipping',
      code: null,
      title: 'Free delivery on all orders',
    });
    expect(await offerNamed(FIXTURE, '495034')).toMatchObject({
      exclusive: true,
      description: 'Exclusive to our readers – all indoor plants.',
    });
    expect(await offerNamed(FIXTURE, '492118')).toMatchObject({
      description: 'Min. spend £50. Excludes sale items.',
    });
  });

  it('refuses a raffle and a voucher without a code; reads ISO dates too, and refuses impossible milliseconds', () => {
    expect(mapTradedoublerJson({ ...ORBIT_VOUCHER, voucherTypeId: 5 })).toEqual({
      ok: false,
      reason: 'a raffle (voucherTypeId 5) is not an offer',
    });
    expect(mapTradedoublerJson({ ...ORBIT_VOUCHER, code: ' ' })).toEqual({
      ok: false,
      reason: 'Tradedoubler lists it as a voucher (voucherTypeId 1) but gives no code',
    });
    const iso = { ...ORBIT_VOUCHER, startDate: '2026-10-01T00:00:00Z', endDate: '2030-12-31' };
    expect(mapTradedoublerJson(iso)).toMatchObject({
      ok: true,
      offer: { starts_at: '2026-10-01T00:00:00.000Z', ends_at: '2030-12-31T23:59:59.000Z' },
    });
    expect(mapTradedoublerJson({ ...ORBIT_VOUCHER, endDate: 1e20 })).toEqual({
      ok: false,
      reason: 'end date: 100000000000000000000 is not a time in epoch milliseconds from 1970 to 9999',
    });
  });

  it('refuses a document that is not a list of vouchers, and reads an empty list as no offers', async () => {
    const object = await failure('{"vouchers": [{"id": 1}]}');
    expect(object).toBeInstanceOf(FeedFormatError);
    expect(object?.message).toBe(
      'the document is an object, not a list of vouchers: this is not Tradedoubler vouchers JSON (the top level)',
    );
    expect(refusedOf(await read('[7]'))).toEqual([{ where: '[0]', reason: 'the voucher is not a JSON object' }]);
    expect(await read('[]')).toEqual([]);
  });

  it('refuses the voucher with a bad date and keeps the others', async () => {
    const bad = FIXTURE.replace(/("id": 497640,[\s\S]*?"startDate": )\d+/, '$1"05.12.2026"');
    const items = await read(bad);
    expect(offersOf(items)).toHaveLength(11);
    expect(refusedOf(items).at(-1)).toEqual({
      where: '[12]',
      reason: 'start date: "05.12.2026" is not a date (use YYYY-MM-DD or ISO 8601)',
    });
  });

  it('refuses a file cut short in the middle of a number, and text after the list', async () => {
    const cut = await failure(FIXTURE.slice(0, FIXTURE.indexOf('"endDate"', FIXTURE.indexOf('"id": 494077')) + 16));
    expect(cut).toBeInstanceOf(FeedFormatError);
    expect(cut?.message).toMatch(/^the JSON ends early \(.+\): the file is cut short \(\[5\]\)$/);
    const trailing = await failure(`${FIXTURE.trimEnd()}\n{"next": 2}`);
    expect(trailing?.message).toMatch(/^the JSON is not well-formed: /);
  });

  itStreams(readTradedoublerJson, 'voucher', { head: HEAD, item: voucher, tail: TAIL });
});

const ORBIT_VOUCHER: TradedoublerVoucher = {
  id: 491203,
  programId: 310457,
  programName: 'Orbit Electronics',
  code: 'ORBIT20',
  startDate: 1790812800000,
  endDate: 1924988399000,
  title: '20% off headphones',
  voucherTypeId: 1,
  defaultTrackUri: 'https://clk.tradedoubler.com/click?p=310457&a=3012345&g=24891203',
  landingUrl: 'https://orbit-electronics.example/headphones',
  discountAmount: 20,
  isPercentage: true,
  exclusive: false,
  currencyId: 'EUR',
};

function voucher(i: number): string {
  const v = {
    ...ORBIT_VOUCHER,
    id: i,
    code: `C${i}`,
    title: `${i % 90}% off`,
    description: filler(1200, i),
    defaultTrackUri: `https://clk.tradedoubler.com/click?p=310457&a=3012345&g=${i}`,
  };
  return listElement(i, v);
}
