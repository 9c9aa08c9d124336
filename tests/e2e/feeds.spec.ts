import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page, type Response } from '@playwright/test';
import { DEMO_ADMIN } from './console-api';
import { clientDir, port, root } from './helpers';
import { expectNoSeriousViolations } from './axe';

// Issue 30 in Chromium: an Awin voucher feed configured in the console's Feeds tab, served by a local HTTP server as
// the network would serve it; two of its advertisers mapped (a suggestion accepted, a store searched for); a dry run
// whose diff shows what a sync would add while shoppers see nothing yet; then a sync, and its coupons on a tenant's
// store page. Also: axe on the tab, and the tab kept out of the console's first load.
//
// A sync writes coupons into the catalogue other specs read, so this file starts a second instance of the suite's
// build on its own port and data (as layout-studio.spec.ts does).

const feedsPort = port + 9;
const dataDir = `data/e2e-feeds-${feedsPort}`;
const at = (host: string, route = '/') => `http://${host}.localhost:${feedsPort}${route}`;
const FIXTURE = path.join(root, 'tests/fixtures/feeds/awin-csv.csv');
/** Offers of the two advertisers mapped below (Northwind Outfitters' and Orbit Electronics' in the fixture). */
const NORTHWIND_OFFER = '15% off all outerwear';
const ORBIT_OFFER = 'Up to 40% off laptops';
const MAPPED_OFFERS = 5;

