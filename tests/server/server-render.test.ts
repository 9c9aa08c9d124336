import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, ssrDirOf } from '../../src/server/client-build';
import type { SectionChunks } from '../../src/server/build/section-chunks';
import type { Bootstrap } from '../../src/server/site/html';
import { fileTemplate } from '../../src/server/site/template';
import { startTestApp, type TestApp } from './helpers/test-app';

// Server rendering (src/client/ssr/render.tsx) over the real API: the built bundle, as the server loads it.
type Transport = (url: string, init: RequestInit) => Promise<Response>;
interface RenderModule {
  renderPage(input: {
    url: string;
    bootstrap: unknown;
    transport: Transport;
    dataTimeoutMs: number;
  }): Promise<{ html: string; queries: { key: unknown[] }[]; complete: boolean; passes: number }>;
}

const clientDir = path.resolve(`dist/test-server-render-${process.pid}`);

function bootstrapOf(html: string): Bootstrap {
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no bootstrap in page');
  return JSON.parse(m[1]) as Bootstrap;
}
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="dealdeck-bootstrap">'));

describe('pages drawn on the server', () => {
  let t: TestApp;
  let render: RenderModule;
  beforeAll(async () => {
    const failure = await buildClient(process.cwd(), () => undefined, clientDir);
    if (failure) throw new Error(failure);
    t = await startTestApp('pglite', { template: fileTemplate(clientDir), clientDir });
    render = (await import(pathToFileURL(path.join(ssrDirOf(clientDir), 'render.js')).href)) as RenderModule;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
    await rm(ssrDirOf(clientDir), { recursive: true, force: true });
  });

  const page = (url: string, host = 'one.localhost') => t.app.inject({ url, headers: { host, accept: 'text/html' } });
  /** The page's API calls answered in process as `host`, like the server's own transport. */
  const injectAs =
    (host: string): Transport =>
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { host, 'domain-name': host, accept: 'application/json' },
      });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    };

  it('draws a home with its data, inlines the answers it used and keeps the page in the response cache', async () => {
    const first = await page('/');
    expect(first.statusCode).toBe(200);
    const root = rootOf(first.body);
    expect(root).toContain('data-section-type="banner-carousel"');
    expect(root).not.toContain('aria-busy="true"');
    const keys = (bootstrapOf(first.body).queries ?? []).map((q) => String(q.key[0]));
    expect(keys).toEqual(expect.arrayContaining(['categories', 'banners', 'stores']));
    // Its scripts are asked for once it has loaded: no module script or preload in the document itself.
    expect(first.body).not.toMatch(/<script[^>]*type="module"|rel="modulepreload"/);
    expect(first.body).toMatch(/<script>\(function\(e,m,now\)/);
    const second = await page('/');
    expect(second.headers['x-cache']).toBe('HIT');
  });

  it('draws a store page with the store', async () => {
    const store = t.data.stores[0]!;
    const res = await page(`/store/${store.slug}`);
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain(store.name.replace(/&/g, '&amp;'));
  });

  it('draws the store, category and search pages in one pass: what they read first is fetched first', async () => {
    const store = t.data.stores[0]!;
    const term = store.name.split(/\s+/)[0]!.toLowerCase();
    for (const url of [
      `/store/${store.slug}?page=1`,
      '/category/Fashion',
      `/searchpage?q=${encodeURIComponent(term)}`,
      '/searchpage?q=zzqqxx-nothing',
    ]) {
      // What the server inlines before it draws (the page's head data): the store answer and the categories.
      const served = bootstrapOf((await page(url)).body);
      const before = (served.queries ?? []).filter((q) => q.key[0] === 'categories' || q.key[2] === 'by-slug');
      const drawn = await render.renderPage({
        url,
        bootstrap: { ...served, queries: before },
        transport: injectAs('one.localhost'),
        dataTimeoutMs: 10_000,
      });
      expect(drawn.complete, url).toBe(true);
      expect(drawn.passes, url).toBe(1);
      expect(drawn.html, url).not.toContain('aria-busy="true"');
    }
  });

  it("draws an unknown store as not found (404), with the API's answer in the bootstrap so the browser does not ask again", async () => {
    const res = await page('/store/no-such-store-anywhere');
    expect(res.statusCode).toBe(404);
    const root = rootOf(res.body);
    expect(root).toContain('Store not found');
    expect(root).not.toContain('aria-busy="true"');
    const inlined = (bootstrapOf(res.body).queries ?? []).filter((q) => 'error' in q && q.error);
    expect(inlined).toEqual([
      expect.objectContaining({
        key: expect.arrayContaining(['no-such-store-anywhere']),
        error: expect.objectContaining({ status: 404 }),
      }),
    ]);
    // Not kept in the response cache (random slugs would churn it): the next one is drawn again.
    expect((await page('/store/no-such-store-anywhere')).headers['x-cache']).not.toBe('HIT');
  });

  /** The module paths the hydration loader of a document asks for. */
  const loaderModules = (html: string): string[] =>
    JSON.parse(
      /\(function\(e,m,now\)[\s\S]*?\}\)\(\[[^\]]*\],(\[[^\]]*\]),(?:true|false)\)/.exec(html)?.[1] ?? 'null',
    ) as string[];

  it("names each drawn page's own chunks to its hydration loader, so the page hydrates whole without a second round trip", async () => {
    const chunks = JSON.parse(await readFile(path.join(clientDir, 'section-chunks.json'), 'utf8')) as SectionChunks;
    const storeChunks = chunks.pages?.['store-page'] ?? [];
    const categoryChunks = chunks.pages?.['category-page'] ?? [];
    expect(storeChunks.some((f) => /store-page-[\w-]+\.js$/.test(f))).toBe(true);
    const store = loaderModules((await page(`/store/${t.data.stores[0]!.slug}`)).body);
    for (const f of storeChunks) expect(store).toContain(`/${f}`);
    const home = loaderModules((await page('/')).body);
    expect(home.length).toBeGreaterThan(0);
    expect(home.filter((f) => f.includes('store-page-') || f.includes('category-page-'))).toEqual([]);
    const category = loaderModules((await page(`/category/${encodeURIComponent(t.data.categories[0]!)}`)).body);
    for (const f of categoryChunks) expect(category).toContain(`/${f}`);
    // A page the browser draws preloads its own chunk beside the entry.
    const mr = (await page('/mr')).body;
    for (const f of chunks.pages?.['redirect/mr-page'] ?? [])
      expect(mr).toContain(`rel="modulepreload" crossorigin href="/${f}"`);
  });

  it('leaves the redirect pages and /searchpage without a term to the browser', async () => {
    for (const url of ['/mr', '/searchpage', '/login'])
      expect((await page(url)).body, url).toContain('<div id="root"></div>');
    expect((await page('/searchpage?q=gadgets')).body).not.toContain('<div id="root"></div>');
  });

  it('draws failed and late answers loading, leaves them out of the bootstrap and says the page is incomplete', async () => {
    const html = (await page('/')).body;
    const bootstrap = { ...bootstrapOf(html), queries: [] };
    const real = injectAs('one.localhost');
    // The banners' answer is held until the render is over: late whatever the machine's speed.
    let renderDone = () => undefined as void;
    const rendered = new Promise<void>((resolve) => (renderDone = resolve));
    const transport: Transport = async (url, init) => {
      if (url.includes('/store/')) return new Response(JSON.stringify({ message: 'down' }), { status: 500 });
      if (url.includes('Banner')) await rendered;
      return real(url, init);
    };
    const out = await render
      .renderPage({ url: '/', bootstrap, transport, dataTimeoutMs: 200 })
      .finally(() => renderDone());
    expect(out.complete).toBe(false);
    expect(out.html).toContain('aria-busy="true"');
    const keys = out.queries.map((q) => String(q.key[0]));
    expect(keys).not.toContain('stores');
    expect(keys).not.toContain('banners');
    expect(keys).toContain('categories');
  });

  it('draws script payloads in coupon text as inert text', async () => {
    const bootstrap = { ...bootstrapOf((await page('/')).body), queries: [] };
    const payloads = [
      '<img src=x onerror="alert(1)">Deal',
      '<script>alert(2)</script><b>Bold</b> deal',
      '<a href="javascript:alert(3)">click</a><iframe srcdoc="x"></iframe>',
    ];
    const real = injectAs('one.localhost');
    const transport: Transport = async (url, init) => {
      const res = await real(url, init);
      if (!url.includes('/coupon/')) return res;
      // The copy of every coupon (name, title, description) becomes a payload.
      const poison = (v: unknown, i = 0): unknown =>
        Array.isArray(v)
          ? v.map((x, j) => poison(x, j))
          : v && typeof v === 'object'
            ? Object.fromEntries(
                Object.entries(v).map(([k, x], j) => [
                  k,
                  ['name', 'title', 'description'].includes(k) ? payloads[(i + j) % payloads.length] : poison(x, j),
                ]),
              )
            : v;
      const body = (await res.json()) as { data: unknown };
      return new Response(JSON.stringify({ ...body, data: poison(body.data) }), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    const { html } = await render.renderPage({ url: '/', bootstrap, transport, dataTimeoutMs: 5_000 });
    expect(html).toContain('Bold');
    const found = /<(script|iframe)|\sonerror="|href="javascript:/i.exec(html);
    expect(found && html.slice(found.index - 300, found.index + 200)).toBeNull();
  });

  it('never writes through the API while drawing', async () => {
    const bootstrap = { ...bootstrapOf((await page('/')).body), queries: [] };
    const methods: string[] = [];
    const real = injectAs('one.localhost');
    const out = await render.renderPage({
      url: '/',
      bootstrap,
      dataTimeoutMs: 5_000,
      transport: async (url, init) => (methods.push(init.method ?? 'GET'), real(url, init)),
    });
    expect(out.complete).toBe(true);
    expect(new Set(methods)).toEqual(new Set(['GET']));
  });
});
