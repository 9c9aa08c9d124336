import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { adminToken, consoleCall } from './console-api';
import { expect, test } from './fixtures';
import { apiGet } from './api';
import { layoutsDir, port, readLayout, tenantUrl, writeLayout } from './helpers';
import type { Coupon } from '../../src/shared/contract/entities';
import type { ExperimentReport } from '../../src/shared/contract/experiments';
import { MIN_HUMAN_OUTCOME_MS } from '../../src/shared/rules/signals';

// Issue 16: a 50/50 A/B layout on five.localhost. The server assigns the shopper (first-party cookie) and draws the
// variant, so the first paint is already it and the hydrated page is the same document: no swap, no redraw. The
// shopper keeps it on every page and after days (the cookie's Max-Age outlives the browser session). Leaving for a
// merchant from a redirect page is a click-out recorded with the shopper's variant.

// Headless Chromium says "HeadlessChrome", which the site treats as a bot (bots always get the control).
const SHOPPER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REDRAWN = '[dealdeck] the server-drawn page was redrawn';
const HEADINGS = { control: 'Top Deals', bold: 'Bold Deals' } as const;
const DAY = 86_400;

/**
 * Whether five.localhost's home runs an experiment now (its page is private to the shopper). Asked as a crawler: a
 * browser's request would be a new shopper exposed to the experiment, and the report counts a network's new ids.
 */
function experimentRunning(): Promise<boolean> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: '/',
          headers: { host: `five.localhost:${port}`, accept: 'text/html', 'user-agent': 'curl/8.5.0' },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            resolve(res.headers['cache-control'] === 'private, no-cache');
          });
        },
      )
      .on('error', reject);
  });
}

async function waitUntil(running: boolean): Promise<void> {
  await expect.poll(experimentRunning, { timeout: 15_000 }).toBe(running);
}

