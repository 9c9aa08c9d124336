import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { readAwinCsv } from '../../../src/server/feeds/readers/awin-csv';
import { mapAwinCsv } from '../../../src/shared/feeds/awin-csv';
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

// Issue 30: Awin's voucher CSV read through its reader (tests/fixtures/feeds/README.md says what the fixture holds).

const FIXTURE = fixtureText('awin-csv.csv');
const HEADER = FIXTURE.slice(0, FIXTURE.indexOf('\n') + 1);
const read = (text: string, size?: number) => readAll(readAwinCsv, streamOf(text, size));
const failure = (text: string) =>
  read(text).then(
    () => null,
    (err: unknown) => err,
  );
const offerNamed = async (text: string, id: string) => offersOf(await read(text)).find((o) => o.offer_id === id);

describe('Awin voucher CSV', () => {
  it('reads the fixture: 14 offers, and the 2 refused rows with their line and reason', async () => {
    const items = await read(FIXTURE);
    expect(items).toHaveLength(16);
    expect(offersOf(items)).toHaveLength(14);
    expect(refusedOf(items)).toEqual([
      { where: 'line 16', reason: 'end date: "31/02/2031 23:59:59" is not a calendar date' },
      { where: 'line 17', reason: 'the tracking link is missing or not an absolute http(s) URL' },
    ]);
    const kinds = offersOf(items).map((o) => o.kind);
    expect([kinds.filter((k) => k === 'code'), kinds.filter((k) => k === 'deal')].map((k) => k.length)).toEqual([8, 4]);
  });

  it('maps the shared voucher ORBIT20 field by field, dates in UK order read as UTC', async () => {
    expect(await offerNamed(FIXTURE, '1843210')).toEqual({
      offer_id: '1843210',
      advertiser_id: '10502',
      advertiser_name: 'Orbit Electronics',
      advertiser_site: 'https://orbit-electronics.example/',
      kind: 'code',
      code: 'ORBIT20',
      title: '20% off headphones',
      description:
        'Take 20% off over-ear & in-ear headphones from Orbit Electronics. Terms: Excludes refurbished stock.',
      starts_at: '2026-10-01T00:00:00.000Z',
      ends_at: '2031-01-31T23:59:59.000Z',
      tracking_url:
        'https://www.awin1.com/cread.php?awinmid=10502&awinaffid=812345&ued=https%3A%2F%2Forbit-electronics.example%2Fheadphones',
      landing_url: 'https://orbit-electronics.example/headphones',
      exclusive: false,
      categories: ['Electronics'],
    });
  });

  it('maps a Promotion titled "Free delivery…" as free shipping, with its categories and no code', async () => {
    const offer = await offerNamed(FIXTURE, '1843202');
    expect(offer).toMatchObject({
      kind: 'free-shipping',
      code: null,
      title: 'Free delivery on orders over £50',
      description: 'Free standard delivery on every order over £50 – no code needed.',
      starts_at: '2026-09-15T09:00:00.000Z',
      ends_at: '2031-03-31T23:59:00.000Z',
      categories: ['Fashion', 'Clothing & Accessories'],
    });
  });

  it('makes HTML and entities plain text, and reads escaped ampersands in links', async () => {
    const offers = offersOf(await read(FIXTURE));
    const byId = new Map(offers.map((o) => [o.offer_id, o]));
    expect(byId.get('1843201')?.description).toBe(
      'Save 15% on all jackets & coats, including waterproofs. Terms: Excludes sale items. One use per customer.',
    );
    expect(byId.get('1843211')?.description).toBe('Save up to £300 on selected laptops while stocks last.');
    expect(byId.get('1843260')?.description).toBe('Mix and match any paperbacks Cheapest one free');
    expect(byId.get('1843270')).toMatchObject({
      exclusive: true,
      tracking_url: expect.stringContaining('&awinaffid='),
    });
    expect(byId.get('1843270')?.tracking_url).not.toContain('&amp;');
    for (const offer of offers) expect(`${offer.title} ${offer.description}`).not.toMatch(/<[a-z/]|&[a-z]+;/i);
  });

  it('counts lines as the file has them: a quoted field over two lines, an end date without a time', async () => {
    const items = await read(FIXTURE);
    expect(items.find((i) => i.ok && i.offer.code === 'LUMEN25')?.where).toBe('line 8');
    expect(await offerNamed(FIXTURE, '1843215')).toMatchObject({
      description: expect.stringContaining('spend £60 or more. One use per customer'),
      ends_at: '2030-12-31T23:59:59.000Z',
      exclusive: true,
    });
    expect((await offerNamed(FIXTURE, '1843300'))?.code).toBe('JUNIPER20');
  });

  it('tolerates a byte-order mark, spaces and other capitals in the header, and CRLF line ends', async () => {
    const header = HEADER.replace(/","/g, '", "').replace('Promotion ID', 'PROMOTION ID');
    const text = `\ufeff${header}${FIXTURE.slice(HEADER.length)}`.replace(/\n/g, '\r\n');
    const items = await read(text, 5);
    expect(offersOf(items)).toHaveLength(14);
    expect(refusedOf(items).map((r) => r.where)).toEqual(['line 16', 'line 17']);
  });

  it('refuses a file whose header lacks a required column, naming it', async () => {
    const err = await failure(FIXTURE.replace('"Deeplink Tracking"', '"Tracking Link"'));
    expect(err).toBeInstanceOf(FeedFormatError);
    expect((err as FeedFormatError).message).toContain('"Deeplink Tracking"');
    expect((err as FeedFormatError).where).toBe('line 1');
    expect(await failure('')).toMatchObject({ name: 'FeedFormatError', message: expect.stringContaining('empty') });
  });

  it('refuses the row with a bad date and keeps the others', async () => {
    const items = await read(FIXTURE.replace('"05/10/2026 00:00:00"', '"2026/10/05"'));
    expect(offersOf(items)).toHaveLength(13);
    expect(refusedOf(items)[0]).toEqual({
      where: 'line 8',
      reason: 'start date: "2026/10/05" is not an Awin date (dd/mm/yyyy HH:MM:SS)',
    });
  });

  it('refuses a row with fewer fields than the header, and an unknown Type or a voucher without a code', async () => {
    const text = `${HEADER}"1","Lumen Lane","10533","Voucher","X"\n"2","Lumen Lane","10533","Cashback","","Back"\n`;
    const items = await read(text.replace('"Back"\n', `"Back"${',""'.repeat(13)}\n`));
    expect(refusedOf(items)).toEqual([
      { where: 'line 2', reason: 'the row has 5 fields where the header has 19' },
      { where: 'line 3', reason: 'the Type "Cashback" is not one Awin uses (Voucher or Promotion)' },
    ]);
    expect(mapAwinCsv({ 'Promotion ID': '3', Type: 'Vouchers Only', Code: ' ' })).toEqual({
      ok: false,
      reason: 'Awin lists it as a voucher but gives no code',
    });
  });

  it('refuses a file cut short inside a quoted field', async () => {
    const err = await failure(FIXTURE.slice(0, FIXTURE.indexOf('Take 20% off') + 12));
    expect(err).toBeInstanceOf(FeedFormatError);
    expect((err as FeedFormatError).message).toMatch(/never closes: the file is cut short/);
  });

  it('pulls rows as they are read: stopping early leaves the rest of the file unread', async () => {
    const { input, produced } = generatedFeed({ head: HEADER, record: awinRecord, tail: '', records: 50_000 });
    let seen = 0;
    for await (const item of readAwinCsv(input)) {
      expect(item.ok).toBe(true);
      if (++seen === 10) break;
    }
    expect(produced.records).toBeLessThan(500);
    expect(input.destroyed).toBe(true);
  });

  it('streams 50,000 rows (~66 MB) without holding them: the heap grows by far less than the file', async () => {
    // Kept whole, these rows or their offers take ~100 MB of heap (measured); streamed, under 30 MB.
    const { input } = generatedFeed({ head: HEADER, record: awinRecord, tail: '', records: 50_000 });
    const { count, offers, growthMb } = await countWatchingHeap(readAwinCsv(input));
    expect([count, offers]).toEqual([50_000, 50_000]);
    expect(growthMb).toBeLessThan(60);
  }, 120_000);

  it('passes a failing input stream on as it is, not as a format error', async () => {
    const input = new Readable({ read() {} });
    input.push(HEADER);
    setImmediate(() => input.destroy(new Error('connection reset')));
    await expect(readAll(readAwinCsv, input)).rejects.toThrow('connection reset');
  });
});

function awinRecord(i: number): string {
  const cells = [
    `${i}`,
    'Northwind Outfitters',
    '10481',
    'Voucher',
    `CODE${i}`,
    filler(1200, i),
    '01/10/2026 00:00:00',
    '31/12/2030 23:59:59',
    'Fashion',
    'United Kingdom',
    '',
    `https://www.awin1.com/cread.php?awinmid=10481&awinaffid=812345&p=${i}`,
    `https://northwind-outfitters.example/p/${i}`,
    'DEFAULT',
    '8%',
    'false',
    '28/09/2026 14:02:11',
    `${i % 90}% off`,
    '',
  ];
  return `${cells.map((c) => `"${c}"`).join(',')}\n`;
}
