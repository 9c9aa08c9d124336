import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tenantUrl, watchErrors } from './helpers';
import { documentGet } from './api';
import { DEFAULT_AFFILIATE_DISCLOSURE } from '../../src/shared/affiliate-disclosure';

// Issue 13 item 5: the affiliate disclosure above a store's offers, drawn by the server, there from the first paint.
const STORE = 'northwind-outfitters';
const SCREENS = path.resolve('data/screens');

declare global {
  interface Window {
    /** Layout shifts seen since the page started, with the classes of the nodes that moved. */
    __shifts?: { value: number; nodes: string[] }[];
    /** Adds to __shifts the entries the browser has queued but not handed to the observer yet. */
    __flushShifts?: () => void;
  }
}

/** Records every layout shift (CLS entries) from the first paint on. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__shifts = [];
    const record = (entries: PerformanceEntryList) => {
      for (const e of entries as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (e.hadRecentInput) continue;
        // An SVG element's className is an SVGAnimatedString: the class attribute is the same text for every element.
        const nodes = (e.sources ?? []).map((s) =>
          s.node instanceof Element ? (s.node.getAttribute('class') ?? '') : String(s.node),
        );
        window.__shifts?.push({ value: e.value, nodes });
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    window.__flushShifts = () => record(observer.takeRecords());
  });
}

for (const width of [390, 1280]) {
  test(`Shoppers see the affiliate disclosure above a store's offers at ${width} px, and nothing moves`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 844 });
    await recordShifts(page);
    const response = await page.goto(tenantUrl('one', `/store/${STORE}`));
    expect(response?.status()).toBe(200);
    // In the server's HTML, not added by the scripts.
    expect(await response?.text()).toContain(DEFAULT_AFFILIATE_DISCLOSURE);

    const note = page.getByRole('note', { name: 'Affiliate disclosure' });
    await expect(note).toBeVisible();
    await expect(note).toHaveText(DEFAULT_AFFILIATE_DISCLOSURE);
    const first = await note.boundingBox();
    // Everything that could still move it is in: the app hydrated it (the fixture waits for that after goto), no
    // request is left, the fonts are loaded and a frame has been laid out and drawn after them.
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const settled = await note.boundingBox();
    expect(settled).toEqual(first);
    // Inside the viewport's width, readable, and above the first offer.
    expect(settled!.x).toBeGreaterThanOrEqual(0);
    expect(settled!.x + settled!.width).toBeLessThanOrEqual(width);
    expect(await note.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
    const firstOffer = page.locator('.store-layout-main h3').first();
    expect((await firstOffer.boundingBox())!.y).toBeGreaterThan(settled!.y + settled!.height - 1);
    // No layout shift moved the disclosure or anything because of it.
    const shifts = (await page.evaluate(() => {
      window.__flushShifts?.();
      return window.__shifts ?? [];
    })) as { value: number; nodes: string[] }[];
    expect(shifts.filter((s) => s.nodes.some((n) => n.includes('affiliate-disclosure')))).toEqual([]);
    expect(shifts.reduce((n, s) => n + s.value, 0)).toBeLessThanOrEqual(0.02);

    await page.screenshot({ path: path.join(SCREENS, `store-disclosure-${width}.png`) });
    expect(errors).toEqual([]);
  });
}

test("A tenant's own disclosure replaces the default", async ({ page }) => {
  await page.goto(tenantUrl('three', '/coupons'));
  const note = page.getByRole('note', { name: 'Affiliate disclosure' });
  await expect(note).toContainText('Deal Drift is supported by shoppers like you');
});

test('Every home page discloses affiliate links next to its deals and gives each listed deal an Offer', async () => {
  for (const host of [
    'one.localhost',
    'two.localhost',
    'three.localhost',
    'four.localhost',
    'five.localhost',
    'localhost',
  ]) {
    const tenant = host;
    const { html } = await documentGet(host, '/');
    // Drawn by the server: the line is in the document before any script runs.
    expect(html, tenant).toMatch(/<p[^>]*class="affiliate-disclosure"[^>]*>[^<]*commission/);
    const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
    const graph = (JSON.parse(ld) as { '@graph'?: { '@type': string; priceValidUntil?: string; url: string }[] })[
      '@graph'
    ];
    const offers = (graph ?? []).filter((n) => n['@type'] === 'Offer');
    expect(offers.length, tenant).toBeGreaterThan(0);
    expect(
      offers.some((o) => /^\d{4}-\d{2}-\d{2}$/.test(o.priceValidUntil ?? '')),
      tenant,
    ).toBe(true);
    for (const o of offers) expect(new URL(o.url).hostname, tenant).toBe(host);
  }
  expect(DEFAULT_AFFILIATE_DISCLOSURE).toMatch(/commission/);
});
