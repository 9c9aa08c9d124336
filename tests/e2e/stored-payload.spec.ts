import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDb } from '../../src/server/db/connect';
import { startServer, waitHealthy, type ServerChild } from '../resilience/server';
import { waitForAppOnLoad } from './fixtures';
import { clientDir } from './helpers';

// Issue 18: an editor stores a header_color that would turn the header into a full-page layer loading /x. The server
// checks the row when it reads it, so every render path (drawn on the server without scripts, hydrated, and drawn by
// the browser) shows the header at the stylesheet's default colour and nothing asks for /x.
// Its own server (the e2e one's client build) on a database this test writes to before the server reads it.
const ATTACK = 'red;position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:url(/x)';
const DEFAULT_BRAND = 'rgb(15, 118, 110)'; // --brand in src/client/styles/base.css

let server: ServerChild;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  process.env.RESILIENCE_CLIENT_DIR = clientDir;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dealdeck-e2e-payload-'));
  const first = await startServer({ dataDir }); // creates and seeds the database
  await waitHealthy(first, 240_000);
  await first.stop();
  const db = await connectDb({ dataDir });
  await db.query(`UPDATE domains SET header_color = $1 WHERE key = 'one'`, [ATTACK]);
  const [stored] = await db.query<{ header_color: string }>(`SELECT header_color FROM domains WHERE key = 'one'`);
  await db.close();
  expect(stored?.header_color).toBe(ATTACK);
  server = await startServer({ dataDir });
  await waitHealthy(server, 120_000);
});
test.afterAll(async () => {
  await server.stop();
});

function watchX(context: BrowserContext): string[] {
  const hits: string[] = [];
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === '/x') hits.push(r.url());
  });
  return hits;
}

async function expectDefaultHeader(page: Page): Promise<void> {
  const header = page.locator('.header-bar').first();
  await expect(header).toBeVisible();
  await expect(header).toHaveAttribute('data-branded', 'false');
  const look = await header.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      position: s.position,
      background: s.backgroundColor,
      height: el.getBoundingClientRect().height,
      style: el.getAttribute('style'),
    };
  });
  expect(look.position).not.toBe('fixed');
  expect(look.background).toBe(DEFAULT_BRAND);
  expect(look.height).toBeLessThan(300);
  expect(look.style ?? '').not.toContain('position');
  expect(await page.locator('meta[name="theme-color"]').count()).toBe(0);
}

const url = (route: string) => `http://one.localhost:${server.port}${route}`;

test('drawn on the server without scripts: default header colour, no request to /x', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const hits = watchX(context);
  const page = await context.newPage();
  await page.goto(url('/'), { waitUntil: 'load' });
  await expectDefaultHeader(page);
  expect(hits).toEqual([]);
  // The server read the payload and said so (row id and field), rather than never seeing it.
  expect(server.output()).toMatch(/"field":"header_color"/);
  await context.close();
});

test('hydrated and drawn by the browser: default header colour, no request to /x', async ({ browser }) => {
  const context = await browser.newContext();
  const hits = watchX(context);
  const page = waitForAppOnLoad(await context.newPage());
  await page.goto(url('/'));
  await expectDefaultHeader(page);
  // A route the browser draws (no server rendering), from a fresh document.
  await page.goto(url('/no-such-page-for-issue-18'));
  await expectDefaultHeader(page);
  await page.waitForLoadState('networkidle');
  expect(hits).toEqual([]);
  await context.close();
});
