import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { readCjXml } from '../../../src/server/feeds/readers/cj-xml';
import { mapCjXml } from '../../../src/shared/feeds/cj-xml';
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

// Issue 30: CJ's Link Search XML read through its reader (tests/fixtures/feeds/README.md says what the fixture holds).

const FIXTURE = fixtureText('cj-xml.xml');
const read = (text: string, size?: number) => readAll(readCjXml, streamOf(text, size));
const failure = (text: string) =>
  read(text).then(
    () => null,
    (err: unknown) => err as FeedFormatError,
  );
const offerNamed = async (text: string, id: string) => offersOf(await read(text)).find((o) => o.offer_id === id);

describe('CJ Link Search XML', () => {
  it('reads the fixture: 13 offers, and the 2 refused links with where they are and why', async () => {
    const items = await read(FIXTURE);
    expect(items).toHaveLength(15);
    expect(offersOf(items).map((o) => o.kind)).toEqual([
      ...['code', 'free-shipping', 'code', 'deal', 'code', 'deal', 'code', 'code', 'free-shipping', 'code', 'deal'],
      ...['code', 'deal'],
    ]);
    expect(refusedOf(items)).toEqual([
      {
        where: '<link> #13 (line 333)',
        reason: 'the promotion-type "sweepstakes" is not a coupon, sale/discount or free shipping',
      },
      { where: '<link> #14 (line 360)', reason: 'end date: "2031-02-30 23:59:59.0" is not a calendar date' },
    ]);
  });

  it('maps the shared coupon ORBIT20 field by field, its dates read as UTC', async () => {
    expect(await offerNamed(FIXTURE, '15234001')).toEqual({
      offer_id: '15234001',
      advertiser_id: '4512870',
      advertiser_name: 'Orbit Electronics',
      advertiser_site: 'https://orbit-electronics.example/',
      kind: 'code',
      code: 'ORBIT20',
      title: '20% off headphones',
      description: 'Take 20% off over-ear & in-ear headphones with code ORBIT20.',
      starts_at: '2026-10-01T00:00:00.000Z',
      ends_at: '2031-01-31T23:59:59.000Z',
      tracking_url: 'https://www.anrdoezrs.net/click-9187654-15234001-1793577600000',
      landing_url: 'https://orbit-electronics.example/headphones',
      exclusive: false,
      categories: ['Electronics'],
    });
  });

  it('reads free shipping, dates with an offset, CDATA with HTML and entities', async () => {
    expect(await offerNamed(FIXTURE, '15234002')).toMatchObject({
      kind: 'free-shipping',
      code: null,
      title: 'Free shipping on every order',
      description: 'Free standard shipping on every order — no minimum.',
      starts_at: '2026-11-01T08:00:00.000Z',
      ends_at: '2031-07-01T06:59:59.000Z',
    });
    expect(await offerNamed(FIXTURE, '15250331')).toMatchObject({
      description: 'Up to 60% off patio sets & loungers – end-of-season clearance.',
      categories: ['Home & Garden'],
    });
  });

  it('ignores elements it does not read, raw markup in link-code-html included; an empty end date is none', async () => {
    expect(await offerNamed(FIXTURE, '15241207')).toMatchObject({
      kind: 'deal',
      title: 'Bookshelf speakers from $99',
      ends_at: null,
    });
    const extra = FIXTURE.replace(
      '<category>Toys</category>',
      '<category>Toys</category><x-new a="1"><y>?</y></x-new>',
    );
    expect(offersOf(await read(extra, 13))).toEqual(offersOf(await read(FIXTURE)));
  });

  it('refuses a document under another root element, or a CJ answer with no <links>', async () => {
    const other = await failure('<?xml version="1.0"?>\n<couponfeed><link/></couponfeed>');
    expect(other).toBeInstanceOf(FeedFormatError);
    expect(other?.message).toContain('the root element is <couponfeed>, not <cj-api>');
    expect(other?.where).toBe('line 2');
    const error = await failure(
      '<cj-api>\n  <error-message>Not Authenticated: invalid token</error-message>\n</cj-api>',
    );
    expect(error?.message).toContain('the network answered with an error: "Not Authenticated: invalid token"');
    expect((await failure('<cj-api></cj-api>'))?.message).toContain('the feed has no <links> element');
    expect(offersOf(await read('<cj-api><links total-matched="0"></links></cj-api>'))).toEqual([]);
  });

  it('refuses the link with a bad date and keeps the others', async () => {
    const items = await read(FIXTURE.replace('2026-10-15 00:00:00.0', '15/10/2026'));
    expect(offersOf(items)).toHaveLength(12);
    expect(refusedOf(items)[0]).toEqual({
      where: '<link> #3 (line 59)',
      reason: 'start date: "15/10/2026" is not a date (use YYYY-MM-DD or ISO 8601)',
    });
  });

  it('refuses a file cut short, and XML that is not well-formed, saying where', async () => {
    const cut = await failure(FIXTURE.slice(0, FIXTURE.indexOf('<link-id>15290012') + 5));
    expect(cut).toBeInstanceOf(FeedFormatError);
    expect(cut?.message).toMatch(/^the XML ends before <\/[a-z-]+>: the file is cut short/);
    const broken = await failure(
      FIXTURE.replace('off round-trip fares</link-name>', 'off fares & more; book now</link-name>'),
    );
    expect(broken).toBeInstanceOf(FeedFormatError);
    expect(broken?.message).toMatch(/^the XML is not well-formed: .*entity.* must be written &amp; \(line 264/);
    expect(broken?.where).toMatch(/^line 264, column \d+$/);
  });

  it('refuses links that are not offers or that earn nothing, and reads a code whatever the type', () => {
    const link = { 'link-id': '1', 'advertiser-id': '2', 'link-name': 'Shop now', clickUrl: 'https://x.example/c' };
    expect(mapCjXml({ ...link, 'promotion-type': 'N/A' })).toEqual({
      ok: false,
      reason: 'the link is not a promotion: no promotion-type and no coupon-code',
    });
    expect(mapCjXml({ ...link, 'promotion-type': 'coupon', 'relationship-status': 'notjoined' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not joined'),
    });
    expect(mapCjXml({ ...link, 'promotion-type': 'product', 'coupon-code': 'SAVE5' })).toMatchObject({
      ok: true,
      offer: { kind: 'code', code: 'SAVE5' },
    });
  });

  it('pulls links as they are read: stopping early leaves the rest unread', async () => {
    const { input, produced } = generatedFeed({ head: HEAD, record: cjLink, tail: TAIL, records: 50_000 });
    let seen = 0;
    for await (const item of readCjXml(input)) {
      expect(item.ok).toBe(true);
      if (++seen === 10) break;
    }
    expect(produced.records).toBeLessThan(500);
    expect(input.destroyed).toBe(true);
  });

  it('streams 50,000 links (~70 MB) without holding them: the heap grows by far less than the file', async () => {
    // Kept whole, these links or their offers take ~100 MB of heap; streamed, under 20 MB (measured).
    const { input } = generatedFeed({ head: HEAD, record: cjLink, tail: TAIL, records: 50_000 });
    const { count, offers, growthMb } = await countWatchingHeap(readCjXml(input));
    expect([count, offers]).toEqual([50_000, 50_000]);
    expect(growthMb).toBeLessThan(60);
  }, 120_000);
});

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<cj-api>\n<links total-matched="50000" records-returned="50000">\n';
const TAIL = '</links>\n</cj-api>\n';

function cjLink(i: number): string {
  return `<link>
  <advertiser-id>4512870</advertiser-id><advertiser-name>Orbit Electronics</advertiser-name>
  <link-id>${i}</link-id><link-name>${i % 90}% off</link-name>
  <description><![CDATA[${filler(1200, i)}]]></description>
  <destination>https://orbit-electronics.example/p/${i}</destination>
  <promotion-type>coupon</promotion-type><coupon-code>C${i}</coupon-code>
  <promotion-start-date>2026-10-01 00:00:00.0</promotion-start-date>
  <promotion-end-date>2031-01-31 23:59:59.0</promotion-end-date>
  <clickUrl>https://www.anrdoezrs.net/click-9187654-${i}</clickUrl>
</link>
`;
}
