import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { tenantUrl } from './helpers';
import { adminToken, consoleCall, DEMO_ADMIN } from './console-api';

// Issue 26: the first thing an operator sees after sign-in is how each tenant's day is going, each figure a way to
// where it is handled; at desktop and phone width, without a serious or critical axe finding.
const screens = 'data/screens';
mkdirSync(screens, { recursive: true });
const consoleUrl = () => tenantUrl('admin', '/admin');

async function signIn(page: Page) {
  await page.goto(consoleUrl());
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the overview is the first screen after sign-in, and each figure opens where it is handled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect(page.getByRole('heading', { level: 2, name: 'How the day is going' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table', { name: 'Today and the last 7 days, by tenant' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  // Every tenant a row (other tests add some), with today's date in its time zone.
  const tenants = await consoleCall<{ data: unknown[] }>('GET', '/api/admin/tenants', { token: await adminToken() });
  await expect(table.getByRole('rowheader')).toHaveCount(tenants.body.data.length);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /one\.localhost/ }) });
  await expect(row.getByRole('rowheader')).toContainText(/Today: \w{3} \d{1,2} \w{3} \(UTC\)/);
  await page.screenshot({ path: `${screens}/overview-1280.png`, fullPage: true });

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Codes reported not working → the Coupons table of that tenant. A figure is named by its numbers and described by
  // its column, tenant and destination (tab names stay the tab bar's).
  const reported = row.locator('td[data-label="Codes reported not working"] button');
  await expect(reported).toHaveAccessibleName(/^\d+ today \d+ in 7 days/);
  await expect(reported).toHaveAccessibleDescription(
    'Codes reported not working Coupon Harbor Opens Catalogue, Coupons.',
  );
  await reported.click();
  await expect(page.getByRole('button', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('tab', { name: 'Coupons' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Tenant', { exact: true })).toHaveValue(
    (await page.locator('option', { hasText: '(one.localhost)' }).getAttribute('value')) ?? '',
  );
  // Alerts → the Alerts tab; back to the overview from the tab bar.
  await page.getByRole('button', { name: 'Overview' }).click();
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /two\.localhost/ }) })
    .locator('td[data-label="Signal alerts"] button')
    .click();
  await expect(page.getByRole('heading', { level: 2, name: /^Alerts/ })).toBeVisible();

  // At phone width: no sideways scroll, each tenant a card of labelled figures.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Overview' }).click();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const figure = row.locator('td[data-label="Reveals"] button');
  const box = await figure.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${screens}/overview-390.png`, fullPage: true });
  const phone = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(phone.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
});
