import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, ssrDirOf } from '../../src/server/client-build';
import { fileTemplate } from '../../src/server/site/template';
import { DEFAULT_AFFILIATE_DISCLOSURE } from '../../src/shared/affiliate-disclosure';
import type { Coupon } from '../../src/shared/contract/entities';
import { activeStores, isExpired } from './helpers/expect-shapes';
import { DATABASES, getJson, startTestApp, tenant, type TestApp } from './helpers/test-app';
import { nodesOfType } from './site-seo-html';

// Issue 13 item 5 on pages the server draws (the real client build): the affiliate disclosure above the offers, in the
// tenant's words or the default, as text; and an Offer with priceValidUntil for every deal the listing pages show.
const clientDir = path.resolve(`dist/test-seo-disclosure-${process.pid}`);
const EVIL = '<script>alert(1)</script> & <b>"bold"</b>';
const EVIL_HTML = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;&quot;bold&quot;&lt;/b&gt;';

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="dealdeck-bootstrap">'));
/** The text of the drawn disclosure paragraph(s), as HTML. */
const disclosures = (html: string) =>
  [
    ...rootOf(html).matchAll(
      /<p class="affiliate-disclosure"[^>]*aria-label="Affiliate disclosure"[^>]*>([^<]*)<\/p>/g,
    ),
  ].map((m) => m[1]);

describe.each(DATABASES)('affiliate disclosure and Offers on server-drawn pages (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const failure = await buildClient(process.cwd(), () => undefined, clientDir);
    if (failure) throw new Error(failure);
    t = await startTestApp(kind, { template: fileTemplate(clientDir), clientDir });
    await t.db.query("UPDATE domains SET affiliate_disclosure = $1 WHERE key = 'four'", [EVIL]);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
    await rm(ssrDirOf(clientDir), { recursive: true, force: true });
  });

  const page = async (url: string, host = 'one.localhost') => {
    const res = await t.app.inject({ url, headers: { host, accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const storeOf = (key: string) => activeStores(t.data, key)[0]!;
  const categoryOf = async (host: string) =>
    (await getJson<{ category: string }[]>(t.app, '/api/end-user/coupon/getUniqueCategoryAndCount', host)).body.data[0]!
      .category;
  /** A word that finds deals (not only stores) for the tenant: the search page lists its deals under the disclosure. */
  const searchTerm = async (host: string) => {
    for (const term of ['off', 'free', 'sale', 'deal', 'save']) {
      const res = await getJson(t.app, `/end-user/coupon/search-coupon?search=${term}&page=1&per_page=10`, host);
      if ((res.body as { totalRecords?: number }).totalRecords) return term;
    }
    throw new Error(`no search term finds deals on ${host}`);
  };
  const listingPages = async (key: string, host: string) => [
    `/store/${storeOf(key).slug}`,
    `/category/${encodeURIComponent(await categoryOf(host))}`,
    '/coupons',
    `/searchpage?q=${await searchTerm(host)}`,
  ];

  it('draws the default text above the offers of store, category, coupons and search pages', async () => {
    for (const url of await listingPages('one', 'one.localhost')) {
      const html = await page(url);
      expect(disclosures(html), url).toEqual([DEFAULT_AFFILIATE_DISCLOSURE]);
      // Just above the list: before the first deal card.
      const root = rootOf(html);
      const firstDeal = root.indexOf('class="deal-card');
      expect(firstDeal, url).toBeGreaterThan(root.indexOf('class="affiliate-disclosure"'));
    }
  });

  it("draws the tenant's own text when it has one", async () => {
    const own = tenant(t.data, 'three').domain.affiliate_disclosure;
    expect(own).not.toBe('');
    for (const url of await listingPages('three', 'three.localhost'))
      expect(disclosures(await page(url, 'three.localhost')), url).toEqual([own]);
  });

  it('keeps markup in the stored text as text', async () => {
    for (const url of await listingPages('four', 'four.localhost')) {
      const html = await page(url, 'four.localhost');
      expect(disclosures(html), url).toEqual([EVIL_HTML]);
      expect(html, url).not.toContain('<script>alert(1)');
      expect(html, url).not.toContain('<b>"bold"');
    }
  });

  it('gives every deal of the category, coupons and search pages an Offer with priceValidUntil, no merchant link', async () => {
    const lists: [string, string][] = [
      [`/category/${encodeURIComponent(await categoryOf('one.localhost'))}`, 'getCouponsBasedOnCategory'],
      ['/coupons', 'coupon-list-by-website'],
      [`/searchpage?q=${await searchTerm('one.localhost')}`, 'search-coupon'],
    ];
    for (const [url, call] of lists) {
      const html = await page(url);
      const offers = nodesOfType(html, 'Offer');
      expect(offers.length, url).toBeGreaterThan(0);
      // The inlined answer of the page's own list, as the browser hydrates it.
      const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
      const queries = (JSON.parse(m?.[1] ?? '{}') as { queries: { key: unknown[]; data: { data: Coupon[] } }[] })
        .queries;
      const kind = {
        getCouponsBasedOnCategory: 'category',
        'coupon-list-by-website': 'all-deals',
        'search-coupon': 'search',
      }[call];
      const coupons = queries.find((q) => q.key[0] === 'coupons' && q.key[2] === kind)?.data.data ?? [];
      expect(
        offers.map((o) => o.name),
        url,
      ).toHaveLength(coupons.length);
      coupons.forEach((c, i) => {
        const o = offers[i] ?? {};
        expect(o.url, url).toBe(`http://one.localhost/store/${encodeURIComponent(c.store.slug)}`);
        if (c.expiry_date) expect(o.priceValidUntil, url).toBe(c.expiry_date.slice(0, 10));
        else expect(o, url).not.toHaveProperty('priceValidUntil');
        expect(o.availability).toBe(isExpired(c) ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock');
      });
      const merchant = new Set(coupons.flatMap((c) => [c.link, c.finalLink, c.domain_link]));
      for (const link of JSON.stringify(offers).match(/https?:\/\/[^"]+/g) ?? []) {
        expect(merchant.has(link), link).toBe(false);
        expect(/^(http:\/\/one\.localhost\/|https:\/\/schema\.org\/)/.test(link), link).toBe(true);
      }
    }
  });
});