/** Opens the home as a new shopper (or the one of `storageState`); returns the server's and the hydrated variant. */
async function visit(page: Page): Promise<{ served: string; painted: string; hydrated: string; redraws: string[] }> {
  const redraws: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes(REDRAWN)) redraws.push(m.text());
  });
  // What the shopper saw first: the heading as parsed from the server's HTML, before any script ran.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstHeading?: string }).firstHeading =
        document.querySelector('.top-deals-heading')?.textContent ?? '';
    });
  });
  const res = await page.goto(tenantUrl('five'));
  const html = (await res?.text()) ?? '';
  const served =
    /<script type="application\/json" id="dealdeck-bootstrap">[\s\S]*?"file":"[^"]*\/home\/([^"]+)\.json"/.exec(
      html,
    )?.[1] ?? '';
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  const painted = await page.evaluate(() => (window as unknown as { firstHeading?: string }).firstHeading ?? '');
  const hydrated = (await page.locator('.top-deals-heading').textContent()) ?? '';
  return { served, painted, hydrated, redraws };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const shopperContext = (browser: Browser, storageState?: StorageState) =>
  browser.newContext({ userAgent: SHOPPER_UA, ...(storageState ? { storageState } : {}) });

test.describe('A/B layouts', () => {
  test.describe.configure({ mode: 'serial' });
  // The scratch copy starts as the repository's layouts/ (playwright.config.ts): restored from there afterwards.
  const original = readFileSync(path.resolve(import.meta.dirname, '../../layouts/home/top-deals.json'), 'utf8');

  test.beforeAll(async () => {
    const doc = readLayout('home/top-deals.json');
    const arm = (variant: keyof typeof HEADINGS) => ({
      ...doc,
      schemaVersion: 2,
      title: `Five ${variant}`,
      experiment: { id: 'e2e-five-home', variant, weight: 50 },
      sections: doc.sections.map((s) =>
        s.type === 'top-deals' ? { ...s, settings: { ...s.settings, heading: HEADINGS[variant] } } : s,
      ),
    });
    writeLayout('home/e2e-bold.json', arm('bold'));
    writeLayout('home/top-deals.json', arm('control'));
    await waitUntil(true);
  });

  test.afterAll(async () => {
    writeFileSync(path.join(layoutsDir, 'home/top-deals.json'), original);
    writeLayout('home/e2e-bold.json', '')();
    await waitUntil(false);
  });

  test('the variant painted by the server is the hydrated one, for shoppers of both variants', async ({ browser }) => {
    const seen = new Set<string>();
    for (let i = 0; i < 16 && seen.size < 2; i++) {
      const context = await shopperContext(browser);
      const page = await context.newPage();
      const { served, painted, hydrated, redraws } = await visit(page);
      const variant = served === 'e2e-bold' ? 'bold' : 'control';
      expect(['e2e-bold', 'top-deals']).toContain(served);
      expect(painted).toBe(HEADINGS[variant]);
      expect(hydrated).toBe(painted);
      expect(redraws).toEqual([]);
      seen.add(variant);
      await context.close();
    }
    expect([...seen].sort()).toEqual(['bold', 'control']);
  });

  test('a shopper keeps their variant across pages and days', async ({ browser }) => {
    const context = await shopperContext(browser);
    const page = await context.newPage();
    const first = await visit(page);
    // The server's own signed id (issue 24), which the variant is drawn from.
    const cookie = (await context.cookies()).find((c) => c.name === 'dd_id');
    expect(cookie?.httpOnly).toBe(true);
    // Not a session cookie: it outlives the browser for months.
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 179 * DAY);
    await page.getByRole('link', { name: 'Stores' }).first().click();
    await expect(page).toHaveURL(/\/store/);
    await page.goBack();
    await expect(page.locator('.top-deals-heading')).toHaveText(first.hydrated);
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await expect(page.locator('.top-deals-heading')).toHaveText(first.hydrated);
    }
    // Days later: a new browser session with the stored cookie.
    const state = await context.storageState();
    await context.close();
    const later = await shopperContext(browser, state);
    const again = await visit(await later.newPage());
    expect(again.served).toBe(first.served);
    expect(again.painted).toBe(first.painted);
    await later.close();
  });

  test('leaving for the merchant records a click-out with the variant of the shopper', async ({ browser }) => {
    const [coupon] = (
      await apiGet<{ data: Coupon[] }>('five.localhost', '/api/end-user/coupon/getCouponsBasedOnDomain?per_page=1')
    ).data;
    const context = await shopperContext(browser);
    // Merchant sites (*.example) answered locally.
    await context.route(/^https?:\/\/[^/]*\.example\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Merchant</title>' }),
    );
    const page = await context.newPage();
    const variant = (await visit(page)).served === 'e2e-bold' ? 'bold' : 'control';
    // A shopper reads the page before they leave: the report leaves out ids that act faster than a person can
    // (MIN_HUMAN_OUTCOME_MS after their first page). The time a person takes, not a wait for an event.
    // eslint-disable-next-line no-restricted-syntax
    await page.waitForTimeout(MIN_HUMAN_OUTCOME_MS + 200);
    await page.goto(tenantUrl('five', `/couponsredirect/coupon/${coupon!.store_id.slug}/${coupon!._id}`));
    // The record is sent with keepalive as the page leaves: its answer belongs to a document already gone, so the
    // test sees the request go out and then reads what the server recorded.
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/end-user/coupon/record-clickout'));
    await page.getByRole('link', { name: /^Go to .+ now$/ }).click();
    await page.waitForURL(/\.example\//);
    expect((await sent).method()).toBe('POST');
    // The console's report, asked on the console's own host (Node does not resolve *.localhost: console-api.ts).
    const token = await adminToken();
    const clickOuts = async () => {
      const answer = await consoleCall<{ data: ExperimentReport[] }>('GET', '/api/admin/experiments', { token });
      const arms = answer.body.data.find((e) => e.id === 'e2e-five-home')?.variants ?? [];
      return Object.fromEntries(arms.map((v) => [v.variant, v.clickOuts]));
    };
    // One click-out, counted for this shopper's variant and no other (an arm nobody drew may be left out).
    await expect.poll(async () => (await clickOuts())[variant], { timeout: 10_000 }).toBe(1);
    const other = variant === 'bold' ? 'control' : 'bold';
    expect((await clickOuts())[other] ?? 0).toBe(0);
    await context.close();
  });
});
