import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Coupon } from '../../src/shared/contract/entities';
import { apiGet } from './api';
import { followClickOuts } from './click-outs';
import { adminToken, consoleCall, DEMO_ADMIN } from './console-api';
import { port, tenantUrl } from './helpers';

// Issue 31 in Chromium: a shopper clicks out on one.localhost and on two.localhost (the redirect page's button, through
// /out, to the merchant with the click's sub-ID); an operator imports an Awin report that pays the first click, and the
// console's Revenue tab shows the commission on tenant one only, for that coupon, store and layout variant; a
// re-import with the sale approved moves the amount from Pending to Approved; the chart draws and the CSV is safe.

const SUB_ID = 'subid';
const FORMULA = /^[=+\-@\t\r]/;
/** A person's browser: headless Chromium's own user agent is a machine's, whose clicks are kept but not counted. */
const SHOPPER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let token: string;
let coupon: Coupon;
let context: BrowserContext;
let consolePage: Page;

async function sharedCoupon(): Promise<Coupon> {
  const list = (host: string) =>
    apiGet<{ data: Coupon[] }>(host, '/api/end-user/coupon/getCouponsBasedOnDomain?per_page=60').then((a) => a.data);
  const [one, two] = await Promise.all([list('one.localhost'), list('two.localhost')]);
  const onTwo = new Set(two.map((c) => c._id));
  const found = one.find((c) => onTwo.has(c._id) && c.store_id?.slug);
  if (!found) throw new Error('the demo data has no coupon listed on both one.localhost and two.localhost');
  return found;
}

/** The redirect page's "Go to … now": through /out to the merchant; answers the sub-ID the merchant link carried. */
async function clickOut(tenant: string): Promise<string> {
  const page = await context.newPage();
  await page.goto(tenantUrl(tenant, `/couponsredirect/coupon/${coupon.store_id.slug}/${coupon._id}`));
  const go = page.getByRole('link', { name: /^Go to .* now$/ });
  await expect(go).toHaveAttribute('href', `/out/${coupon._id}?from=redirect`);
  await go.click();
  await expect.poll(() => new URL(page.url()).hostname).toMatch(/\.example$/);
  const subId = new URL(page.url()).searchParams.get(SUB_ID);
  expect(subId).toMatch(/^[A-Za-z0-9_-]{16}$/);
  await page.close();
  return subId!;
}

const awinCsv = (clickRef: string, status: string) =>
  [
    'Transaction ID,Advertiser ID,Advertiser Name,Click Ref,Transaction Date,Sale Amount,Commission Amount,Currency,Commission Status,Paid to publisher',
    `9100001,10502,Demo Merchant,${clickRef},${new Date().toLocaleDateString('en-GB', { timeZone: 'UTC' })} 10:00:00,100.00,8.00,USD,${status},No`,
  ].join('\n');

async function importReport(csv: string): Promise<void> {
  const form = consolePage.getByRole('form', { name: 'Import a transaction report' });
  await form.getByLabel('Report format').selectOption({ label: 'Awin transactions CSV (report export)' });
  await form
    .getByLabel('Report file')
    .setInputFiles({ name: 'awin.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await form.getByRole('button', { name: 'Import report' }).click();
}

/** The revenue table's row for `label`, cell by column heading. */
async function cell(rowLabel: string | RegExp, column: string): Promise<string> {
  const table = consolePage.locator('table.revenue-table');
  const headings = await table.locator('thead th').allInnerTexts();
  const index = headings.findIndex((h) => h.trim().startsWith(column));
  expect(index, `column ${column} in ${headings.join(' | ')}`).toBeGreaterThan(0);
  const row = table.locator('tbody tr').filter({ has: consolePage.getByRole('rowheader', { name: rowLabel }) });
  return (await row.locator('th, td').nth(index).innerText()).trim();
}

async function groupBy(label: string): Promise<void> {
  const answer = consolePage.waitForResponse((r) => r.url().includes('/api/admin/revenue?'));
  await consolePage.getByLabel('Group by').selectOption({ label });
  await answer;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  token = await adminToken();
  coupon = await sharedCoupon();
  const set = await consoleCall('PATCH', `/api/admin/stores/${coupon.store_id._id}`, {
    token,
    body: { sub_id_param: SUB_ID },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    userAgent: SHOPPER_UA,
  });
  await followClickOuts(context);
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Merchant</title><h1>Merchant</h1>',
    }),
  );
});

