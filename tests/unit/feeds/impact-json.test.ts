import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { readImpactJson } from '../../../src/server/feeds/readers/impact-json';
import { mapImpactJson, type ImpactAd } from '../../../src/shared/feeds/impact-json';
import { itStreams, listElement, readsWith } from './json-feed-checks';
import { filler, fixtureText, offersOf, refusedOf } from './text-feed-helpers';

// Issue 30: Impact's Ads list read through its reader (tests/fixtures/feeds/README.md says what the fixture holds).

const FIXTURE = fixtureText('impact-json.json');
const { read, failure, offerNamed } = readsWith(readImpactJson);

const HEAD = '{"@page": "1", "@numpages": "1", "@pagesize": "50000", "@total": "50000", "Ads": [\n';
const TAIL = '\n], "@nextpageuri": ""}\n';

describe('Impact Ads JSON', () => {
  it('reads the fixture: 14 offers, 2 refused ads with where and why, banners and text links skipped', async () => {
    const items = await read(FIXTURE);
    expect(items).toHaveLength(16);
    expect(offersOf(items).map((o) => o.kind)).toEqual([
      ...['code', 'deal', 'free-shipping', 'code', 'code', 'code', 'deal', 'code', 'code', 'free-shipping', 'code'],
      ...['code', 'deal', 'code'],
    ]);
    expect(refusedOf(items)).toEqual([
      { where: 'Ads[13]', reason: 'the tracking link is missing or not an absolute http(s) URL' },
      { where: 'Ads[15]', reason: 'end date: "2031-02-30T23:59:59-08:00" is not a calendar date' },
    ]);
    expect(items.map((i) => i.where)).not.toContain('Ads[1]');
    expect(items.map((i) => i.where)).not.toContain('Ads[7]');
  });

  it('maps the shared coupon ORBIT20 field by field, its offsets read into UTC', async () => {
    expect(await offerNamed(FIXTURE, '1587441')).toEqual({
      offer_id: '1587441',
      advertiser_id: '16521',
      advertiser_name: 'Orbit Electronics',
      advertiser_site: 'https://orbit-electronics.example/',
      kind: 'code',
      code: 'ORBIT20',
      title: '20% off headphones',
      description: 'Take 20% off over-ear & in-ear headphones with code ORBIT20.',
      starts_at: '2026-10-01T07:00:00.000Z',
      ends_at: '2031-01-01T07:59:59.000Z',
      tracking_url: 'https://orbit-electronics.sjv.io/c/3318270/1587441/16521',
      landing_url: 'https://orbit-electronics.example/headphones',
      exclusive: false,
      categories: ['Electronics'],
    });
  });

  it('names the store by its program, not the account behind it, and reads DealPublic false as exclusive', async () => {
    expect(await offerNamed(FIXTURE, '1590027')).toMatchObject({
      advertiser_id: '14872',
      advertiser_name: 'Northwind Outfitters',
      code: 'NORTH15',
      exclusive: true,
      description: "Take 15% off jackets & parkas. Exclusive to our partners' readers.",
      categories: ['Fashion', 'Outerwear'],
    });
  });

  it("says the deal's discount when the ad has no Name, and reads free shipping from the DealType", async () => {
    const offers = offersOf(await read(FIXTURE));
    const titleOf = (id: string) => offers.find((o) => o.offer_id === id)?.title;
    expect(titleOf('1587519')).toBe('$50 off orders over $300');
    expect(titleOf('1593360')).toBe('Up to 40% off');
    expect(titleOf('1600218')).toBe('10–20% off');
    expect(await offerNamed(FIXTURE, '1587519')).toMatchObject({
      kind: 'deal',
      description: 'Big-screen TVs & soundbars: save $50 when you spend $300.',
      ends_at: null,
    });
    expect(await offerNamed(FIXTURE, '1596123')).toMatchObject({
      kind: 'free-shipping',
      code: null,
      title: 'Free delivery on every book order',
    });
    expect(await offerNamed(FIXTURE, '1597230')).toMatchObject({ code: 'PAWS5' });
  });

  it('refuses an ad without a Type, a deal Impact marks EXPIRED or PENDING, and keeps the advertiser fallbacks apart', () => {
    const ad: ImpactAd = {
      Id: '1',
      Type: 'COUPON',
      Name: 'Save 10%',
      CampaignId: '',
      AdvertiserId: '2204871',
      AdvertiserName: 'Orbit Electronics Inc.',
      TrackingLink: 'https://orbit-electronics.sjv.io/c/3318270/1/16521',
    };
    expect(mapImpactJson({ ...ad, Type: '' })).toEqual({
      ok: false,
      reason: 'the ad has no Type (Impact gives COUPON, TEXT_LINK or BANNER)',
    });
    expect(mapImpactJson({ ...ad, DealState: 'EXPIRED' })).toEqual({
      ok: false,
      reason: "Impact marks the ad's deal EXPIRED",
    });
    expect(mapImpactJson({ ...ad, DealState: 'PENDING' })).toMatchObject({ ok: false });
    expect(mapImpactJson(ad)).toMatchObject({
      ok: true,
      offer: { advertiser_id: 'advertiser:2204871', advertiser_name: 'Orbit Electronics Inc.' },
    });
    expect(mapImpactJson({ ...ad, AdvertiserId: '' })).toMatchObject({
      ok: true,
      offer: { advertiser_id: 'name:Orbit Electronics Inc.' },
    });
  });

  it('reads a record with no Type as refused, not skipped, so a change at Impact shows', async () => {
    const doc = JSON.stringify({ Ads: [{ Id: '9', Name: 'x', TrackingLink: 'https://a.example/' }, 'oops'] });
    expect(refusedOf(await read(doc))).toEqual([
      { where: 'Ads[0]', reason: 'the ad has no Type (Impact gives COUPON, TEXT_LINK or BANNER)' },
      { where: 'Ads[1]', reason: 'the ad is not a JSON object' },
    ]);
  });

  it('refuses a document of another shape, naming what it found, and reads an empty list as no offers', async () => {
    const list = await failure('[{"Id": "1"}]');
    expect(list).toBeInstanceOf(FeedFormatError);
    expect(list?.message).toBe(
      'the document is a list, not an object holding "Ads": this is not Impact Ads JSON (the top level)',
    );
    expect((await failure('{"@page": "1", "Ads": {"Id": "1"}}'))?.message).toContain(
      '"Ads" is an object, not a list of ads',
    );
    const error = await failure('{"Status": "ERROR", "Message": "Access is denied"}');
    expect(error?.message).toBe(
      'the document has no "Ads" list: this is not Impact Ads JSON; the network answered with an error: "Access is denied"',
    );
    expect(await read('{"@page": "1", "@numpages": "0", "@total": "0", "Ads": []}')).toEqual([]);
  });

  it('refuses the ad with a bad date and keeps the others', async () => {
    const items = await read(FIXTURE.replace('"2030-03-31T23:59:59-04:00"', '"31/03/2030"'));
    expect(offersOf(items)).toHaveLength(13);
    expect(refusedOf(items)[0]).toEqual({
      where: 'Ads[4]',
      reason: 'end date: "31/03/2030" is not a date (use YYYY-MM-DD or ISO 8601)',
    });
  });

  it('refuses a file cut short, saying in which ad, and JSON that is not well-formed', async () => {
    const cut = await failure(FIXTURE.slice(0, FIXTURE.indexOf('"Id": "1594412"') + 10));
    expect(cut).toBeInstanceOf(FeedFormatError);
    expect(cut?.message).toMatch(/^the JSON ends early \(.+\): the file is cut short \(Ads\[9\]\)$/);
    const broken = await failure(FIXTURE.replace('"Name": "30% off tents",', '"Name": "30% off tents" "x",'));
    expect(broken?.message).toMatch(/^the JSON is not well-formed: expected ','/);
    expect((await failure(''))?.message).toBe('the file holds no JSON (is it empty?)');
  });

  itStreams(readImpactJson, 'ad', { head: HEAD, item: impactAd, tail: TAIL });
});

function impactAd(i: number): string {
  const ad = {
    Id: String(i),
    Name: `${i % 90}% off`,
    Description: filler(1200, i),
    CampaignId: '16521',
    CampaignName: 'Orbit Electronics',
    Type: 'COUPON',
    TrackingLink: `https://orbit-electronics.sjv.io/c/3318270/${i}/16521`,
    LandingPageUrl: `https://orbit-electronics.example/p/${i}`,
    StartDate: '2026-10-01T00:00:00-07:00',
    EndDate: '2030-12-31T23:59:59-08:00',
    DealState: 'ACTIVE',
    DealDefaultPromoCode: `C${i}`,
  };
  return listElement(i, ad);
}
