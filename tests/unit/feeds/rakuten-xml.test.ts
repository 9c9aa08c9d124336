import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { readRakutenXml } from '../../../src/server/feeds/readers/rakuten-xml';
import {
  countWatchingHeap,
  filler,
  fixtureText,
  generatedFeed,
  offersOf,
  readAll,
  refusedOf,
  streamOf,
} from './text-feed-helpers';

// Issue 30: Rakuten's Coupon Web Service XML read through its reader (tests/fixtures/feeds/README.md says what the
// fixture holds).

const FIXTURE = fixtureText('rakuten-xml.xml');
const read = (text: string, size?: number) => readAll(readRakutenXml, streamOf(text, size));
const failure = (text: string) =>
  read(text).then(
    () => null,
    (err: unknown) => err as FeedFormatError,
  );
const offerCoded = async (text: string, code: string) => offersOf(await read(text)).find((o) => o.code === code);

describe('Rakuten Coupon Web Service XML', () => {
  it('reads the fixture: 13 offers, and the 2 refused links with where they are and why', async () => {
    const items = await read(FIXTURE);
    expect(items).toHaveLength(15);
    const kinds = offersOf(items).map((o) => o.kind);
    expect(['code', 'deal', 'free-shipping'].map((k) => kinds.filter((x) => x === k).length)).toEqual([7, 5, 1]);
    expect(refusedOf(items)).toEqual([
      { where: '<link> #14 (line 246)', reason: 'the tracking link is missing or not an absolute http(s) URL' },
      { where: '<link> #15 (line 264)', reason: 'the end date is before the start date' },
    ]);
  });

  it('maps the shared coupon ORBIT20 field by field: day dates, the end lasting the whole day', async () => {
    expect(await offerCoded(FIXTURE, 'ORBIT20')).toEqual({
      offer_id: '44712:ORBIT20:2026-11-01:7837e580',
      advertiser_id: '44712',
      advertiser_name: 'Orbit Electronics',
      advertiser_site: null,
      kind: 'code',
      code: 'ORBIT20',
      title: '20% off headphones',
      description: '20% off headphones Restrictions: Excludes refurbished stock.',
      starts_at: '2026-11-01T00:00:00.000Z',
      ends_at: '2030-12-31T23:59:59.000Z',
      tracking_url: 'https://click.linksynergy.com/fs-bin/click?id=Xq8aB3cD9eF&offerid=1187712.10003521&type=3&subid=0',
      landing_url: null,
      exclusive: false,
      categories: ['Electronics'],
    });
  });

  it('reads a Free Shipping promotion type with code N/A as free shipping without a code', async () => {
    const offer = offersOf(await read(FIXTURE)).find((o) => o.kind === 'free-shipping');
    expect(offer).toMatchObject({
      advertiser_name: 'Marigold Beauty',
      code: null,
      title: 'Free shipping on orders over $35',
      offer_id: '45120::2026-10-01:2e09eb0f',
    });
  });

  it('makes CDATA, HTML and entities plain text, keeps every category and ignores unknown elements', async () => {
    expect(await offerCoded(FIXTURE, 'MARI15')).toMatchObject({
      title: '15% off all fragrance & body mist',
      categories: ['Beauty', 'Fragrance'],
    });
    expect((await offerCoded(FIXTURE, 'BLOOMFREE'))?.title).toBe("Free shipping on Mother's Day bouquets");
    expect((await offerCoded(FIXTURE, 'QG12'))?.title).toBe('12% off smart watches');
    expect(await offerCoded(FIXTURE, 'VV10')).toMatchObject({ categories: ['Health & Beauty', 'Vitamins'] });
  });

  it('gives each deal its own id, the same on every read, one that survives a reworded coupon', async () => {
    const ids = offersOf(await read(FIXTURE)).map((o) => o.offer_id);
    expect(new Set(ids).size).toBe(13);
    expect(offersOf(await read(FIXTURE, 7)).map((o) => o.offer_id)).toEqual(ids);
    const cedar = ids.filter((id) => id.startsWith('46033::2026-11-01:'));
    expect(cedar).toHaveLength(2);
    const reworded = FIXTURE.replace('20% off headphones', '20% off all headphones');
    expect((await offerCoded(reworded, 'ORBIT20'))?.offer_id).toBe('44712:ORBIT20:2026-11-01:7837e580');
  });

  it('refuses a document under another root element, naming it', async () => {
    const fault =
      '<?xml version="1.0"?>\n<ams:fault xmlns:ams="http://wso2.org/apimanager/security">\n' +
      '<ams:code>900901</ams:code><ams:message>Invalid Credentials</ams:message></ams:fault>';
    const err = await failure(fault);
    expect(err).toBeInstanceOf(FeedFormatError);
    expect(err?.message).toContain('the root element is <ams:fault>, not <couponfeed>');
    expect(err?.where).toBe('line 2');
    expect(await read('<couponfeed><TotalMatches>0</TotalMatches></couponfeed>')).toEqual([]);
  });

  it('refuses the link with a bad date and keeps the others', async () => {
    const items = await read(
      FIXTURE.replace('<offerenddate>2030-10-15</offerenddate>', '<offerenddate>2030-10-32</offerenddate>'),
    );
    expect(offersOf(items)).toHaveLength(12);
    expect(refusedOf(items)[0]).toEqual({
      where: '<link> #10 (line 170)',
      reason: 'end date: "2030-10-32" is not a calendar date',
    });
  });

  it('refuses a file cut short and an empty one', async () => {
    const cut = await failure(FIXTURE.slice(0, FIXTURE.lastIndexOf('<advertisername>')));
    expect(cut).toBeInstanceOf(FeedFormatError);
    expect(cut?.message).toMatch(/^the XML ends before <\/link>: the file is cut short/);
    expect((await failure(''))?.message).toMatch(/holds no XML element/);
  });

  it('pulls links as they are read: stopping early leaves the rest unread', async () => {
    const { input, produced } = generatedFeed({ head: HEAD, record: rakutenLink, tail: TAIL, records: 50_000 });
    let seen = 0;
    for await (const item of readRakutenXml(input)) {
      expect(item.ok).toBe(true);
      if (++seen === 10) break;
    }
    expect(produced.records).toBeLessThan(500);
    expect(input.destroyed).toBe(true);
  });

  it('streams 50,000 links (~75 MB) without holding them: the heap grows by far less than the file', async () => {
    // Kept whole, these links or their offers take ~100 MB of heap; streamed, under 20 MB (measured).
    const { input } = generatedFeed({ head: HEAD, record: rakutenLink, tail: TAIL, records: 50_000 });
    const { count, offers, growthMb } = await countWatchingHeap(readRakutenXml(input));
    expect([count, offers]).toEqual([50_000, 50_000]);
    expect(growthMb).toBeLessThan(60);
  }, 120_000);
});

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<couponfeed>\n<TotalMatches>50000</TotalMatches>\n';
const TAIL = '</couponfeed>\n';

function rakutenLink(i: number): string {
  return `<link type="TEXT">
  <categories><category id="5">Electronics</category></categories>
  <promotiontypes><promotiontype id="11">Percentage off</promotiontype></promotiontypes>
  <offerdescription>${filler(1200, i)}</offerdescription>
  <offerstartdate>2026-11-01</offerstartdate><offerenddate>2030-12-31</offerenddate>
  <couponcode>C${i}</couponcode><couponrestriction>One per customer.</couponrestriction>
  <clickurl>https://click.linksynergy.com/fs-bin/click?id=Xq8aB3cD9eF&amp;offerid=1187712.${i}&amp;type=3</clickurl>
  <advertiserid>44712</advertiserid><advertisername>Orbit Electronics</advertisername>
  <network id="1">US Network</network>
</link>
`;
}