test.afterAll(async () => {
  await consoleCall('PATCH', `/api/admin/stores/${coupon.store_id._id}`, { token, body: { sub_id_param: null } });
  await context?.close();
});

test('click-outs on two tenants, an Awin report paying the first: revenue on tenant one only', async () => {
  test.setTimeout(120_000);
  const first = await clickOut('one');
  const second = await clickOut('two');
  expect(second).not.toBe(first);

  consolePage = await context.newPage();
  await consolePage.goto(`http://admin.localhost:${port}/admin`);
  await consolePage.getByLabel('Email').fill(DEMO_ADMIN.email);
  await consolePage.getByLabel('Password').fill(DEMO_ADMIN.password);
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await consolePage.getByRole('button', { name: 'Revenue', exact: true }).click();
  await expect(consolePage.getByRole('heading', { level: 2, name: 'Revenue' })).toBeVisible();

  await importReport(awinCsv(first, 'pending'));
  await expect(consolePage.getByText(/Imported 1 new and 0 changed transactions/)).toBeVisible();
  await consolePage.getByRole('button', { name: 'Refresh' }).click();

  await groupBy('Tenant');
  await expect.poll(() => cell('Coupon Harbor', 'Pending')).toMatch(/\$8\.00/);
  // Tenant two's click-out is counted, and earned nothing.
  expect(Number(await cell('Saverly', 'Clicks'))).toBeGreaterThan(0);
  expect(await cell('Saverly', 'Pending')).toMatch(/\$0\.00/);
  expect(await cell('Saverly', 'Approved')).toMatch(/\$0\.00/);

  await groupBy('Coupon');
  const couponRow = consolePage.locator('table.revenue-table tbody tr').filter({ hasText: '$8.00' });
  await expect(couponRow).toHaveCount(1);
  await expect(couponRow.getByRole('rowheader')).toContainText(coupon.store_id.name);
  await groupBy('Store');
  await expect(consolePage.locator('table.revenue-table tbody tr').filter({ hasText: '$8.00' })).toContainText(
    coupon.store_id.name,
  );
  await groupBy('Layout variant');
  await expect(consolePage.locator('table.revenue-table tbody tr').filter({ hasText: '$8.00' })).toHaveCount(1);
  const epc = await consolePage.locator('table.revenue-table tfoot td').last().innerText();
  expect(epc).toMatch(/\$\d/);

  // The same report, the sale now approved: the amount moves between columns and nothing is added.
  await importReport(awinCsv(first, 'approved'));
  await expect(consolePage.getByText(/Imported 0 new and 1 changed transactions/)).toBeVisible();
  await consolePage.getByRole('button', { name: 'Refresh' }).click();
  await groupBy('Tenant');
  await expect.poll(() => cell('Coupon Harbor', 'Approved')).toMatch(/\$8\.00/);
  expect(await cell('Coupon Harbor', 'Pending')).toMatch(/\$0\.00/);
});

test('the chart of the last 30 days draws, and the CSV export is safe to open in a spreadsheet', async () => {
  await consolePage.getByRole('button', { name: 'Last 30 days' }).click();
  const canvas = consolePage.locator('.revenue canvas').first();
  await expect(canvas).toBeVisible();
  const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n += 1;
    return n;
  });
  expect(painted).toBeGreaterThan(100);

  const download = consolePage.waitForEvent('download');
  await consolePage.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^revenue-.*\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const rows = parse(text) as string[][];
  expect(rows.length).toBeGreaterThan(2);
  for (const row of rows) {
    expect(row).toHaveLength(rows[0]!.length);
    for (const value of row) if (Number.isNaN(Number(value))) expect(value).not.toMatch(FORMULA);
  }
});
