import Ajv from 'ajv';
import fc from 'fast-check';
import { expect } from 'vitest';
import { FeedOffer, type FeedMapResult } from '../../../src/shared/contract/feeds';
import { httpUrl } from '../../../src/shared/rules/http-url';
import { isFreeShipping } from '../../../src/shared/rules/offer-type';

// Issue 30: what every offer of the Awin CSV, CJ XML and Rakuten XML mappings keeps (src/shared/contract/feeds.ts,
// FeedOffer), and the text those properties feed them: the networks' own spellings mixed with junk.

const validOffer = new Ajv({ allErrors: true, strict: false }).compile(FeedOffer);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function expectContractKept(result: FeedMapResult): void {
  if (!result.ok) {
    expect(result.reason.trim()).not.toBe('');
    return;
  }
  const o = result.offer;
  expect(validOffer(o), JSON.stringify(validOffer.errors)).toBe(true);
  expect(o.kind === 'code').toBe(o.code !== null);
  if (o.code !== null) expect(o.code).toMatch(/[^ \t\r\n\f\v]/);
  if (o.kind === 'free-shipping') expect(isFreeShipping(o.title, '')).toBe(true);
  expect(o.title.trim()).not.toBe('');
  for (const text of [o.title, o.description]) expect(text).not.toMatch(/<[^>]*>/);
  expect(httpUrl(o.tracking_url)).toBe(o.tracking_url);
  if (o.landing_url !== null) expect(httpUrl(o.landing_url)).toBe(o.landing_url);
  for (const date of [o.starts_at, o.ends_at]) {
    if (date === null) continue;
    expect(date).toMatch(ISO);
    expect(new Date(date).toISOString()).toBe(date);
  }
  if (o.starts_at && o.ends_at) expect(o.ends_at >= o.starts_at).toBe(true);
}

/**
 * Checks the contract for every record, and that enough records map for that to mean something: a check that only
 * ever sees refusals proves nothing about offers.
 */
export function assertContractKept<T>(records: fc.Arbitrary<T>, map: (record: T) => FeedMapResult): void {
  let runs = 0;
  let offers = 0;
  fc.assert(
    fc.property(records, (record) => {
      const result = map(record);
      runs += 1;
      if (result.ok) offers += 1;
      expectContractKept(result);
    }),
  );
  expect(offers / runs).toBeGreaterThan(0.2);
}

/** Mostly the network's own spelling, now and then anything at all. */
export const mostly = <T>(own: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: own, weight: 6 }, { arbitrary: other, weight: 1 });

/** Text as feeds have it: real-looking values, HTML, entities, blanks and junk. */
export const feedText = fc.oneof(
  fc.constantFrom('', ' ', 'N/A', '&amp;', '<b>', '<p>Save <b>10%</b> &pound;5 &#163; &rsquo;</p>', 'Free shipping'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ maxLength: 300 }),
);

/** A link: mostly a good one (some with escaped ampersands), sometimes none, a dangerous or a broken one. */
export const feedUrl = mostly(
  fc
    .tuple(fc.constantFrom('https://', 'http://', 'HTTPS://'), fc.stringMatching(/^[a-z][a-z0-9-]{1,12}\.example$/))
    .chain(([scheme, host]) => fc.constantFrom(`${scheme}${host}/`, `${scheme}${host}/p?id=1&amp;x=2&y=3`)),
  fc.oneof(
    fc.constantFrom(
      '',
      'javascript:alert(1)',
      '//cdn.example/x',
      'http://',
      'https://a b.example/',
      'ftp://x.example/',
    ),
    fc.string({ maxLength: 30 }),
  ),
);

/** An instant with whole seconds, 1970 to 9999, in UTC. */
export const instant = fc
  .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31, 23, 59, 59)), noInvalidDate: true })
  .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
