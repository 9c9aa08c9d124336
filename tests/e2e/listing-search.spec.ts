import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { navigateInApp, port, tenantUrl, watchErrors } from './helpers';

// Listing and search pages on the demo tenant "one" (Coupon Harbor): /store, /newlyaddedstores, /coupons, /searchpage.
// Expected counts come from the API itself, so the specs follow the demo data instead of copying numbers.

const HOST = 'one.localhost';
const SITE = 'Coupon Harbor';

/** GET the API as tenant "one" (Node cannot resolve *.localhost: ask 127.0.0.1 with the domain-name header). */
async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`http://127.0.0.1:${port}${path}`, { headers: { 'domain-name': HOST } });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

type Named = { name: string; slug: string };
type ListPage = { data: Named[]; total_records: number; total_pages: number };

const storeCards = (page: Page) => page.locator('main a[href^="/store/"]');

/** Search record requests the page sends, by term. */
function watchRecords(page: Page): string[] {
  const terms: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/end-user/search/record')
      terms.push((r.postDataJSON() as { name: string }).name);
  });
  return terms;
}

test.describe('listing pages', () => {
  test('Shoppers browse every store A–Z, page to page 2 and jump by letter', async ({ page, request }) => {
    const errors = watchErrors(page);
    const all = await api<ListPage>(request, '/api/end-user/store/getActiveStoresBasedOnDomain?per_page=100');
    await page.goto(tenantUrl('one', '/store'));
    await expect(page.getByRole('heading', { level: 1, name: 'All stores' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'stores' })).toHaveText(
      `Showing 1–48 of ${all.total_records} stores`,
    );
    await expect(page).toHaveTitle(`All stores | ${SITE}`);
    await expect(storeCards(page)).toHaveCount(48);
    expect(await storeCards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      all.data.slice(0, 48).map((s) => `/store/${s.slug}`),
    );

    await page.getByRole('navigation', { name: 'Store pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/store\?page=2$/);
    await expect(page.getByRole('status').filter({ hasText: 'stores' })).toHaveText(
      `Showing 49–${all.total_records} of ${all.total_records} stores`,
    );
    await expect(storeCards(page)).toHaveCount(all.total_records - 48);

    // Z lives on the last page: from page 1 the letter opens it at the Z group.
    await page.goto(tenantUrl('one', '/store'));
    await page
      .getByRole('navigation', { name: 'Stores by first letter' })
      .getByRole('link', { name: 'Stores starting with Z' })
      .click();
    await expect(page).toHaveURL(/\/store\?page=2#stores-letter-z$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Z', exact: true })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Z', exact: true })).toBeInViewport();

    const last = all.data[all.data.length - 1]!;
    await page.getByRole('link', { name: last.name }).click();
    await expect(page).toHaveURL(new RegExp(`/store/${last.slug}$`));
    expect(errors).toEqual([]);
  });

  test('Shoppers filter the stores by name as they type', async ({ page, request }) => {
    const expected = await api<ListPage>(request, '/api/end-user/store/stores-by-name?name=cove&per_page=48');
    await page.goto(tenantUrl('one', '/store'));
    await expect(storeCards(page)).toHaveCount(48);
    await page.getByRole('searchbox', { name: 'Find a store' }).fill('cove');
    await expect(page).toHaveURL(/\/store\?name=cove$/);
    const noun = expected.total_records === 1 ? 'store matches' : 'stores match';
    await expect(page.getByRole('status').filter({ hasText: 'cove' })).toHaveText(
      `${expected.total_records} ${noun} “cove”`,
    );
    await expect(storeCards(page)).toHaveCount(expected.total_records);
    await page.getByRole('searchbox', { name: 'Find a store' }).fill('qqqzz');
    await expect(page.getByText('No store name contains “qqqzz”.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all stores' }).click();
    await expect(storeCards(page)).toHaveCount(48);
  });

  test('Shoppers see the newest stores first with how long ago each was added', async ({ page, request }) => {
    const errors = watchErrors(page);
    const latest = await api<{ data: Named[] }>(request, '/api/end-user/store/latest-stores?limit=48');
    await page.goto(tenantUrl('one', '/newlyaddedstores'));
    await expect(page.getByRole('heading', { level: 1, name: 'Newly added stores' })).toBeVisible();
    await expect(page).toHaveTitle(`Newly added stores | ${SITE}`);
    await expect(storeCards(page)).toHaveCount(latest.data.length);
    expect(await storeCards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      latest.data.map((s) => `/store/${s.slug}`),
    );
    await expect(storeCards(page).first()).toContainText(/Added (today|yesterday|\d+ days ago)/);
    await storeCards(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/store/${latest.data[0]!.slug}$`));
    expect(errors).toEqual([]);
  });

  test('Shoppers page through every deal, 12 at a time, with the total', async ({ page, request }) => {
    const errors = watchErrors(page);
    const first = await api<ListPage>(request, '/api/end-user/coupon/coupon-list-by-website?per_page=12');
    await page.goto(tenantUrl('one', '/coupons'));
    await expect(page).toHaveTitle(`All deals | ${SITE}`);
    await expect(page.getByRole('status').filter({ hasText: 'deals' })).toHaveText(
      `Showing 1–12 of ${first.total_records} deals`,
    );
    await expect(page.getByRole('button', { name: 'View' })).toHaveCount(12);
    await page.getByRole('navigation', { name: 'Deal pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/coupons\?page=2$/);
    await expect(page.getByRole('status').filter({ hasText: 'deals' })).toHaveText(
      `Showing 13–24 of ${first.total_records} deals`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'All deals' })).toBeFocused();
    await expect(
      page.getByRole('navigation', { name: 'Deal pages' }).getByRole('link', { name: String(first.total_pages) }),
    ).toHaveAttribute('href', `/coupons?page=${first.total_pages}`);
    expect(errors).toEqual([]);
  });

  test('When the deals cannot load, shoppers get a message and Try again brings them', async ({ page }) => {
    let failing = true;
    await page.route('**/api/end-user/coupon/coupon-list-by-website*', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"down"}' })
        : route.continue(),
    );
    // From another page, so the list comes through the browser's call (a loaded /coupons carries its deals inline).
    await page.goto(tenantUrl('one', '/aboutus'), { waitUntil: 'networkidle' });
    await navigateInApp(page, '/coupons');
    await expect(page.getByRole('alert')).toContainText("Couldn't load deals.", { timeout: 15_000 });
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'View' })).toHaveCount(12);
  });
});

test.describe('search', () => {
  test('Shoppers search a store name from the header and land on its results; the search is recorded once', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const records = watchRecords(page);
    await page.goto(tenantUrl('one', '/'));
    const box = page.getByRole('banner').getByRole('searchbox').first();
    await box.fill('Bluebird Books');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/searchpage\?q=Bluebird(\+|%20)Books$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “Bluebird Books”');
    await expect(page).toHaveTitle(`Search results for “Bluebird Books” | ${SITE}`);
    const stores = page.getByRole('region', { name: /^Stores/ });
    await expect(stores.getByRole('link', { name: 'Bluebird Books' })).toHaveAttribute('href', '/store/bluebird-books');
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toContainText('1 store found');
    expect(await page.evaluate(() => sessionStorage.getItem('searchTerm'))).toBe('Bluebird Books');
    await expect.poll(() => records).toEqual(['Bluebird Books']);
    // Reloading the same search does not count it again.
    await page.reload();
    await expect(stores.getByRole('link', { name: 'Bluebird Books' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready'); // the app and its effects run
    await page.waitForLoadState('networkidle'); // a second record would have been sent by now
    expect(records).toEqual(['Bluebird Books']);
    await stores.getByRole('link', { name: 'Bluebird Books' }).click();
    await expect(page).toHaveURL(/\/store\/bluebird-books$/);
    expect(errors).toEqual([]);
  });

  test('Shoppers refine their search on the page and page through the deals found', async ({ page, request }) => {
    const records = watchRecords(page);
    const found = await api<{ totalRecords: number; total_pages: number }>(
      request,
      '/end-user/coupon/search-coupon?search=off&per_page=12',
    );
    expect(found.total_pages).toBeGreaterThan(1);
    await page.goto(tenantUrl('one', '/searchpage?q=Bluebird'));
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search stores and deals' });
    await expect(box).toHaveValue('Bluebird');
    await box.fill('off');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/searchpage\?q=off$/);
    const deals = page.getByRole('region', { name: /^Deals/ });
    await expect(deals.getByRole('heading', { level: 2 })).toHaveText(`Deals (${found.totalRecords})`);
    await expect(deals.getByRole('button', { name: 'View' })).toHaveCount(12);
    await page
      .getByRole('navigation', { name: 'Deal result pages' })
      .getByRole('link', { name: 'Page 2', exact: true })
      .click();
    await expect(page).toHaveURL(/\/searchpage\?q=off&page=2$/);
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toContainText(`page 2 of ${found.total_pages}`);
    expect(records).toEqual(['Bluebird', 'off']);
  });

  test('A search that finds nothing suggests categories and popular stores', async ({ page, request }) => {
    const records = watchRecords(page);
    const categories = await api<{ data: { category: string; count: number }[] }>(
      request,
      '/api/end-user/coupon/getUniqueCategoryAndCount',
    );
    const biggest = [...categories.data].sort((a, b) => b.count - a.count)[0]!;
    await page.goto(tenantUrl('one', '/searchpage?q=zzqxv'));
    await expect(page.getByText('No stores or deals match “zzqxv”.')).toBeVisible();
    const suggested = page.getByRole('region', { name: 'Browse popular categories' });
    await expect(suggested.getByRole('link').first()).toHaveAttribute(
      'href',
      `/category/${encodeURIComponent(biggest.category)}`,
    );
    await expect(suggested.getByRole('link', { name: 'All categories' })).toHaveAttribute('href', '/categories');
    await expect(page.getByRole('region', { name: 'Popular stores' }).locator('a[href^="/store/"]')).toHaveCount(12);
    await expect.poll(() => records).toEqual(['zzqxv']);
    await suggested.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/category/${encodeURIComponent(biggest.category)}$`));
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const route of ['/store', '/newlyaddedstores', '/coupons', '/searchpage?q=off', '/searchpage?q=zzqxv']) {
    test(`Shoppers on a phone read ${route} without sideways scrolling`, async ({ page }, testInfo) => {
      await page.goto(tenantUrl('one', route));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: testInfo.outputPath('phone.png'), fullPage: true });
    });
  }
});
