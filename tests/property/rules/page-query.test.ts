import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE, OFFER_SORTS, OFFER_TYPES } from '../../../src/shared/contract/values';
import { parseOfferParams } from '../../../src/shared/rules/offer-params';
import { canonicalPageUrl, pageReads, readPage } from '../../../src/shared/rules/page-query';
import { PAGE_ROUTES, type PageParam } from '../../../src/shared/routes';

// Issue 27: a page's cache key holds only what the page reads, in one spelling and order, so no parameter a client
// adds (utm_…, a random one, a parameter of another page) and no reordering makes a new entry.

const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
/** A concrete path of one of the route table's pages, or a home. */
const pagePath = fc.oneof(
  fc.constantFrom('/', '/home2'),
  fc
    .constantFrom(...PAGE_ROUTES.map((r) => r.path))
    .chain((pattern) =>
      fc
        .array(segment, { minLength: 8, maxLength: 8 })
        .map((values) => pattern.replace(/:[A-Za-z]+/g, () => values.shift() ?? 'x')),
    ),
);
const ALL_READ = ['page', 'type', 'verified', 'sort', 'show', 'q', 'name'];
const text = fc.string({ maxLength: 12 });
/** Values of the parameters pages read: valid ones, and the odd spellings a client may send. */
const knownParam = fc.oneof(
  fc.tuple(
    fc.constant('page'),
    fc.oneof(fc.integer({ min: -3, max: MAX_PAGE + 3 }).map(String), fc.constantFrom('01', '2.0', 'x', '')),
  ),
  fc.tuple(fc.constant('type'), fc.constantFrom(...OFFER_TYPES, 'stores', 'nope')),
  fc.tuple(fc.constant('verified'), fc.constantFrom('1', 'true', '0', '')),
  fc.tuple(fc.constant('sort'), fc.constantFrom(...OFFER_SORTS, 'nope')),
  fc.tuple(fc.constant('show'), fc.constantFrom('codes', 'deals', 'all')),
  fc.tuple(fc.constantFrom('q', 'name'), text),
);
/** A parameter no page reads: tracking tags, random names, the preview parameters without a grant. */
const unknownParam = fc.tuple(
  fc.oneof(
    fc.constantFrom('utm_source', 'utm_x', 'fbclid', 'gclid', 'ref', 'coupon', 'layout', 'at'),
    fc.stringMatching(/^[a-z_]{1,10}$/).filter((n) => !ALL_READ.includes(n) && n !== 'grant'),
  ),
  text,
);
const query = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
const url = (path: string, pairs: [string, string][]) => (pairs.length ? `${path}?${query(pairs)}` : path);
const uniqueByName = (pairs: [string, string][]) => [...new Map(pairs.map((p) => [p[0], p] as const)).values()];

describe('a page address in its canonical form', () => {
  it('is the same with unknown parameters added anywhere, and with its parameters in any order', () => {
    fc.assert(
      fc.property(
        pagePath,
        fc.array(knownParam, { maxLength: 6 }).map(uniqueByName),
        fc.array(unknownParam, { maxLength: 4 }),
        fc.integer(),
        (path, known, unknown, seed) => {
          const mixed = [...known, ...unknown.filter(([n]) => !known.some(([k]) => k === n))];
          const shuffled = [...mixed].sort((a, b) => ((a[0].length * 31 + seed) % 7) - ((b[0].length * 31 + seed) % 7));
          expect(canonicalPageUrl(url(path, shuffled))).toBe(canonicalPageUrl(url(path, known)));
        },
      ),
    );
  });

  it('keeps what the page reads, with the value the page reads it as', () => {
    fc.assert(
      fc.property(pagePath, fc.array(knownParam, { maxLength: 6 }).map(uniqueByName), (path, known) => {
        const sent = new URLSearchParams(query(known));
        const kept = new URL(canonicalPageUrl(url(path, known)), 'http://x').searchParams;
        const reads: readonly PageParam[] = pageReads(path);
        // Read from the canonical address, every parameter the page reads has the value it had in the sent one.
        if (reads.includes('page')) expect(readPage(kept.get('page'))).toBe(readPage(sent.get('page')));
        else expect(kept.has('page')).toBe(false);
        if (reads.includes('offers'))
          expect(parseOfferParams((n) => kept.get(n))).toEqual(parseOfferParams((n) => sent.get(n)));
        for (const free of ['q', 'name'] as const)
          if (reads.includes(free)) expect(kept.get(free) ?? '').toBe(sent.get(free) ?? '');
          else expect(kept.has(free)).toBe(false);
        if (reads.includes('view')) expect(kept.get('type') === 'stores').toBe(sent.get('type') === 'stores');
      }),
    );
  });

  it('is a fixed point: the canonical address of a canonical address is itself', () => {
    fc.assert(
      fc.property(pagePath, fc.array(fc.oneof(knownParam, unknownParam), { maxLength: 8 }), (path, pairs) => {
        const once = canonicalPageUrl(url(path, pairs));
        expect(canonicalPageUrl(once)).toBe(once);
      }),
    );
  });

  it('a page that reads nothing has one address', () => {
    expect(canonicalPageUrl('/aboutus?utm_source=x&page=3&q=y')).toBe('/aboutus');
    expect(canonicalPageUrl('/?page=2&type=code')).toBe('/');
    expect(canonicalPageUrl('/store/nike?show=codes&utm=1&page=01')).toBe('/store/nike?type=code');
    expect(canonicalPageUrl('/searchpage?type=stores&q=shoes&page=2')).toBe('/searchpage?q=shoes&type=stores&page=2');
  });
});
