import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet } from './api';
import { readLayout, renderedSectionTypes, tenantUrl, toastWith, watchErrors } from './helpers';
import { homeTenants } from './home-tenants';
import { expectSectionMatchesDocument } from './home-sections';

// Kept outside Playwright's output folder, which each run empties.
const screens = 'data/screens';
mkdirSync(screens, { recursive: true });

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

for (const { tenant, file } of homeTenants) {
  test.describe(`${tenant} home (${file})`, () => {
    test(`Shoppers on ${tenant} see every section of ${file} in order, with the document's numbers`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      const doc = readLayout(file);
      await page.goto(tenantUrl(tenant));
      await settle(page);
      const sidebar = doc.sections.filter((s) => s.placement === 'sidebar').map((s) => s.type);
      const main = doc.sections.filter((s) => s.placement !== 'sidebar').map((s) => s.type);
      expect(await renderedSectionTypes(page)).toEqual([...sidebar, ...main]);
      for (const section of doc.sections) await expectSectionMatchesDocument(page, section);
      expect(errors).toEqual([]);
    });

    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      test(`${tenant} home at ${width} px wide has no horizontal scroll (screenshot kept)`, async ({ browser }) => {
        const page = await browser.newPage({ viewport: { width, height } });
        await page.goto(tenantUrl(tenant));
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        await page.screenshot({ path: `${screens}/home-${tenant}-${width}.png`, fullPage: true });
        await page.close();
      });
    }
  });
}

test('Shoppers toggle Show more / Show less between the document sizes (8 ↔ 17 on One, 11 ↔ 18 on Three)', async ({
  page,
}) => {
  for (const [tenant, file] of [
    ['one', 'home/hero-sliders.json'],
    ['three', 'home/three-four.json'],
  ] as const) {
    const grid = readLayout(file).sections.find((s) => s.type === 'deal-grid')!;
    const { collapsed, expanded, showMoreLabel, showLessLabel } = grid.settings as {
      collapsed: number;
      expanded: number;
      showMoreLabel: string;
      showLessLabel: string;
    };
    await page.goto(tenantUrl(tenant));
    const root = page.locator(`[data-section-id="${grid.id}"]`);
    const cards = root.locator('article.deal-card');
    await expect(cards).toHaveCount(collapsed);
    await root.getByRole('button', { name: showMoreLabel }).click();
    await expect(cards).toHaveCount(expanded);
    await expect(root.getByRole('button', { name: showLessLabel })).toHaveAttribute('aria-expanded', 'true');
    await root.getByRole('button', { name: showLessLabel }).click();
    await expect(cards).toHaveCount(collapsed);
  }
});

test('Shoppers filter the category list as they type, ignoring case', async ({ page }) => {
  await page.goto(tenantUrl('default'));
  const sidebar = page.locator('[data-section-type="category-sidebar"]');
  const box = sidebar.getByRole('searchbox');
  const categories = (
    await apiGet<{ data: { category: string }[] }>('localhost', '/api/end-user/coupon/getUniqueCategoryAndCount')
  ).data.map((c) => c.category);
  const links = sidebar.getByRole('list').getByRole('link');
  await expect(links).toHaveCount(categories.length);
  await box.fill('OUT');
  const expected = categories.filter((c) => c.toLowerCase().includes('out'));
  expect(expected.length).toBeGreaterThan(0);
  await expect(links).toHaveCount(expected.length);
  await box.fill('zzz-no-such');
  await expect(links).toHaveCount(0);
  await expect(sidebar.getByText(/No category matches/)).toBeVisible();
});

test('The newsletter refuses an invalid email without a request, and subscribes a valid one', async ({ page }) => {
  await page.goto(tenantUrl('one'));
  const block = page.locator('[data-section-type="newsletter"]');
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/end-user/newsletter/email-subscribe')) requests += 1;
  });
  await block.getByRole('textbox', { name: /email/i }).fill('not-an-email');
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toastWith(page, 'Please provide a valid email address.')).toBeVisible();
  expect(requests).toBe(0);

  const email = `e2e-${Date.now()}@example.com`;
  await block.getByRole('textbox', { name: /email/i }).fill(email);
  const answer = page.waitForResponse((r) => r.url().includes('/end-user/newsletter/email-subscribe'));
  await block.getByRole('button', { name: 'Subscribe' }).click();
  const body = (await (await answer).json()) as { success: boolean; message: string };
  expect(body.success).toBe(true);
  await expect(toastWith(page, body.message)).toBeVisible();
  await expect(block.getByRole('textbox', { name: /email/i })).toHaveValue('');
});

test('Header and footer are absent in the redirect area', async ({ page }) => {
  await page.goto(tenantUrl('one', '/mr'));
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
  await page.goto(tenantUrl('one'));
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(page.locator('footer.site-footer')).toBeVisible();
});

test('The scroll-to-top button appears only beyond 300 px and takes the shopper back up', async ({ page }) => {
  await page.goto(tenantUrl('one'));
  const button = page.locator('button.scroll-to-top');
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
