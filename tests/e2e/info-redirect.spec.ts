import { mkdirSync } from 'node:fs';
import { followClickOuts } from './click-outs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet } from './api';
import { port, readLayout, tenantUrl, watchErrors } from './helpers';
import type { Coupon, CouponUrl } from '../../src/shared/contract/entities';
import type { DomainData } from '../../src/shared/contract/domain-data';

// Information pages (about, privacy, contact) and the redirect pages: main paths, failures and forged links.
type LinkAnswer = { data: CouponUrl };

const TENANT = 'one';
const HOST = 'one.localhost';
const screens = 'data/screens';
mkdirSync(screens, { recursive: true });
const grid = readLayout('home/hero-sliders.json').sections.find((s) => s.type === 'deal-grid')!;

/** The link GET /v2/fetch/couponurl gives for a coupon: what the redirect pages must land on. */
async function apiLink(couponId: string): Promise<string> {
  const answer = await apiGet<LinkAnswer>(HOST, `/v2/fetch/couponurl?coupon_id=${couponId}`);
  const link = answer.data.coupons[0]?.finalLink || answer.data.domain_link;
  if (!link) throw new Error(`no link for ${couponId}`);
  return link;
}

/** Merchant sites (*.example) answered locally; each visit records its Referer header. evil.example visits are recorded too. */
async function stubMerchants(context: BrowserContext): Promise<{ url: string; referer: string | undefined }[]> {
  const visits: { url: string; referer: string | undefined }[] = [];
  await followClickOuts(context);
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) => {
    visits.push({ url: route.request().url(), referer: route.request().headers()['referer'] });
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Merchant</title><h1>Merchant</h1>',
    });
  });
  return visits;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${screens}/info-redirect-${name}-${width}.png`, fullPage: true });
  }
}

/** Stores what the reveal flow leaves for /mr/ (reveal-storage keys, plus the coupon id the page checks the link against). */
async function storeOffer(page: Page, offer: { link: string; couponId: string; type?: string }): Promise<void> {
  await page.goto(tenantUrl(TENANT, '/aboutus'));
  await page.evaluate((o) => {
    localStorage.setItem('redirectionType', o.type ?? 'zero-redirect-without-refer');
    localStorage.setItem('label', 'Redirection');
    localStorage.setItem('link', o.link);
    localStorage.setItem('couponId', o.couponId);
  }, offer);
}

let coupons: Coupon[] = [];
let domain: DomainData;
test.beforeAll(async () => {
  coupons = (await apiGet<{ data: Coupon[] }>(HOST, '/api/end-user/coupon/getCouponsBasedOnDomain?per_page=100')).data;
  domain = (await apiGet<{ data: DomainData }>(HOST, '/api/end-user/website-data/fetchByDomain')).data;
});
const pick = (test: (c: Coupon) => boolean, what: string): Coupon => {
  const found = coupons.find(test);
  if (!found) throw new Error(`the demo data of ${TENANT} has no ${what}`);
  return found;
};
const withCode = () =>
  pick((c) => c.store_id.desktop_redirection_type === 'default' && Boolean(c.code), "'default' coupon with a code");
const withoutRefer = () =>
  pick(
    (c) => c.store_id.desktop_redirection_type === 'zero-redirect-without-refer',
    "'zero-redirect-without-refer' coupon",
  );

test.describe('information pages', () => {
  test('Shoppers read about the site, in the tenant’s own words', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(tenantUrl(TENANT, '/aboutus'));
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page.locator('main').getByText(domain.footer_about_us!.slice(0, 60))).toBeVisible();
    await expect(page).toHaveTitle(`About us | ${domain.name}`);
    await shoot(page, 'about');
    expect(errors).toEqual([]);
  });

  test('Shoppers read a privacy policy naming the site: newsletter, storage, affiliate links and contact', async ({
    page,
  }) => {
    await page.goto(tenantUrl(TENANT, '/privacypolicy'));
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    for (const name of [
      'Newsletter',
      'Cookies and browser storage',
      'Links to stores and affiliate links',
      'Your choices and contact',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText(`${domain.name} (“we”) runs this website`)).toBeVisible();
    await expect(page.locator('main').getByRole('link', { name: domain.contact!.email! })).toHaveAttribute(
      'href',
      `mailto:${domain.contact!.email}`,
    );
    await shoot(page, 'privacy');
  });

  test('Shoppers fix what the contact form points out, then send their message', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(tenantUrl(TENANT, '/contactus'));
    await expect(page.locator('main aside').getByText(domain.contact!.email!)).toBeVisible();
    await shoot(page, 'contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill('ada@example');
    await page.getByLabel('Message', { exact: true }).fill('The SAVE10 code at Orbit Electronics has expired.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please provide a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.getByLabel('Email address').fill('ada@example.com');
    const sent = page.waitForRequest('**/api/end-user/mail/sendMail');
    await page.getByRole('button', { name: 'Send message' }).click();
    const request = await sent;
    expect(request.headers()['domain-name']).toBe(HOST);
    expect(request.postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'The SAVE10 code at Orbit Electronics has expired.',
    });
    await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent' })).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${screens}/info-redirect-contact-sent-390.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test("A send that fails shows 'Unable to send information' and keeps the message", async ({ page }) => {
    await page.goto(tenantUrl(TENANT, '/contactus'));
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Hello there');
    await page.route('**/api/end-user/mail/sendMail', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('form', { name: 'Contact form' }).getByRole('alert')).toHaveText(
      'Unable to send information',
    );
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello there');
    await page.unroute('**/api/end-user/mail/sendMail');
    await page.route('**/api/end-user/mail/sendMail', (route) =>
      route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }),
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('form', { name: 'Contact form' }).getByRole('alert')).toHaveText(
      'Unable to send information',
    );
    await page.screenshot({ path: `${screens}/info-redirect-contact-failed.png` });
  });
});

test.describe('redirect pages', () => {
  test('The new-tab coupon page shows the store and code, lets the shopper copy it, then lands on the API link', async ({
    page,
    context,
  }) => {
    const errors = watchErrors(page);
    const visits = await stubMerchants(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tenantUrl(TENANT, '') });
    const coupon = withCode();
    const expected = await apiLink(coupon._id);
    // A stale link from another reveal must not be used.
    await storeOffer(page, { link: 'https://evil.example/', couponId: coupon._id, type: 'default' });
    await page.goto(tenantUrl(TENANT, `/couponsredirect/coupon/${coupon.store_id.slug}/${coupon._id}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(coupon.store.name, { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Pause' }).click();
    await shoot(page, 'couponsredirect');
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Code copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(coupon.code);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.waitForURL(/\.example\//, { timeout: 15_000 });
    expect(page.url()).toBe(expected);
    expect(visits.map((v) => v.url)).toEqual([expected]);
    expect(errors).toEqual([]);
  });

  test('Every couponsredirect form (plain, category, store with :mtrd / :s2s) goes to the API link by the button', async ({
    page,
    context,
  }) => {
    await stubMerchants(context);
    const coupon = withCode();
    const expected = await apiLink(coupon._id);
    const slug = coupon.store_id.slug;
    const routes = [
      `/couponsredirect/${slug}/${coupon._id}`,
      `/couponsredirect/category/${encodeURIComponent(coupon.category)}/coupon/${slug}/${coupon._id}`,
      `/couponsredirect/store/${slug}/coupon/${slug}/${coupon._id}`,
      `/couponsredirect/store/${slug}/coupon/${slug}/${coupon._id}/mtrd`,
      `/couponsredirect/store/${slug}/coupon/${slug}/${coupon._id}/s2s`,
    ];
    for (const route of routes) {
      await page.goto(tenantUrl(TENANT, route));
      await page.getByRole('link', { name: `Go to ${coupon.store.name} now` }).click();
      await page.waitForURL(/\.example\//);
      expect(page.url(), route).toBe(expected);
    }
  });

  test('Zero-redirect with referrer: the reveal opens the merchant and this tab shows the coupon, with a way to open it again', async ({
    page,
    context,
  }) => {
    const visits = await stubMerchants(context);
    const collapsed = grid.settings.collapsed as number;
    const listed = (
      await apiGet<{ data: Coupon[] }>(
        HOST,
        `/api/end-user/coupon/getCouponsBasedOnDomain?per_page=${grid.settings.expanded as number}`,
      )
    ).data;
    const index = listed.findIndex((c) => c.store_id.desktop_redirection_type === 'zero-redirect-with-refer');
    expect(index).toBeGreaterThanOrEqual(0);
    const coupon = listed[index]!;
    const expected = await apiLink(coupon._id);
    await page.goto(tenantUrl(TENANT));
    const section = page.locator(`[data-section-id="${grid.id}"]`);
    if (index >= collapsed) await section.getByRole('button', { name: grid.settings.showMoreLabel as string }).click();
    const first = context.waitForEvent('page');
    await section
      .locator('article.deal-card')
      .nth(index)
      .getByRole('button', { name: grid.settings.buttonLabel as string })
      .click();
    await (await first).close();
    await expect(page).toHaveURL(new RegExp(`/couponzr/${coupon.store_id.slug}/${coupon._id}$`));
    await expect(page.getByText('Your offer opened in a new tab')).toBeVisible();
    await shoot(page, 'couponzr');
    const again = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Open the offer again' }).click();
    const tab = await again;
    await expect.poll(() => tab.url()).toBe(expected);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(visits.at(-1)?.referer).toContain(`${HOST}:${port}`);
  });

  test('The couponzr route from a store, opened directly, offers the API link in a new tab', async ({
    page,
    context,
  }) => {
    await stubMerchants(context);
    const coupon = withCode();
    const expected = await apiLink(coupon._id);
    await page.goto(
      tenantUrl(TENANT, `/couponzr/store/${coupon.store_id.slug}/coupon/${coupon.store_id.slug}/${coupon._id}`),
    );
    await expect(page.getByText('Your offer is ready')).toBeVisible();
    await expect(page.getByText(coupon.code!, { exact: true })).toBeVisible();
    const tab = context.waitForEvent('page');
    await page.getByRole('link', { name: `Go to ${coupon.store.name}` }).click();
    await expect.poll(async () => (await tab).url()).toBe(expected);
  });

  test('The mr coupon route leaves for the API link without a referrer, and has no header or footer', async ({
    page,
    context,
  }) => {
    const visits = await stubMerchants(context);
    const coupon = withoutRefer();
    const expected = await apiLink(coupon._id);
    await page.goto(
      tenantUrl(TENANT, `/mr/store/${coupon.store_id.slug}/coupon/${coupon._id}/zero-redirect-without-refer`),
    );
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.locator('header.site-header, footer.site-footer')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pause' }).click();
    await shoot(page, 'mr-coupon');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.waitForURL(/\.example\//, { timeout: 15_000 });
    expect(page.url()).toBe(expected);
    expect(await page.evaluate(() => document.referrer)).toBe('');
    expect(visits.at(-1)?.referer).toBeUndefined();
  });

  test('/mr follows the stored offer once the API confirms its coupon and link, without a referrer', async ({
    page,
    context,
  }) => {
    const visits = await stubMerchants(context);
    const coupon = withoutRefer();
    const expected = await apiLink(coupon._id);
    await storeOffer(page, { link: expected, couponId: coupon._id });
    await page.goto(tenantUrl(TENANT, '/mr/'));
    await page.getByRole('link', { name: `Go to ${coupon.store.name} now` }).click();
    await page.waitForURL(/\.example\//);
    expect(page.url()).toBe(expected);
    expect(await page.evaluate(() => document.referrer)).toBe('');
    expect(visits.at(-1)?.referer).toBeUndefined();
  });

  test('A forged link, stored or in the address, is never followed', async ({ page, context }) => {
    // The page's clock runs as usual but can be moved past the whole countdown at once (clock.runFor below).
    await page.clock.install();
    const visits = await stubMerchants(context);
    const coupon = withoutRefer();
    const expected = await apiLink(coupon._id);
    await storeOffer(page, { link: 'https://evil.example/', couponId: coupon._id });
    await page.goto(tenantUrl(TENANT, '/mr'));
    await expect(page.getByRole('alert')).toContainText('API did not provide a valid link.');
    await shoot(page, 'mr-forged');
    await storeOffer(page, { link: expected, couponId: coupon._id });
    await page.goto(tenantUrl(TENANT, '/mr/https%3A%2F%2Fevil.example'));
    await expect(page.getByRole('alert')).toContainText('API did not provide a valid link.');
    await page.goto(tenantUrl(TENANT, '/couponsredirect/coupon/evil/https%3A%2F%2Fevil.example'));
    await expect(page.getByRole('alert')).toContainText('Cannot get Coupon URL');
    await page.clock.runFor(6_000); // longer than the countdown: every timer due by then has run
    expect(new URL(page.url()).host).toBe(`${HOST}:${port}`);
    expect(visits).toEqual([]);
    expect(await page.locator('a[href*="evil.example"]').count()).toBe(0);
  });

  test('The whole without-referrer reveal: a View click opens /mr/, which confirms the link with the API and leaves without a referrer', async ({
    page,
    context,
  }) => {
    const visits = await stubMerchants(context);
    const coupon = withoutRefer();
    type StoreAnswer = { data: { coupons: { _id: string }[] } };
    const first = (await apiGet<StoreAnswer>(HOST, `/api/end-user/store/store-by-slug?slug=${coupon.store_id.slug}`))
      .data.coupons[0]!;
    const expected = await apiLink(first._id);
    await page.goto(tenantUrl(TENANT, `/store/${coupon.store_id.slug}`));
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: /^View/ }).first().click();
    const tab = await popup;
    await tab.waitForURL(/\.example\//, { timeout: 20_000 });
    expect(tab.url()).toBe(expected);
    expect(await tab.evaluate(() => document.referrer)).toBe('');
    expect(visits.at(-1)?.referer).toBeUndefined();
  });
});
