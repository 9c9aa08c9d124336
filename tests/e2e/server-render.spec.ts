import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, documentGet } from './api';
import { readLayout, tenantUrl, watchErrors } from './helpers';
import { homeTenants } from './home-tenants';

// Home pages are drawn on the server (src/client/ssr/render.tsx) and hydrated by the browser: the HTML carries every
// section with its data, the browser draws nothing again (no mismatch), asks the API for nothing the HTML already had,
// and the page works once hydrated.

const REDRAWN = '[dealdeck] the server-drawn page was redrawn';

/** The hydration mismatches React reported on `page` (main.tsx warns with REDRAWN for each). */
function watchRedraws(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes(REDRAWN)) warnings.push(m.text());
  });
  return warnings;
}
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The contents of #root in a document. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="dealdeck-bootstrap">');
  expect(start, 'the document has #root').toBeGreaterThan(-1);
  return html.slice(start, end);
}

for (const { tenant, host, file } of homeTenants) {
  test(`${tenant}: the home document holds every section of ${file}, drawn with its data`, async () => {
    const { status, html } = await documentGet(host, '/');
    expect(status).toBe(200);
    const root = rootOf(html);
    const doc = readLayout(file);
    const drawn = [...root.matchAll(/data-section-type="([^"]+)"/g)].map((m) => m[1]);
    for (const section of doc.sections)
      expect(drawn, `section ${section.id} (${section.type})`).toContain(section.type);
    // Data, not placeholders: nothing loading, no skeleton.
    expect(root).not.toContain('aria-busy="true"');
    expect(root).not.toMatch(/class="[^"]*\bskeleton\b/);
    // The scripts only hydrate: nothing asks for them before the page has loaded (or the shopper acts).
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain("addEventListener('load',go)");
    // The answers it was drawn with are in the bootstrap, so hydration draws the same.
    const bootstrap = JSON.parse(
      /<script type="application\/json" id="dealdeck-bootstrap">(.*?)<\/script>/s.exec(html)![1]!,
    ) as { queries: unknown[]; renderedAt: number };
    expect(bootstrap.queries.length).toBeGreaterThan(1);
    expect(Math.abs(Date.now() - bootstrap.renderedAt)).toBeLessThan(5 * 60_000);
  });

  for (const size of widths) {
    test(`${tenant} at ${size.width}px: hydrates without redrawing and without refetching`, async ({ page }) => {
      await page.setViewportSize(size);
      const errors = watchErrors(page);
      const warnings = watchRedraws(page);
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname !== '/' && !pathname.startsWith('/assets/')) apiCalls.push(`${r.method()} ${pathname}`);
      });
      await page.goto(tenantUrl(tenant), { waitUntil: 'networkidle' });
      // It did hydrate (the fixture's wait gives up silently on pages that are not ours).
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      expect(warnings, 'hydration mismatches').toEqual([]);
      expect(errors).toEqual([]);
      expect(apiCalls, 'calls for data the document already carried').toEqual([]);
    });
  }
}

test('without JavaScript the home still shows its header, sections and deals', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(tenantUrl('five'));
  await expect(page.locator('header.site-header img').first()).toBeVisible();
  const doc = readLayout('home/top-deals.json');
  await expect(page.locator('.home [data-section-type]')).toHaveCount(doc.sections.length);
  await expect(page.locator('.home .deal-card').first()).toBeVisible();
  await expect(page.locator('.home .deal-card .deal-name').first()).not.toBeEmpty();
  await context.close();
});

test('an unknown store is drawn as not found and hydrates as drawn, without asking the API again', async ({ page }) => {
  const errors = watchErrors(page);
  const warnings = watchRedraws(page);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __skeletonSeen: boolean };
    w.__skeletonSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('main [aria-busy="true"]')) w.__skeletonSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto(tenantUrl('one', '/store/no-such-store-anywhere'), { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('heading', { level: 1, name: 'Store not found' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __skeletonSeen: boolean }).__skeletonSeen),
    'a loading state was shown',
  ).toBe(false);
  expect(
    apiCalls.filter((p) => p.includes('/store/')),
    'the store asked for again',
  ).toEqual([]);
  expect(warnings, 'hydration mismatches').toEqual([]);
  // The only console error allowed is the browser's own line for the document's 404 status.
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

