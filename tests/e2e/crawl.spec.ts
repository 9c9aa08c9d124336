import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { port, tenantUrl, watchErrors } from './helpers';
import { homeTenants } from './home-tenants';

// Shoppers never meet a dead link: from each demo home page, every internal link is followed in Chromium and must land
// on a complete page (HTTP status below 400, no not-found or error screen, no script error). Pages one level further
// are sampled by route shape so that pages only reachable from there (paging, related stores…) are covered too.
const errorScreens =
  /Page not found|Store not found|Category not found|Something went wrong|could not be shown|Cannot get Coupon URL/;

/** /store/acme → /store/:x; /category/Pets?page=2 → /category/:x?page — one visit per shape at the second level. */
const shape = (url: URL) =>
  `${url.pathname.replace(/\/[^/]+/g, (seg, offset: number) => (offset === 0 ? seg : '/:x'))}${url.search ? '?' + [...url.searchParams.keys()].sort().join('&') : ''}`;

async function internalLinks(page: Page, host: string): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs)]
    .filter((href) => {
      const url = new URL(href);
      return url.host === host && (url.protocol === 'http:' || url.protocol === 'https:');
    })
    .map((href) => href.split('#')[0]!);
}

async function visit(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  expect(response?.status(), `${url} answered ${response?.status()}`).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#main'), url).not.toContainText(errorScreens);
  await expect(page.locator('#main'), url).not.toBeEmpty();
}

for (const { tenant } of homeTenants) {
  test(`Every internal link from the ${tenant} home page leads to a complete page`, async ({ page }) => {
    test.setTimeout(600_000);
    const errors = watchErrors(page);
    const home = tenantUrl(tenant);
    const host = new URL(home).host;
    await page.goto(home);
    await page.waitForLoadState('networkidle');
    const first = await internalLinks(page, host);
    expect(first.length).toBeGreaterThan(10);
    const seen = new Set([home, ...first]);
    const shapes = new Set(first.map((u) => shape(new URL(u))));
    const second: string[] = [];
    for (const url of first) {
      await visit(page, url);
      for (const next of await internalLinks(page, host)) {
        const s = shape(new URL(next));
        if (seen.has(next) || shapes.has(s)) continue;
        seen.add(next);
        shapes.add(s);
        second.push(next);
      }
    }
    for (const url of second) await visit(page, url);
    expect(errors, `script errors while crawling ${tenant} on port ${port}`).toEqual([]);
  });
}
