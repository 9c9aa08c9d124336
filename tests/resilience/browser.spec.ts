import { rmSync } from 'node:fs';
import type { Locator, Page, Route } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { navigateInApp } from '../e2e/helpers';
import { startServer, TENANT, type ServerChild } from './server';

// Issue 6 point 5, in the browser: (b) with one section's call failing, only that section shows its error and the
// rest of the page renders; (a) with the API stopped after the page loaded (the server process really stopped),
// navigating shows the cached data or a clear message with a retry, never a blank page; and the retry works once the
// server is back. The tests of this file run in order on one server; the last one stops and restarts it.

let server: ServerChild;
let dataDir: string | undefined;
test.beforeAll(async () => {
  server = await startServer();
  dataDir = server.dataDir;
});
test.afterAll(async () => {
  await server?.dispose();
  // The restarted server reuses the first one's data directory, which is then no longer owned by a dispose().
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const home = () => `http://${TENANT}:${server.port}/`;
const ALERT_TIMEOUT = 20_000;

/** The page is not blank: the header, some main content and the footer are on screen. */
async function expectNotBlank(page: Page, what: string): Promise<void> {
  const main = page.locator('main#main');
  await expect(main, `${what}: no main content`).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => (await main.innerText()).trim().length, {
      message: `${what}: the main content is (almost) empty`,
      timeout: 15_000,
    })
    .toBeGreaterThan(20);
  await expect(page.locator('header').first(), `${what}: no header`).toBeVisible();
  await expect(page.locator('footer').first(), `${what}: no footer`).toBeAttached();
}

/** A failure is shown as a message and a button that asks again (Try again / Reload), not as an empty area. */
async function expectErrorWithRetry(scope: Locator, what: string): Promise<Locator> {
  const alert = scope.locator('[role=alert]').filter({ hasText: /\S/ }).first();
  await expect(alert, `${what}: no error message`).toBeVisible({ timeout: ALERT_TIMEOUT });
  await expect(
    alert.getByRole('button', { name: /try again|reload|retry/i }),
    `${what}: no retry button`,
  ).toBeVisible();
  expect((await alert.innerText()).trim().length, `${what}: the error has no message`).toBeGreaterThan(10);
  return alert;
}

const visibleAlerts = (page: Page) => page.locator('[role=alert]:visible').filter({ hasText: /\S/ });

interface Candidate {
  section: string;
  call: RegExp;
  failure: 'http 500' | 'aborted';
}

/**
 * Opens the home with one section's call failing. A loaded home is drawn on the server with every section's data
 * inlined, so the shopper comes from another page (the router's navigation): the home's sections then fetch their
 * data in the browser. The first candidate whose call the browser really makes is the one tested.
 */
async function loadWithOneFailingSection(
  page: Page,
  candidates: Candidate[],
): Promise<{ candidate: Candidate; unfail: () => Promise<void> }> {
  const skipped: string[] = [];
  for (const candidate of candidates) {
    let hits = 0;
    const handler = async (route: Route) => {
      if (!candidate.call.test(route.request().url())) return route.fallback();
      hits++;
      if (candidate.failure === 'aborted') return route.abort('connectionreset');
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Something went wrong on our side.' }),
      });
    };
    await page.route('**/*', handler);
    await page.goto(`${home()}aboutus`, { waitUntil: 'networkidle' });
    await navigateInApp(page, '/');
    const section = page.locator(`[data-section-id="${candidate.section}"]`);
    await section.scrollIntoViewIfNeeded().catch(() => undefined);
    await expect
      .poll(() => hits, { timeout: 8000 })
      .toBeGreaterThan(0)
      .catch(() => undefined);
    if (hits > 0) return { candidate, unfail: () => page.unroute('**/*', handler) };
    skipped.push(`${candidate.section} (no call matching ${candidate.call})`);
    await page.unroute('**/*', handler);
  }
  throw new Error(`none of the candidate sections fetched its data in the browser: ${skipped.join('; ')}`);
}

async function expectOnlySectionFailed(page: Page, failing: string): Promise<void> {
  const section = page.locator(`[data-section-id="${failing}"]`);
  const alert = await expectErrorWithRetry(section, `section ${failing}`);
  await expect(alert).toContainText(/couldn.t load/i);
  // Only that section: one error on the whole page, and every other section has content.
  await expect(visibleAlerts(page)).toHaveCount(1);
  const others = await page
    .locator('main [data-section-id]')
    .evaluateAll(
      (els, id) =>
        els.filter((e) => e.getAttribute('data-section-id') !== id).map((e) => e.getAttribute('data-section-id') ?? ''),
      failing,
    );
  expect(others.length).toBeGreaterThan(2);
  for (const id of others) {
    const other = page.locator(`[data-section-id="${id}"]`);
    await other.scrollIntoViewIfNeeded();
    await expect(other.locator('[role=alert]'), `section ${id} shows an error too`).toHaveCount(0);
    await expect
      .poll(
        async () =>
          other.evaluate(
            (e) => (e.textContent ?? '').trim().length + e.querySelectorAll('img, a, input, button').length,
          ),
        { message: `section ${id} is empty`, timeout: 10_000 },
      )
      .toBeGreaterThan(0);
  }
  // Store cards and deal cards outside the failed section are there.
  await expect(
    page.locator(`main [data-section-id]:not([data-section-id="${failing}"]) a[href^="/store/"]`).first(),
  ).toBeAttached();
  await expectNotBlank(page, `home with ${failing} failing`);
}