// Before its scripts run a page must already fit a phone: content wider than the screen makes a phone lay the page out
// zoomed out, then snap back when the script runs (a carousel's later slides once widened tenant one's home to 1156 px:
// the mobile footer jumped, CLS 0.11).
test('without JavaScript no home is wider than a phone', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  for (const { tenant } of homeTenants) {
    // (Not the fixture's wait for hydration: these pages have no scripts to run.)
    await page.goto(tenantUrl(tenant), { waitUntil: 'domcontentloaded' });
    await page.waitForLoadState('load');
    const widths = await page.evaluate(() => ({
      layout: window.innerWidth,
      content: document.documentElement.scrollWidth,
    }));
    expect(widths, `${tenant}: the page's layout width`).toEqual({ layout: 390, content: 390 });
  }
  await context.close();
});

test('the /home2 variant is drawn on the server with its own document', async () => {
  const root = rootOf((await documentGet('one.localhost', '/home2')).html);
  // Tenant one's home is hero-sliders.json; /home2 is drawn with the document serving "Home Page Two".
  expect(root).toMatch(/data-layout="[^"]*home\/[^"]+\.json"/);
  expect(root).not.toContain('home/hero-sliders.json');
  expect(root).not.toContain('aria-busy="true"');
});

test('a hydrated home answers the shopper: the header search takes a term to the search page', async ({ page }) => {
  await page.goto(tenantUrl('one'), { waitUntil: 'networkidle' });
  const search = page.getByRole('searchbox', { name: 'Search stores and coupons' }).first();
  await search.fill('gadgets');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/searchpage/);
});

// Pages other than home are lazy chunks: the browser must have the page's module before it hydrates, or the route's
// Suspense boundary waits dehydrated and the first update after hydration swaps the drawn page for the skeleton (the
// footer jumped into view and out again: CLS 0.2–0.4 on a phone). Watched on a CPU slowed 4× like Lighthouse's phone.
test.describe('server-drawn pages other than home hydrate whole', () => {
  let storeSlug = '';
  let category = '';
  test.beforeAll(async () => {
    storeSlug = (
      await apiGet<{ data: { slug: string }[] }>(
        'one.localhost',
        '/api/end-user/store/getActiveStoresBasedOnDomain?per_page=1',
      )
    ).data[0]!.slug;
    category = (
      await apiGet<{ data: { category: string; count: number }[] }>(
        'one.localhost',
        '/api/end-user/coupon/getUniqueCategoryAndCount',
      )
    ).data.find((c) => c.count > 0)!.category;
  });
  const routes: [string, () => string][] = [
    ['a store page', () => `/store/${storeSlug}`],
    ['a category page', () => `/category/${encodeURIComponent(category)}`],
    ['the search page', () => '/searchpage?q=shoes'],
    ['/coupons', () => '/coupons'],
    ['/categories', () => '/categories'],
    ['/aboutus', () => '/aboutus'],
  ];
  for (const [name, route] of routes) {
    test(`${name}: never shows the loading skeleton once drawn, and nothing shifts`, async ({ page, context }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const w = window as unknown as { __skeletonSeen: boolean; __shift: number };
        w.__skeletonSeen = false;
        w.__shift = 0;
        new MutationObserver(() => {
          if (document.querySelector('main .page-skeleton')) w.__skeletonSeen = true;
        }).observe(document, { childList: true, subtree: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!e.hadRecentInput) w.__shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const errors = watchErrors(page);
      const warnings = watchRedraws(page);
      await page.goto(tenantUrl('one', route()), { waitUntil: 'load' });
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      // The first updates after hydration (where a skeleton would replace the page) come with the page's last calls.
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __skeletonSeen: boolean; __shift: number };
        return { skeleton: w.__skeletonSeen, shift: w.__shift };
      });
      expect(seen.skeleton, 'the drawn page was replaced by the loading skeleton').toBe(false);
      expect(seen.shift, 'cumulative layout shift').toBeLessThanOrEqual(0.02);
      expect(warnings, 'hydration mismatches').toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
