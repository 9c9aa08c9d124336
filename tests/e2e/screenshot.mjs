// Look at a page as a shopper would: node tests/e2e/screenshot.mjs URL OUT.png [width=1366] [height=900]; FULL=1 for the full page.
import { chromium } from 'playwright-core';

const [url, out, width = '1366', height = '900'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node tests/e2e/screenshot.mjs URL OUT.png [width] [height]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  isMobile: Number(width) < 600,
  hasTouch: Number(width) < 600,
});
page.on('console', (m) => console.log(`console.${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
await page.goto(url, { waitUntil: 'networkidle' });
// The picture once the page works: hydrated (<html data-app="ready">, or not our app), fonts in, a frame drawn after.
await page
  .waitForFunction(
    () => document.documentElement.dataset.app === 'ready' || !document.getElementById('dealdeck-bootstrap'),
    undefined,
    { timeout: 15_000 },
  )
  .catch(() => console.log('the page never said it was ready (data-app)'));
await page.evaluate(async () => {
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
});
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
await browser.close();