test('(b) a store list whose call answers 500: only that section shows its error, with a retry that works', async ({
  page,
}) => {
  const { candidate, unfail } = await loadWithOneFailingSection(page, [
    { section: 'newly-added-stores', call: /\/api\/end-user\/store\/latest-stores/, failure: 'http 500' },
    { section: 'trending-stores', call: /\/api\/end-user\/store\/top-visited-stores/, failure: 'http 500' },
  ]);
  await expectOnlySectionFailed(page, candidate.section);
  // Asking again while the call still fails: the section shows that it is loading (the skeleton, or "Trying again…"
  // when it had data), then the message and Try again are back.
  const section = page.locator(`[data-section-id="${candidate.section}"]`);
  await section.getByRole('button', { name: /^try again$/i }).click();
  await expect(section.locator('[aria-busy="true"]').first()).toBeAttached();
  await expect(section.getByRole('button', { name: /^try again$/i })).toBeVisible({ timeout: ALERT_TIMEOUT });
  await expect(visibleAlerts(page)).toHaveCount(1);
  // The API is back: Try again fills the section and the error goes away.
  await unfail();
  await section.getByRole('button', { name: /^try again$/i }).click();
  await expect(section.locator('a[href^="/store/"]').first()).toBeVisible({ timeout: ALERT_TIMEOUT });
  await expect(visibleAlerts(page)).toHaveCount(0);
});

test('(b) the deals call dropped on the network: only the deals section shows its error', async ({ page }) => {
  const { candidate } = await loadWithOneFailingSection(page, [
    { section: 'top-deals', call: /\/api\/end-user\/coupon\/getCouponsBasedOnDomain/, failure: 'aborted' },
    { section: 'newly-added-stores', call: /\/api\/end-user\/store\/latest-stores/, failure: 'aborted' },
  ]);
  await expectOnlySectionFailed(page, candidate.section);
});

test('(a) the server stopped after the page loaded: navigating shows cached data or a message with a retry, never a blank page', async ({
  page,
}) => {
  await page.goto(home());
  await page.waitForLoadState('networkidle');
  const storeLinks = page.locator('main a[href^="/store/"]');
  await expect(storeLinks.first()).toBeVisible();
  const hrefs = [
    ...new Set(await storeLinks.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))),
  ].filter((h) => /^\/store\/[^/]+$/.test(h));
  expect(hrefs.length).toBeGreaterThanOrEqual(2);
  const [visited, unvisited] = hrefs as [string, string];

  // Visit one store while the server is up (its page chunk and data are now cached), then come back home.
  await page.locator(`main a[href="${visited}"]`).first().click();
  const storeName = page.locator('h1.store-header-name');
  await expect(storeName).toBeVisible({ timeout: 15_000 });
  const visitedName = (await storeName.innerText()).trim();
  await page.goBack();
  await expect(page.locator(`main a[href="${unvisited}"]`).first()).toBeVisible();

  // The API goes away for real.
  await server.stop();
  expect(server.exited()).toBe(true);

  // Cached: the store seen before shows its data; no error.
  await page.locator(`main a[href="${visited}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${visited}$`));
  await expect(page.locator('h1.store-header-name')).toHaveText(visitedName);
  await expect(visibleAlerts(page)).toHaveCount(0);
  await expectNotBlank(page, 'cached store page');

  // Cached: the home shows its sections again.
  await page.goBack();
  await expect(page.locator(`main a[href="${unvisited}"]`).first()).toBeVisible();
  await expect(visibleAlerts(page)).toHaveCount(0);
  await expectNotBlank(page, 'cached home');

  // Not cached: a store never opened → its page says it could not load and offers Try again; asking again fails
  // again (the server is still down) and still shows the message, not an empty page.
  await page.locator(`main a[href="${unvisited}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${unvisited}$`));
  const failed = await expectErrorWithRetry(page.locator('main'), 'store page never loaded, server down');
  await expectNotBlank(page, 'uncached store page');
  await failed.getByRole('button').click();
  await expectErrorWithRetry(page.locator('main'), 'store page after a retry, server still down');
  await expectNotBlank(page, 'uncached store page after a retry');

  // A route whose code was never loaded (lazy chunk unreachable): a message and a retry too.
  await page.goBack();
  await expect(page.locator(`main a[href="${unvisited}"]`).first()).toBeVisible();
  const nav = page.locator('header a[href="/categories"], header a[href="/store"]').first();
  await nav.click();
  await expectErrorWithRetry(page.locator('main'), 'lazy route, server down');
  await expectNotBlank(page, 'lazy route, server down');

  // The server comes back on the same port and data: the retry button brings the page.
  server = await startServer({ port: server.port, dataDir: server.dataDir });
  await page.locator('main [role=alert]').getByRole('button').first().click();
  await expect(page.locator('main a[href^="/"]').first()).toBeVisible({ timeout: ALERT_TIMEOUT });
  await expect(visibleAlerts(page)).toHaveCount(0, { timeout: ALERT_TIMEOUT });
  await expectNotBlank(page, 'after the server came back');
});
