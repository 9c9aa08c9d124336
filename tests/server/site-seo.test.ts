import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreWithCoupons as StoreBody } from '../../src/shared/contract/envelopes';
import { activeStores, isExpired, storeId } from './helpers/expect-shapes';
import { DATABASES, getJson, startTestApp, tenant, type TestApp } from './helpers/test-app';
import {
  bootstrapOf,
  canonicalOf,
  headOf,
  jsonLdScripts,
  metaContent,
  nodesOfType,
  titleOf,
  type Node,
} from './site-seo-html';

// What a crawler (or curl) gets for the store, category and other pages: status, head, JSON-LD and the inlined first render.

describe.each(DATABASES)('SEO in the served HTML (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const page = (url: string, host = 'one.localhost') => t.app.inject({ url, headers: { host, accept: 'text/html' } });
  const one = () => tenant(t.data, 'one');
  /** An active store of tenant one with coupons that expire and one that does not. */
  const sampleStore = () => {
    const store = activeStores(t.data, 'one').find((s) => {
      const mine = t.data.coupons.filter((c) => c.store_key === s.key);
      return mine.some((c) => c.expiry_date) && mine.some((c) => !c.expiry_date);
    });
    if (!store) throw new Error('demo data has no suitable store');
    return store;
  };

  it('curl of a store page: title, description with the active offer count, canonical, Open Graph, Twitter card', async () => {
    const s = sampleStore();
    const site = one().domain.name;
    const res = await page(`/store/${s.slug}?utm_source=x`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(titleOf(html)).toBe(`${s.name} coupons &amp; promo codes | ${site}`);
    const active = t.data.coupons.filter((c) => c.store_key === s.key && !isExpired(c)).length;
    const description = metaContent(html, 'description') ?? '';
    expect(description).toContain(`${active} active offer${active === 1 ? '' : 's'} for ${s.name}`);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(canonicalOf(html)).toBe(`http://one.localhost/store/${s.slug}`);
    expect(metaContent(html, 'robots')).toBeUndefined();
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:title')).toBe(`${s.name} coupons & promo codes | ${site}`);
    expect(metaContent(html, 'og:description')).toBe(description);
    expect(metaContent(html, 'og:url')).toBe(`http://one.localhost/store/${s.slug}`);
    expect(metaContent(html, 'og:site_name')).toBe(site);
    expect(metaContent(html, 'og:image')).toBe(`http://one.localhost/assets/${s.image}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary');
  });

  it('store page JSON-LD: Organization, BreadcrumbList and an Offer per coupon of the page, as data blocks', async () => {
    const s = sampleStore();
    const d = one().domain;
    const res = await page(`/store/${s.slug}`);
    const scripts = jsonLdScripts(res.body);
    expect(scripts.length).toBeGreaterThan(0);
    // Never executed, so no CSP allowance: a nonce would only tell an injected script what to copy.
    for (const sc of scripts) expect(sc.nonce).toBeUndefined();

    const [org] = nodesOfType(res.body, 'Organization').filter((n) => n.url === 'http://one.localhost/');
    expect(org).toMatchObject({
      name: d.name,
      logo: `http://one.localhost/assets/${d.logo}`,
      contactPoint: { '@type': 'ContactPoint', email: d.contact.email, telephone: d.contact.phone },
    });

    const [crumbs] = nodesOfType(res.body, 'BreadcrumbList');
    expect((crumbs?.itemListElement as Node[]).map((i) => [i.position, i.name, i.item])).toEqual([
      [1, d.name, 'http://one.localhost/'],
      [2, 'All stores', 'http://one.localhost/store'],
      [3, s.name, `http://one.localhost/store/${s.slug}`],
    ]);

    const api = (await getJson<StoreBody['data']>(t.app, `/api/end-user/store/store-by-slug?slug=${s.slug}&page=1`))
      .body;
    const offerNodes = nodesOfType(res.body, 'Offer');
    expect(offerNodes).toHaveLength(api.data.coupons.length);
    api.data.coupons.forEach((c, i) => {
      const offer = offerNodes[i] ?? {};
      expect(offer.seller).toMatchObject({ '@type': 'Organization', name: s.name });
      expect(offer.url).toBe(`http://one.localhost/store/${s.slug}`);
      expect(typeof offer.name === 'string' && offer.name.length > 0).toBe(true);
      expect(String(offer.description)).not.toMatch(/[<>]|\{month\}|\{year\}/);
      if (c.expiry_date) expect(offer.validThrough).toBe(c.expiry_date);
      else expect(offer).not.toHaveProperty('validThrough');
    });
    expect(offerNodes.some((o) => 'validThrough' in o)).toBe(true);
  });

  it('store page Offers: priceValidUntil is each expiry date, availability follows it, no merchant links', async () => {
    const s = sampleStore();
    for (const p of [1, 2]) {
      const res = await page(`/store/${s.slug}?page=${p}`);
      const api = (
        await getJson<StoreBody['data']>(t.app, `/api/end-user/store/store-by-slug?slug=${s.slug}&page=${p}`)
      ).body;
      const offerNodes = nodesOfType(res.body, 'Offer');
      expect(offerNodes).toHaveLength(api.data.coupons.length);
      api.data.coupons.forEach((c, i) => {
        const offer = offerNodes[i] ?? {};
        if (c.expiry_date) expect(offer.priceValidUntil, c._id).toBe(c.expiry_date.slice(0, 10));
        else expect(offer, c._id).not.toHaveProperty('priceValidUntil');
        expect(offer.priceValidUntil ?? '', c._id).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
        expect(offer.availability, c._id).toBe(
          isExpired(c) ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock',
        );
        // The pooled votes are not ratings: no AggregateRating anywhere.
        expect(offer).not.toHaveProperty('aggregateRating');
      });
      const merchant = new Set(api.data.coupons.flatMap((c) => [c.link, c.finalLink, c.domain_link]).filter(Boolean));
      for (const url of JSON.stringify(offerNodes).match(/https?:\/\/[^"]+/g) ?? []) {
        expect(merchant.has(url), url).toBe(false);
        expect(url.startsWith('http://one.localhost/') || url.startsWith('https://schema.org/'), url).toBe(true);
      }
    }
    expect((await page(`/store/${s.slug}`)).body).not.toContain('AggregateRating');
  });

  it('inlines the store page query under the client key with the exact API body (page 1 and ?page=2)', async () => {
    const s = sampleStore();
    for (const p of [1, 2]) {
      const res = await page(`/store/${s.slug}${p > 1 ? `?page=${p}&ref=mail` : ''}`);
      const b = bootstrapOf(res.body);
      const api = await t.app.inject({
        url: `/api/end-user/store/store-by-slug?slug=${s.slug}&page=${p}`,
        headers: { host: 'one.localhost' },
      });
      const inlined = b.queries?.find((q) => q.key[0] === 'stores');
      expect(inlined?.key).toEqual(['stores', 'one.localhost', 'by-slug', s.slug, p, '']);
      expect(inlined?.data).toEqual(JSON.parse(api.body));
      expect(JSON.stringify(inlined?.data)).toBe(api.body);
      if (p > 1) expect(canonicalOf(res.body)).toBe(`http://one.localhost/store/${s.slug}?page=2`);
    }
  });

  it('answers 404 with the SPA for unknown, archived, paused and unpublished stores', async () => {
    const published = new Set(one().store_keys);
    const archived = t.data.stores.find((s) => published.has(s.key) && s.is_archived);
    const paused = t.data.stores.find((s) => published.has(s.key) && s.is_paused);
    const foreign = t.data.stores.find((s) => !published.has(s.key));
    expect(archived && paused && foreign).toBeTruthy();
    for (const slug of ['no-such-store', 'bad slug!', archived?.slug, paused?.slug, foreign?.slug]) {
      const res = await page(`/store/${encodeURIComponent(slug ?? '')}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
      expect(bootstrapOf(res.body).host).toBe('one.localhost');
      expect(bootstrapOf(res.body).queries?.some((q) => q.key[0] === 'stores')).toBe(false);
      expect(titleOf(res.body)).toBe(`Store not found | ${one().domain.name}`);
      expect(metaContent(res.body, 'robots')).toContain('noindex');
      expect(canonicalOf(res.body)).toBeUndefined();
    }
  });

  it('category page: head, canonical in the tenant spelling, breadcrumb; 404 for a category without coupons here', async () => {
    const categories = (
      await getJson<{ category: string; count: number }[]>(t.app, '/api/end-user/coupon/getUniqueCategoryAndCount')
    ).body.data;
    const cat = categories.find((c) => c.category.includes('&')) ?? categories[0];
    if (!cat) throw new Error('no categories');
    const site = one().domain.name;
    const res = await page(`/category/${encodeURIComponent(cat.category.toUpperCase())}?page=3&x=1`);
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, 'og:title')).toBe(`${cat.category} coupons | ${site}`);
    expect(metaContent(res.body, 'description')).toContain(`${cat.count} ${cat.category} coupon`);
    const path = `/category/${encodeURIComponent(cat.category)}`;
    expect(canonicalOf(res.body)).toBe(`http://one.localhost${path.replace(/&/g, '&amp;')}?page=3`);
    const [crumbs] = nodesOfType(res.body, 'BreadcrumbList');
    expect((crumbs?.itemListElement as Node[]).map((i) => [i.name, i.item])).toEqual([
      [site, 'http://one.localhost/'],
      ['All categories', 'http://one.localhost/categories'],
      [cat.category, `http://one.localhost${path}`],
    ]);
    expect(nodesOfType(res.body, 'Organization')).toHaveLength(1);

    // A category only the stores of other tenants (or no store at all) carry is unknown here.
    const foreign = t.data.stores.find((s) => !one().store_keys.includes(s.key) && !s.is_archived && !s.is_paused);
    await t.db.query(
      `UPDATE coupons SET category = 'Only Elsewhere' WHERE id = (SELECT id FROM coupons WHERE store_id = $1 LIMIT 1)`,
      [storeId(foreign?.key ?? '')],
    );
    for (const name of ['Only Elsewhere', 'No Such Category']) {
      const miss = await page(`/category/${encodeURIComponent(name)}`);
      expect(miss.statusCode, name).toBe(404);
      expect(titleOf(miss.body)).toBe(`Category not found | ${site}`);
      expect(miss.body).toContain('id="dealdeck-bootstrap"');
    }
  });

  it('gives every other page its title, description, robots and canonical; redirects are noindex,nofollow', async () => {
    const site = one().domain.name;
    const pages: [string, string, string | undefined][] = [
      ['/store?page=2&sort=x', `All stores | ${site}`, 'http://one.localhost/store?page=2'],
      ['/categories?x=1', `All categories | ${site}`, 'http://one.localhost/categories'],
      ['/newlyaddedstores', `Newly added stores | ${site}`, 'http://one.localhost/newlyaddedstores'],
      ['/coupons?page=4', `All deals | ${site}`, 'http://one.localhost/coupons?page=4'],
      ['/coupons?page=1', `All deals | ${site}`, 'http://one.localhost/coupons'],
      ['/aboutus', `About us | ${site}`, 'http://one.localhost/aboutus'],
      ['/privacypolicy', `Privacy policy | ${site}`, 'http://one.localhost/privacypolicy'],
      ['/contactus', `Contact us | ${site}`, 'http://one.localhost/contactus'],
      ['/searchpage', `Search | ${site}`, undefined],
    ];
    for (const [url, title, canonical] of pages) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaContent(res.body, 'og:title'), url).toBe(title);
      expect((metaContent(res.body, 'description') ?? '').length, url).toBeGreaterThan(10);
      expect(canonicalOf(res.body), url).toBe(canonical);
      expect(nodesOfType(res.body, 'Organization'), url).toHaveLength(1);
    }
    expect(metaContent((await page('/searchpage')).body, 'robots')).toBe('noindex, follow');
    expect(metaContent((await page('/store')).body, 'robots')).toBeUndefined();
    for (const url of [
      '/mr',
      '/mr/abc',
      '/mr/store/a/coupon/b/default',
      '/couponsredirect/a/b',
      '/couponsredirect/store/a/coupon/b/c/mtrd',
      '/couponzr/a/b',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaContent(res.body, 'robots'), url).toBe('noindex, nofollow');
      expect(canonicalOf(res.body), url).toBeUndefined();
    }
  });

  it('home: site name and meta_description, categories inlined as the client stores them', async () => {
    const d = one().domain;
    const res = await page('/');
    expect(titleOf(res.body)).toBe(d.name);
    expect(metaContent(res.body, 'description')).toBe(d.meta_description);
    expect(canonicalOf(res.body)).toBe('http://one.localhost/');
    expect(canonicalOf((await page('/home3?x=1')).body)).toBe('http://one.localhost/');
    const api = await getJson(t.app, '/api/end-user/coupon/getUniqueCategoryAndCount');
    const inlined = bootstrapOf(res.body).queries?.find((q) => q.key[0] === 'categories');
    expect(inlined).toEqual({ key: ['categories', 'one.localhost'], data: api.body.data });
  });

  it('answers unknown paths 404: the SPA for browsers, JSON for API clients', async () => {
    for (const url of ['/no/such/route', '/nosuchpage', '/category', '/store/a/b']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('id="dealdeck-bootstrap"');
      expect(titleOf(res.body), url).toBe(`Page not found | ${one().domain.name}`);
      expect(metaContent(res.body, 'robots'), url).toContain('noindex');
    }
    const api = await t.app.inject({ url: '/api/no-such-call', headers: { host: 'one.localhost' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    const plain = await t.app.inject({
      url: '/no/such/route',
      headers: { host: 'one.localhost', accept: 'application/json' },
    });
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toMatchObject({ success: false });
    const unknownSite = await page('/no/such/route', 'stranger.example');
    expect(unknownSite.statusCode).toBe(404);
    expect(unknownSite.body).toContain('Unknown site');
  });

  it('keeps a malicious store name inert in the title, JSON-LD and bootstrap', async () => {
    const evil = 'Evil </script><script>alert(1)</script> <!-- & "q" \u2028\u2029';
    const domainId = (await t.db.query<{ id: string }>("SELECT id FROM domains WHERE key = 'one'"))[0]?.id;
    await t.db.query(
      `INSERT INTO stores (id, key, slug, name, description, image) VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', 'evil', 'evil-store', $1, $1, 'x"><script>alert(2)</script>.svg')`,
      [evil],
    );
    await t.db.query(
      `INSERT INTO coupons (id, key, store_id, name, title, description, category, link, expiry_date)
      VALUES ('bbbbbbbbbbbbbbbbbbbbbbbb', 'evil-c', 'aaaaaaaaaaaaaaaaaaaaaaaa', $1, $1, $1, 'Fashion', 'https://evil.example/', '2030-01-01T00:00:00Z')`,
      [evil],
    );
    await t.db.query('INSERT INTO domain_stores (domain_id, store_id) VALUES ($1, $2)', [
      domainId,
      'aaaaaaaaaaaaaaaaaaaaaaaa',
    ]);

    const res = await page('/store/evil-store');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(');
    expect(res.body).not.toContain('<!-- &');
    // Inside script elements U+2028/9 are escaped too (old JS parsers end a line there); in HTML text they are harmless.
    for (const m of res.body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) expect(m[1]).not.toMatch(/[\u2028\u2029]/);
    const head = headOf(res.body);
    // Exactly the scripts we put there: the JSON-LD in the head, bootstrap and the module in the body.
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(res.body.match(/<\/script>/g)).toHaveLength(3);
    expect(titleOf(res.body)).toContain(
      'Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; &quot;q&quot;',
    );
    const nodes = nodesOfType(res.body, 'Offer');
    expect(nodes[0]?.seller).toMatchObject({ name: evil });
    expect(nodes[0]?.validThrough).toBe('2030-01-01T00:00:00.000Z');
    expect(nodesOfType(res.body, 'BreadcrumbList')[0]?.itemListElement).toContainEqual(
      expect.objectContaining({ name: evil }),
    );
    expect((bootstrapOf(res.body).queries?.[0]?.data as StoreBody).data.store.name).toBe(evil);
  });
});
