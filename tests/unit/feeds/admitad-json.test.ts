import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { readAdmitadJson } from '../../../src/server/feeds/readers/admitad-json';
import { mapAdmitadJson, type AdmitadCoupon } from '../../../src/shared/feeds/admitad-json';
import { itStreams, listElement, readsWith } from './json-feed-checks';
import { filler, fixtureText, offersOf, refusedOf } from './text-feed-helpers';

// Issue 30: Admitad's coupons answer read through its reader (tests/fixtures/feeds/README.md says what the fixture
// holds).

const FIXTURE = fixtureText('admitad-json.json');
const { read, failure, offerNamed } = readsWith(readAdmitadJson);

const HEAD = '{"results": [\n';
const TAIL = '\n], "_meta": {"count": 50000, "limit": 50000, "offset": 0}}\n';

const LUMEN_COUPON: AdmitadCoupon = {
  id: 1,
  name: '5% off',
  species: 'promocode',
  promocode: 'FIVE',
  status: 'active',
  campaign: { id: 7, name: 'Lumen Lane', site_url: 'https://lumen-lane.example/' },
  goto_link: 'https://ad.admitad.com/g/abc/?i=3',
};

describe('Admitad coupons JSON', () => {
  it('reads the fixture: 13 offers, and the 2 refused coupons with where they are and why', async () => {
    const items = await read(FIXTURE);
    expect(items).toHaveLength(15);
    expect(offersOf(items).map((o) => o.kind)).toEqual([
      ...['code', 'deal', 'code', 'free-shipping', 'code', 'deal', 'code', 'deal', 'code', 'free-shipping', 'code'],
      ...['deal', 'code'],
    ]);
    expect(refusedOf(items)).toEqual([
      { where: 'results[9]', reason: 'Admitad lists it as a promocode but gives no code' },
      { where: 'results[10]', reason: 'end date: "2031-02-29 23:59:59" is not a calendar date' },
    ]);
  });

  it('maps the shared promocode ORBIT20 field by field, its program as the advertiser', async () => {
    expect(await offerNamed(FIXTURE, '1284511')).toEqual({
      offer_id: '1284511',
      advertiser_id: '21753',
      advertiser_name: 'Orbit Electronics',
      advertiser_site: 'https://orbit-electronics.example/',
      kind: 'code',
      code: 'ORBIT20',
      title: '20% off headphones',
      description: 'Take 20% off over-ear & in-ear headphones with code ORBIT20.',
      starts_at: '2026-10-01T00:00:00.000Z',
      ends_at: '2030-12-31T23:59:59.000Z',
      tracking_url: 'https://ad.admitad.com/g/3e86ecb2af580e1a8cbcb3e5879cb3/?i=3',
      landing_url: null,
      exclusive: false,
      categories: ['Electronics'],
    });
  });

  it('reads actions as deals (their "Не нужен" is no code), free-shipping types, null and ISO-T end dates', async () => {
    expect(await offerNamed(FIXTURE, '1284530')).toMatchObject({ kind: 'deal', code: null, ends_at: null });
    expect(await offerNamed(FIXTURE, '1302930')).toMatchObject({ kind: 'deal', code: null });
    expect(await offerNamed(FIXTURE, '1300218')).toMatchObject({
      kind: 'free-shipping',
      title: 'Free delivery over €40',
    });
    expect(await offerNamed(FIXTURE, '1301775')).toMatchObject({
      code: 'NOVA-15',
      starts_at: '2026-12-01T00:00:00.000Z',
      ends_at: '2030-12-01T23:59:00.000Z',
    });
  });

  it('makes HTML plain text, builds a title from the discount when the coupon has no name, keeps Cyrillic', async () => {
    expect(await offerNamed(FIXTURE, '1290077')).toMatchObject({
      description: 'Valid on all skincare & serums. One use per customer.',
      exclusive: true,
    });
    expect(await offerNamed(FIXTURE, '1296644')).toMatchObject({ description: 'Floor & desk lamps Pendants' });
    expect(await offerNamed(FIXTURE, '1291840')).toMatchObject({ title: '€10 off', code: 'BLOOM10' });
    expect((await offerNamed(FIXTURE, '1295012'))?.title).toBe('Скидка 500 ₽ на первый заказ от 3500 ₽');
  });

  it('refuses a species or status Admitad does not publish as an offer', () => {
    const coupon = LUMEN_COUPON;
    expect(mapAdmitadJson(coupon)).toMatchObject({ ok: true, offer: { code: 'FIVE', advertiser_id: '7' } });
    expect(mapAdmitadJson({ ...coupon, species: 'cashback' })).toEqual({
      ok: false,
      reason: 'the species "cashback" is not one Admitad uses (promocode or action)',
    });
    expect(mapAdmitadJson({ ...coupon, status: 'disabled' })).toEqual({
      ok: false,
      reason: 'Admitad marks the coupon "disabled"',
    });
  });

  it("says Admitad's discount text as a headline when a coupon has no name", () => {
    const titleOf = (discount: string) => {
      const result = mapAdmitadJson({ ...LUMEN_COUPON, name: '', discount });
      return result.ok ? result.offer.title : result.reason;
    };
    expect(['500 RUB', '500 ₽', '12,5 %', 'up to 50%'].map(titleOf)).toEqual([
      '500 ₽ off',
      '500 ₽ off',
      '12.5% off',
      'up to 50%',
    ]);
  });

  it('refuses a document of another shape, or an OAuth error in place of results', async () => {
    const other = await failure('[{"id": 1}]');
    expect(other).toBeInstanceOf(FeedFormatError);
    expect(other?.message).toContain('the document is a list, not an object holding "results"');
    expect((await failure('{"results": "none", "_meta": {}}'))?.message).toContain(
      '"results" is text, not a list of coupons',
    );
    expect(
      (await failure('{"error": "invalid_token", "error_description": "The access token is invalid"}'))?.message,
    ).toBe(
      'the document has no "results" list: this is not Admitad coupons JSON; the network answered with an error: ' +
        '"The access token is invalid"',
    );
    expect(await read('{"_meta": {"count": 0, "limit": 500, "offset": 0}, "results": []}')).toEqual([]);
  });

  it('refuses the coupon with a bad date and keeps the others', async () => {
    const items = await read(FIXTURE.replace('"2026-10-15 00:00:00"', '"15.10.2026"'));
    expect(offersOf(items)).toHaveLength(12);
    expect(refusedOf(items).at(-1)).toEqual({
      where: 'results[14]',
      reason: 'start date: "15.10.2026" is not a date (use YYYY-MM-DD or ISO 8601)',
    });
  });

  it('refuses a file cut short inside a Cyrillic name, and one whose list never closes', async () => {
    const cut = await failure(FIXTURE.slice(0, FIXTURE.indexOf('на первый заказ')));
    expect(cut).toBeInstanceOf(FeedFormatError);
    expect(cut?.message).toMatch(/^the JSON ends early \(.+\): the file is cut short \(results\[6\]\)$/);
    const open = await failure(FIXTURE.slice(0, FIXTURE.lastIndexOf(']')));
    expect(open?.message).toMatch(/cut short \(after results\[14\]\)$/);
  });

  itStreams(readAdmitadJson, 'coupon', { head: HEAD, item: admitadCoupon, tail: TAIL });
});

function admitadCoupon(i: number): string {
  const coupon = {
    status: 'active',
    campaign: { id: 22018, name: 'Marigold Beauty', site_url: 'https://marigold-beauty.example/' },
    description: filler(1200, i),
    exclusive: false,
    date_end: '2030-12-31 23:59:59',
    date_start: '2026-10-01 00:00:00',
    id: i,
    regions: ['US', 'GB'],
    discount: `${i % 90}%`,
    types: [{ id: 2, name: 'Discount on an order' }],
    species: 'promocode',
    categories: [{ id: 9, name: 'Beauty' }],
    name: `${i % 90}% off`,
    promocode: `C${i}`,
    goto_link: `https://ad.admitad.com/g/${i.toString(16)}/?i=3`,
  };
  return listElement(i, coupon);
}