let server: ChildProcess;
let files: http.Server;
let feedUrl: string;
let context: BrowserContext;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // The network's side: the fixture at a URL on a free port.
  const csv = readFileSync(FIXTURE);
  files = http.createServer((req, res) => {
    if (req.url === '/vouchers.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(csv);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/vouchers.csv`;

  rmSync(path.join(root, dataDir), { recursive: true, force: true });
  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(feedsPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.relative(root, clientDir),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MISSES_PER_MINUTE: '1000000',
    },
  });
  await expect
    .poll(
      async () =>
        fetch(`http://127.0.0.1:${feedsPort}/healthz`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 90_000 },
    )
    .toBe(200);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await page.goto(at('admin', '/admin'));
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${DEMO_ADMIN.email} · admin`)).toBeVisible();
});

test.afterAll(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  await new Promise<void>((resolve) => (files ? files.close(() => resolve()) : resolve()));
});

/** Clicks `button` and answers the run it queued (the POST's 202). */
async function startRun(button: Locator): Promise<number> {
  const queued = page.waitForResponse(
    (r: Response) => r.request().method() === 'POST' && /\/api\/admin\/feeds\/\d+\/runs$/.test(r.url()),
  );
  await button.click();
  const res = await queued;
  expect(res.status()).toBe(202);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** A count tile of a run's diff. */
const count = (report: Locator, label: string) => report.locator('dt', { hasText: label }).locator('+ dd');

/** The store page a shopper of one.localhost opens. */
async function shopperStorePage(slug: string): Promise<Page> {
  const shopper = await context.newPage();
  const response = await shopper.goto(at('one', `/store/${slug}`));
  expect(response?.status()).toBe(200);
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
  return shopper;
}

test('an Awin feed is added, mapped, dry-run and synced; shoppers see its coupons only after the sync', async () => {
  test.setTimeout(180_000);
  await page.getByRole('button', { name: 'Feeds', exact: true }).click();
  await expect(page.getByText(/A feed is an affiliate network's list of voucher codes/)).toBeVisible();
  await expectNoSeriousViolations(page, 'the Feeds tab with no feed', 'main');

  // Add the feed.
  await page.getByRole('button', { name: 'Add your first feed' }).click();
  const form = page.getByRole('form', { name: 'Add a feed' });
  await form.getByLabel('Name').fill('Awin UK');
  await form.getByLabel('Format').selectOption({ label: 'Awin voucher CSV' });
  await form.getByLabel('Feed URL').fill(feedUrl);
  await form.getByRole('checkbox', { name: /\(one\.localhost\)/ }).check();
  await expect(form.getByLabel('Default category').locator('option', { hasText: 'Electronics' })).toBeAttached();
  await form.getByLabel('Default category').selectOption('Electronics');
  await form.getByLabel('Sync every (hours)').fill('0');
  await expectNoSeriousViolations(page, 'the add-feed form', 'main');
  await form.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Awin UK/ })).toBeFocused();
  await expect(page.getByText('Feed added.')).toBeVisible();

  // A first dry run reads the feed: its advertisers are listed, nothing is mapped, nothing is written.
  const first = await startRun(page.getByRole('button', { name: 'Dry run' }));
  const dry = page.getByRole('article', { name: new RegExp(`^Dry run #${first} · done`) });
  await expect(dry).toBeVisible({ timeout: 60_000 });
  await expect(dry.getByText('Dry run: nothing was written.')).toBeVisible();
  await expect(count(dry, 'Added')).toHaveText('+0');
  await expect(count(dry, 'Refused')).toHaveText('⚠2');
  await expect(dry.getByRole('table', { name: 'Refused offers' })).toContainText('line 16');

  // Map two advertisers: Orbit by its suggestion, Northwind by searching the stores.
  await dry.getByRole('button', { name: 'Map the advertisers' }).click();
  const ads = page.getByRole('table', { name: 'Advertisers of Awin UK, unmapped first' });
  const row = (name: string) =>
    ads.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  await expect(row('Orbit Electronics')).toContainText('Unmapped · offers held back until mapped');
  await expect(row('Orbit Electronics')).toContainText(/Orbit Electronics \d+% · by site/);
  await row('Orbit Electronics')
    .getByRole('button', { name: /^Accept suggestion Orbit Electronics for Orbit Electronics/ })
    .click();
  const picker = row('Northwind Outfitters').getByRole('combobox', { name: 'Store for Northwind Outfitters' });
  await picker.fill('Northwind');
  await page
    .getByRole('listbox', { name: 'Store for Northwind Outfitters' })
    .getByRole('option', { name: /^Northwind Outfitters/ })
    .click();
  await expect(picker).toHaveValue('Northwind Outfitters');
  await expect(page.getByText('2 unsaved changes')).toBeVisible();
  await expectNoSeriousViolations(page, 'the advertisers of a feed', 'main');
  await page.getByRole('button', { name: 'Save mappings' }).click();
  await expect(page.getByText('Advertisers mapped; the next sync brings their offers.')).toBeVisible();
  await expect(row('Orbit Electronics')).not.toContainText('Unmapped');
  await expect(row('Northwind Outfitters')).not.toContainText('Unmapped');

  // A dry run now shows what the sync would add; shoppers still see none of it.
  await page.getByRole('tab', { name: 'Runs' }).click();
  const second = await startRun(page.getByRole('button', { name: 'Dry run' }));
  const diff = page.getByRole('article', { name: new RegExp(`^Dry run #${second} · done`) });
  await expect(diff).toBeVisible({ timeout: 60_000 });
  await expect(diff.getByText('Dry run: nothing was written.')).toBeVisible();
  await expect(count(diff, 'Added')).toHaveText(`+${MAPPED_OFFERS}`);
  await diff.getByText(`Added: ${MAPPED_OFFERS} offers`).click();
  await expect(diff.getByRole('table', { name: 'Added offers' })).toContainText(NORTHWIND_OFFER);
  await expectNoSeriousViolations(page, "a dry run's diff", 'main');
  const before = await shopperStorePage('northwind-outfitters');
  await expect(before.getByText(NORTHWIND_OFFER)).toHaveCount(0);
  await before.close();

  // The sync writes them: the store pages show the feed's coupons.
  const sync = await startRun(page.getByRole('button', { name: 'Sync now' }));
  const synced = page.getByRole('article', { name: new RegExp(`^Sync #${sync} · done`) });
  await expect(synced).toBeVisible({ timeout: 60_000 });
  await expect(synced.getByText('nothing was written')).toHaveCount(0);
  await expect(count(synced, 'Added')).toHaveText(`+${MAPPED_OFFERS}`);
  const northwind = await shopperStorePage('northwind-outfitters');
  await expect(northwind.getByText(NORTHWIND_OFFER).first()).toBeVisible();
  await northwind.close();
  const orbit = await shopperStorePage('orbit-electronics');
  await expect(orbit.getByText(ORBIT_OFFER).first()).toBeVisible();
  await orbit.close();

  // Back to the list: the feed with its last run.
  await page.getByRole('button', { name: '← All feeds' }).click();
  const feedRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Awin UK' }) });
  await expect(feedRow.getByRole('button', { name: 'Awin UK', exact: true })).toBeFocused();
  await expect(feedRow).toContainText('Awin voucher CSV');
  await expect(feedRow).toContainText('manual');
  await expect(feedRow).toContainText(/Sync done/);
  await expectNoSeriousViolations(page, 'the Feeds tab with a feed', 'main');
});

test('the Feeds tab is loaded on demand, not with the console', () => {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { imports?: string[]; dynamicImports?: string[] }
  >;
  const firstLoad = new Set<string>();
  const visit = (key: string) => {
    if (firstLoad.has(key)) return;
    firstLoad.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit('admin.html');
  expect([...firstLoad].filter((key) => key.includes('console/feeds/'))).toEqual([]);
  expect(manifest['admin.html']?.dynamicImports ?? []).toContain('src/client/console/feeds/feeds-panel.tsx');
});
