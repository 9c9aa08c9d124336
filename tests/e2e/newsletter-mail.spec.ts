import { expect, test } from './fixtures';
import { tenantUrl, toastWith, watchErrors } from './helpers';

// Issue 14 in the browser: sign-ups say to check the inbox (double opt-in; the same words for a new, pending or
// confirmed address, issue 24); the store page's "Follow this store" asks for an email; the pages behind a mail's
// links are the tenant's own. The mails themselves: tests/server/*mail*.

test('Shoppers are asked to confirm a newsletter sign-up from their inbox', async ({ page }) => {
  await page.goto(tenantUrl('one'));
  const block = page.locator('[data-section-type="newsletter"]');
  await block.getByRole('textbox', { name: /email/i }).fill(`optin-${Date.now()}@example.com`);
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    toastWith(page, 'Please check your inbox for our email about your newsletter subscription.'),
  ).toBeVisible();
});

test('Shoppers follow a store with their email', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(tenantUrl('one', '/store/northwind-outfitters'));
  await page.getByRole('button', { name: 'Follow this store' }).click();
  const input = page.getByRole('textbox', { name: /Email me new .* coupons/ });
  await input.fill('not-an-email');
  await page.getByRole('button', { name: 'Follow this store' }).click();
  await expect(toastWith(page, 'Please provide a valid email address.')).toBeVisible();
  await input.fill(`fan-${Date.now()}@example.com`);
  const answer = page.waitForResponse((r) => r.url().includes('/api/end-user/store/follow'));
  await page.getByRole('button', { name: 'Follow this store' }).click();
  expect((await answer).status()).toBe(200);
  await expect(toastWith(page, 'Please check your inbox for our email about alerts for new')).toBeVisible();
  expect(errors).toEqual([]);
});

test('A confirmation link that is not valid shows the tenant page, with no button', async ({ page }) => {
  const res = await page.goto(tenantUrl('one', `/newsletter/confirm?token=${'0'.repeat(64)}`));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Coupon Harbor', exact: true })).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);
});
