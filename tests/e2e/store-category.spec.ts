import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet } from './api';
import { tenantUrl, watchErrors } from './helpers';
import type { CategoryCount as Category, Coupon, StoreRating } from '../../src/shared/contract/entities';
import type { Answer, CouponPage, StoreWithCoupons as StoreAnswer } from '../../src/shared/contract/envelopes';

// Store, category and categories pages as shoppers use them; expectations come from the API of the same server.
type Rating = Answer<StoreRating>;

const TENANT = 'one.localhost';
const STORE = 'northwind-outfitters'; // a 'default' redirect store with more offers than one page holds
const PER_PAGE = 12; // pageSettings.couponsPerPage

const isExpired = (c: Coupon) => c.expiry_date !== null && new Date(c.expiry_date).getTime() <= Date.now();

/** Merchant sites are fictional (.example): answer them locally so a tab opened there loads. */
async function stubMerchants(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Merchant</title>' }),
  );
}

/** Nothing sticks out sideways (no horizontal scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('store page', () => {
  let answer: StoreAnswer;
  let rating: Rating['data'];
  test.beforeAll(async () => {
    answer = await apiGet<StoreAnswer>(TENANT, `/api/end-user/store/store-by-slug?slug=${STORE}`);
    rating = (
      await apiGet<Rating>(TENANT, `/api/end-user/store-rating/store-rating-average?storeId=${answer.data.store._id}`)
    ).data;
  });

  test('Shoppers see a store with its rating, merchant link, offers and related stores', async ({ page }) => {
    const errors = watchErrors(page);
    const { store, coupons, related_stores } = answer.data;
    const response = await page.goto(tenantUrl('one', `/store/${STORE}`));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${store.name} coupons & promo codes`);
    await expect(page).toHaveTitle(new RegExp(`^${store.name} coupons & promo codes`));
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/store');
    await expect(breadcrumb.getByText(store.name)).toHaveAttribute('aria-current', 'page');
    expect(rating.count).toBeGreaterThan(0);
    await expect(
      page.getByText(`${rating.average!.toFixed(1)} (${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'})`),
    ).toBeVisible();

    const visit = page.getByRole('link', { name: /Visit store/ });
    await expect(visit).toHaveAttribute('href', store.website_url!);
    await expect(visit).toHaveAttribute('rel', 'sponsored nofollow noopener');
    await expect(visit).toHaveAttribute('target', '_blank');

    const active = coupons.filter((c) => !isExpired(c));
    const expired = coupons.filter(isExpired);
    await expect(
      page.getByRole('region', { name: new RegExp(`^${store.name} offers`) }).getByRole('button', { name: 'View' }),
    ).toHaveCount(active.length);
    if (expired.length > 0)
      await expect(
        page.getByRole('region', { name: /^Expired offers/ }).getByRole('button', { name: 'View' }),
      ).toHaveCount(expired.length);

    // Codes and deals apart, asked of the API: the Codes tab leaves only cards marked "Code".
    await page.getByRole('tab', { name: /^Codes/ }).click();
    await expect(page).toHaveURL(/\?type=code$/);
    const cards = page.locator('article.deal-card');
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
    await expect(cards.first()).toBeVisible();
    expect(await cards.locator('.deal-kind').allTextContents()).toEqual(expect.arrayContaining(['Code']));
    expect(await cards.locator('.deal-kind-deal').count()).toBe(0);
    await page.getByRole('tab', { name: /^All/ }).click();

    const relatedLinks = page.getByRole('region', { name: 'Related stores' }).getByRole('link');
    await expect(relatedLinks.first()).toHaveAttribute('href', `/store/${related_stores[0]!.slug}`);
    await relatedLinks.first().click();
    await expect(page).toHaveURL(new RegExp(`/store/${related_stores[0]!.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(related_stores[0]!.name);
    expect(errors).toEqual([]);
  });

  test('Shoppers page through a store with more offers than one page holds', async ({ page }) => {
    expect(answer.total_pages).toBeGreaterThan(1);
    await page.goto(tenantUrl('one', `/store/${STORE}`));
    await expect(page.getByText(`${answer.total_records} offers · page 1 of ${answer.total_pages}`)).toBeVisible();
    await page
      .getByRole('navigation', { name: /offer pages$/ })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/store/${STORE}\\?page=2$`));
    await expect(page.getByText(`${answer.total_records} offers · page 2 of ${answer.total_pages}`)).toBeVisible();
    const second = await apiGet<StoreAnswer>(TENANT, `/api/end-user/store/store-by-slug?slug=${STORE}&page=2`);
    await expect(page.locator('article.deal-card')).toHaveCount(second.data.coupons.length);
  });

  test('Shoppers reveal a store offer: View opens the coupon redirect page in a new tab', async ({ page, context }) => {
    await stubMerchants(context);
    const first = answer.data.coupons.find((c) => !isExpired(c))!;
    expect(first.store_id.desktop_redirection_type).toBe('default');
    await page.goto(tenantUrl('one', `/store/${STORE}`));
    const popup = context.waitForEvent('page');
    await page
      .getByRole('region', { name: new RegExp(`^${answer.data.store.name} offers`) })
      .getByRole('button', { name: 'View' })
      .first()
      .click();
    const tab = await popup;
    await expect.poll(() => new URL(tab.url()).pathname).toBe(`/couponsredirect/coupon/${STORE}/${first._id}`);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
  });

  test('Shoppers who follow a dead store link get a real "Store not found" page (404) with a search box', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const response = await page.goto(tenantUrl('one', '/store/no-such-store-anywhere'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store not found');
    await expect(page).toHaveTitle(/^Store not found/);
    await expect(page.getByRole('link', { name: 'Browse all stores' })).toHaveAttribute('href', '/store');
    const search = page.getByRole('main').getByRole('search');
    await search.getByRole('searchbox').fill('northwind');
    await search.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/searchpage\?q=northwind$/);
    // The API's 404 for the unknown slug is the only failed request the browser reports.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});

test.describe('category pages', () => {
  test('Shoppers page through a category and reveal with the category form of the path', async ({ page, context }) => {
    await stubMerchants(context);
    const errors = watchErrors(page);
    const first = await apiGet<CouponPage>(
      TENANT,
      `/api/end-user/coupon/getCouponsBasedOnCategory?category=Electronics&page=1&per_page=${PER_PAGE}`,
    );
    expect(first.total_pages).toBeGreaterThan(1);
    await page.goto(tenantUrl('one', '/category/Electronics'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronics coupons');
    await expect(page).toHaveTitle(/^Electronics coupons/);
    await expect(page.getByText(`${first.total_records} offers · page 1 of ${first.total_pages}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'View' })).toHaveCount(first.data.length);

    const pages = page.getByRole('navigation', { name: 'Electronics coupon pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/category\/Electronics\?page=2$/);
    await expect(page.getByText(`${first.total_records} offers · page 2 of ${first.total_pages}`)).toBeVisible();
    const second = await apiGet<CouponPage>(
      TENANT,
      `/api/end-user/coupon/getCouponsBasedOnCategory?category=Electronics&page=2&per_page=${PER_PAGE}`,
    );
    await expect(page.getByRole('button', { name: 'View' })).toHaveCount(second.data.length);

    // The first active 'default' store offer on this page: its card's View opens /couponsredirect/category/...
    const active = second.data.filter((c) => !isExpired(c));
    const index = active.findIndex((c) => c.store_id.desktop_redirection_type === 'default');
    expect(index).toBeGreaterThanOrEqual(0);
    const coupon = active[index]!;
    const popup = context.waitForEvent('page');
    await page
      .getByRole('region', { name: /^Active offers/ })
      .getByRole('button', { name: 'View' })
      .nth(index)
      .click();
    const tab = await popup;
    await expect
      .poll(() => new URL(tab.url()).pathname)
      .toBe(`/couponsredirect/category/Electronics/coupon/${coupon.store_id.slug}/${coupon._id}`);
    expect(errors).toEqual([]);
  });

  test('Shoppers who open an unknown category get a helpful empty page pointing to the categories', async ({
    page,
  }) => {
    const response = await page.goto(tenantUrl('one', '/category/Zebra%20Saddles'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No coupons in “Zebra Saddles” right now' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse all categories' }).click();
    await expect(page).toHaveURL(/\/categories$/);
  });

  test('Shoppers filter the categories live and open one', async ({ page }) => {
    const errors = watchErrors(page);
    const categories = (await apiGet<{ data: Category[] }>(TENANT, '/api/end-user/coupon/getUniqueCategoryAndCount'))
      .data;
    await page.goto(tenantUrl('one', '/categories'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All categories');
    await expect(page).toHaveTitle(/^All categories/);
    const tiles = page.locator('a.category-tile');
    await expect(tiles).toHaveCount(categories.length);
    const filter = page.getByLabel('Filter categories');
    await filter.fill('GARDEN');
    const matching = categories.filter((c) => c.category.toLowerCase().includes('garden'));
    await expect(tiles).toHaveCount(matching.length);
    await filter.fill('zzz-nothing');
    await expect(page.getByText('No category matches “zzz-nothing”.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all categories' }).click();
    await expect(tiles).toHaveCount(categories.length);
    await filter.fill('home & g');
    await tiles.first().click();
    await expect(page).toHaveURL(/\/category\/Home%20%26%20Garden$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home & Garden coupons');
    expect(errors).toEqual([]);
  });
});

test.describe('screenshots', () => {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    test(`Store, category, categories and not-found pages fit a ${width} px screen`, async ({ browser }, info) => {
      const context = await browser.newContext({
        viewport: { width, height },
        isMobile: width < 600,
        hasTouch: width < 600,
      });
      const page = await context.newPage();
      for (const [name, route] of [
        ['store', `/store/${STORE}`],
        ['category', '/category/Electronics'],
        ['categories', '/categories'],
        ['store-not-found', '/store/no-such-store-anywhere'],
      ] as const) {
        await page.goto(tenantUrl('one', route));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
      }
      await context.close();
    });
  }
});

test('a store page filtered in its address is drawn by the server: only codes, soonest expiry first, server totals', async ({
  browser,
}) => {
  const path = `/store/${STORE}?type=code&sort=ending_soon`;
  const answer = await apiGet<StoreAnswer>(
    TENANT,
    `/api/end-user/store/store-by-slug?slug=${STORE}&type=code&sort=ending_soon`,
  );
  const { coupons } = answer.data;
  expect(coupons.length).toBeGreaterThan(1);
  expect(coupons.every((c) => c.code !== null && c.code.trim() !== '')).toBe(true);
  const live = coupons.filter((c) => c.expiry_date !== null && !isExpired(c)).map((c) => Date.parse(c.expiry_date!));
  expect(live).toEqual([...live].sort((a, b) => a - b));

  // Without JavaScript: what the server drew is the filtered, sorted list with the server's totals on the tabs.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl('one', path));
  await expect(page.getByRole('tab', { name: /^Codes/ })).toHaveAttribute('aria-selected', 'true');
  const counts = answer.offer_counts;
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveText(`All ${counts.all}`);
  await expect(page.getByRole('tab', { name: /^Codes/ })).toHaveText(`Codes ${counts.code}`);
  await expect(page.getByRole('tab', { name: /^Deals/ })).toHaveText(`Deals ${counts.deal}`);
  await expect(page.getByRole('tab', { name: /^Free shipping/ })).toHaveText(`Free shipping ${counts.free_shipping}`);
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('ending_soon');
  const cards = page.locator('article.deal-card');
  await expect(cards).toHaveCount(Math.min(coupons.length, answer.per_page));
  expect(await cards.locator('.deal-kind-deal').count()).toBe(0);
  // In the API's order: the expiry instants of the cards, top to bottom.
  const expiries = await cards
    .locator('.deal-expiry time')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
  expect(expiries).toEqual(coupons.slice(0, answer.per_page).flatMap((c) => (c.expiry_date ? [c.expiry_date] : [])));
  await context.close();
});
