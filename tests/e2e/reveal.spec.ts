import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet } from './api';
import { navigateInApp, readLayout, tenantUrl } from './helpers';
import type { Coupon } from '../../src/shared/contract/entities';

const grid = readLayout('home/hero-sliders.json').sections.find((s) => s.type === 'deal-grid')!;
const expanded = grid.settings.expanded as number;

/** Merchant sites are fictional (.example): answer them locally so a navigation there is observable. */
async function stubMerchants(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Merchant</title><h1>Merchant</h1>',
    }),
  );
}

async function revealCard(page: Page, index: number): Promise<void> {
  const root = page.locator(`[data-section-id="${grid.id}"]`);
  if (index >= (grid.settings.collapsed as number))
    await root.getByRole('button', { name: grid.settings.showMoreLabel as string }).click();
  await root
    .locator('article.deal-card')
    .nth(index)
    .getByRole('button', { name: grid.settings.buttonLabel as string })
    .click();
}

test.describe('coupon reveal', () => {
  let coupons: Coupon[] = [];
  test.beforeAll(async () => {
    coupons = (
      await apiGet<{ data: Coupon[] }>(
        'one.localhost',
        `/api/end-user/coupon/getCouponsBasedOnDomain?per_page=${expanded}`,
      )
    ).data;
  });
  const indexOf = (type: string) => {
    const i = coupons.findIndex((c) => c.store_id.desktop_redirection_type === type);
    if (i < 0) throw new Error(`the demo data has no recommended coupon of type ${type} among the first ${expanded}`);
    return i;
  };

  test("A 'default' store opens the couponsredirect page in a new tab with the coupon stored for it", async ({
    page,
    context,
  }) => {
    await stubMerchants(context);
    await page.goto(tenantUrl('one'));
    const i = indexOf('default');
    const coupon = coupons[i]!;
    const popup = context.waitForEvent('page');
    await revealCard(page, i);
    const tab = await popup;
    await expect
      .poll(() => new URL(tab.url()).pathname)
      .toBe(`/couponsredirect/coupon/${coupon.store_id.slug}/${coupon._id}`);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(await page.evaluate(() => [localStorage.getItem('redirectionType'), localStorage.getItem('label')])).toEqual(
      ['default', 'Redirection'],
    );
  });

  test("A 'zero-redirect-without-refer' store opens /mr/ in a new tab once the link is known", async ({
    page,
    context,
  }) => {
    await stubMerchants(context);
    await page.goto(tenantUrl('one'));
    const i = indexOf('zero-redirect-without-refer');
    const popup = context.waitForEvent('page');
    await revealCard(page, i);
    const tab = await popup;
    await expect.poll(() => new URL(tab.url()).pathname).toMatch(/^\/mr\/?$/);
  });

  test("A 'zero-redirect-with-refer' store goes to the couponzr route and opens the merchant link in a new tab", async ({
    page,
    context,
  }) => {
    await stubMerchants(context);
    await page.goto(tenantUrl('one'));
    const i = indexOf('zero-redirect-with-refer');
    const coupon = coupons[i]!;
    const popup = context.waitForEvent('page');
    await revealCard(page, i);
    const tab = await popup;
    const expectedLink = await apiGet<{
      data: { coupons: { finalLink: string | null; link: string | null }[]; domain_link: string };
    }>('one.localhost', `/v2/fetch/couponurl?coupon_id=${coupon._id}`);
    const fromApi = [
      coupon.finalLink,
      coupon.link,
      expectedLink.data.coupons[0]?.finalLink,
      expectedLink.data.coupons[0]?.link,
      expectedLink.data.domain_link,
    ].filter(Boolean);
    await expect.poll(() => tab.url()).toMatch(/\.example\//);
    expect(fromApi).toContain(tab.url());
    await expect(page).toHaveURL(new RegExp(`/couponzr/${coupon.store_id.slug}/${coupon._id}$`));
  });
});

test('Script payloads in coupon text run nothing: the text is sanitised before it is rendered', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const payloads = [
    '<img src=x onerror="window.__xss=1;alert(1)">Deal',
    '<iframe srcdoc="<script>parent.__xss=2</script>"></iframe>Deal',
    '<svg onload="window.__xss=3"></svg><b>Bold</b> deal',
    '<a href="javascript:window.__xss=4">click</a><style>body{display:none}</style><form action="https://evil.example"><input></form>',
  ];
  await page.route('**/api/end-user/coupon/getCouponsBasedOnDomain**', async (route) => {
    // Node (which runs route.fetch) cannot resolve *.localhost; the domain-name header still names the tenant.
    const response = await route.fetch({ url: route.request().url().replace('//one.localhost:', '//127.0.0.1:') });
    const body = (await response.json()) as { data: { name: string; title: string; description: string }[] };
    body.data.forEach((c, i) => {
      c.name = payloads[i % payloads.length]!;
      c.title = payloads[(i + 1) % payloads.length]!;
      c.description = payloads[(i + 2) % payloads.length]!;
    });
    await route.fulfill({ response, json: body });
  });
  // The server draws the home with the real data (its own escaping is tested in tests/server/server-render.test.ts):
  // the home is reached by a link from another page, so its coupons come through the browser's (intercepted) call.
  await page.goto(tenantUrl('one', '/aboutus'), { waitUntil: 'networkidle' });
  await navigateInApp(page, '/');
  const section = page.locator(`[data-section-id="${grid.id}"]`);
  await expect(section.locator('article.deal-card').first()).toBeVisible();
  await expect(section.getByText('Bold').first()).toBeVisible();
  // An <img onerror> payload would run once its image failed: wait until every image has loaded or failed.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await section.locator('iframe, svg[onload], img[onerror], form, style, a[href^="javascript"]').count()).toBe(
    0,
  );
  await expect(page.locator('body')).toBeVisible();
});
