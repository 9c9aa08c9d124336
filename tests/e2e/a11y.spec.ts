import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet } from './api';
import { expectNoSeriousViolations } from './axe';
import { readLayout, tenantUrl, watchErrors } from './helpers';
import { homeTenants } from './home-tenants';
import type { CategoryCount as Category, Coupon, Store } from '../../src/shared/contract/entities';

// Issue 6 §4: axe-core on every page type at desktop and phone width, zero serious or critical violations.
// Also with the landing layout's redirect step (modal) open, the new-tab reveal page, and the mobile menu open.

const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const STORE = 'northwind-outfitters';
const grid = readLayout('home/hero-sliders.json').sections.find((s) => s.type === 'deal-grid')!;

/** The page has its data: no request in flight, no skeleton, nothing marked busy. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#main')).not.toBeEmpty();
  await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
}

/** Merchant sites are fictional (.example): answer them locally so no tab waits on the network. */
async function stubMerchants(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Merchant</title><h1>Merchant</h1>',
    }),
  );
}

let coupon: Coupon;
let category: string;
/** Index in tenant one's Top Deals grid of a coupon whose Show code opens the couponsredirect tab. */
let newTabIndex: number;
/** A store of each tenant (tenants carry different stores and brand colours). */
const storeOf: Record<string, string> = {};
test.beforeAll(async () => {
  for (const { tenant, host } of homeTenants) {
    const stores = (
      await apiGet<{ data: Store[] }>(host, '/api/end-user/store/getActiveStoresBasedOnDomain?per_page=1')
    ).data;
    storeOf[tenant] = stores[0]!.slug;
  }
  const recommended = (
    await apiGet<{ data: Coupon[] }>(
      'one.localhost',
      `/api/end-user/coupon/getCouponsBasedOnDomain?per_page=${grid.settings.collapsed as number}`,
    )
  ).data;
  newTabIndex = recommended.findIndex((c) => c.store_id.desktop_redirection_type === 'default');
  if (newTabIndex < 0) throw new Error("no 'default' redirect coupon among tenant one's first Top Deals");
  const coupons = (
    await apiGet<{ data: Coupon[] }>('one.localhost', '/api/end-user/coupon/getCouponsBasedOnDomain?per_page=100')
  ).data;
  const withCode = coupons.find((c) => c.code && c.store_id.desktop_redirection_type === 'default');
  if (!withCode) throw new Error('the demo data has no default-redirect coupon with a code');
  coupon = withCode;
  const categories = (
    await apiGet<{ data: Category[] }>('one.localhost', '/api/end-user/coupon/getUniqueCategoryAndCount')
  ).data;
  category = categories.find((c) => c.count > 0)!.category;
});

/** Every page type: each demo home, then the other routes on tenant "one" (and the store page on every tenant: brand colours differ). */
const pages: { name: string; url: () => string }[] = [
  ...homeTenants.map(({ tenant }) => ({ name: `home (${tenant})`, url: () => tenantUrl(tenant) })),
  ...homeTenants
    .filter(({ tenant }) => tenant !== 'one')
    .map(({ tenant }) => ({
      name: `store page (${tenant})`,
      url: () => tenantUrl(tenant, `/store/${storeOf[tenant]}`),
    })),
  { name: 'store page', url: () => tenantUrl('one', `/store/${STORE}`) },
  { name: 'category page', url: () => tenantUrl('one', `/category/${encodeURIComponent(category)}`) },
  { name: 'categories', url: () => tenantUrl('one', '/categories') },
  { name: 'all stores', url: () => tenantUrl('one', '/store') },
  { name: 'newly added stores', url: () => tenantUrl('one', '/newlyaddedstores') },
  { name: 'all coupons', url: () => tenantUrl('one', '/coupons') },
  { name: 'search with results', url: () => tenantUrl('one', '/searchpage?q=off') },
  { name: 'search without results', url: () => tenantUrl('one', '/searchpage?q=zzqxv') },
  { name: 'about', url: () => tenantUrl('one', '/aboutus') },
  { name: 'privacy', url: () => tenantUrl('one', '/privacypolicy') },
  { name: 'contact', url: () => tenantUrl('one', '/contactus') },
  { name: 'not found', url: () => tenantUrl('one', '/no-such-page') },
  { name: 'store not found', url: () => tenantUrl('one', '/store/no-such-store') },
  {
    name: 'coupon redirect',
    url: () => tenantUrl('one', `/couponsredirect/coupon/${coupon.store_id.slug}/${coupon._id}`),
  },
];

for (const size of widths) {
  test.describe(`axe at ${size.name} width (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const { name, url } of pages) {
      test(`The ${name} page has no serious or critical accessibility violations`, async ({ page, context }) => {
        await stubMerchants(context);
        const errors = watchErrors(page);
        await page.goto(url());
        await settled(page);
        await expectNoSeriousViolations(page, `${name} at ${size.name} width`);
        // Not-found pages answer 404 on purpose; anything else logged is a bug.
        expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      });
    }

    test('The redirect step (landing layout modal) has no serious or critical violations', async ({
      page,
      context,
    }) => {
      await stubMerchants(context);
      await page.goto(tenantUrl('two'));
      await settled(page);
      await page.locator('[data-action="redirect-step"] article').first().getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectNoSeriousViolations(page, `the redirect step at ${size.name} width`);
    });

    test('The coupon page a Show code opens in a new tab has no serious or critical violations', async ({
      page,
      context,
    }) => {
      await stubMerchants(context);
      await page.goto(tenantUrl('one'));
      await settled(page);
      const popup = context.waitForEvent('page');
      await page
        .locator(`[data-section-id="${grid.id}"] article.deal-card`)
        .nth(newTabIndex)
        .getByRole('button', { name: grid.settings.buttonLabel as string })
        .click();
      const tab = await popup;
      await tab.setViewportSize({ width: size.width, height: size.height });
      await tab.getByRole('heading', { level: 1 }).waitFor();
      await settled(tab);
      await expectNoSeriousViolations(tab, `the reveal tab at ${size.name} width`);
    });
  });
}

test.describe('axe with the mobile menu open (phone width)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const { tenant } of homeTenants) {
    test(`The open mobile menu on ${tenant} has no serious or critical violations`, async ({ page }) => {
      await page.goto(tenantUrl(tenant));
      await settled(page);
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeVisible();
      await expectNoSeriousViolations(page, `the open mobile menu on ${tenant}`);
    });
  }
});
