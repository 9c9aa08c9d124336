import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './console-api';
import { clientDir, port, root } from './helpers';
import { expectNoSeriousViolations } from './axe';

// Issue 29 in Chromium: a new home variant composed in the console's layout studio from nothing (a hero slider, a
// store strip and a deals grid), previewed on three.localhost, scheduled for a future instant, published, rolled back,
// and then published to start at once and seen by a shopper, without a file or a terminal. Also: reordering by
// keyboard alone, and axe on the studio.
//
// Publishing needs LAYOUTS_SOURCE=db, and the suite's server serves the files (other specs edit them), so this file
// starts a second instance of the same build on its own port, data and layouts copy.

const studioPort = port + 7;
const dataDir = `data/e2e-studio-${studioPort}`;
const layoutsCopy = `data/e2e-studio-layouts-${studioPort}`;
const at = (host: string, route = '/') => `http://${host}.localhost:${studioPort}${route}`;
const RUN = Date.now().toString(36);
const TITLE = `Studio sale ${RUN}`;
const FILE = `studio-sale-${RUN}.json`;

let server: ChildProcess;
let context: BrowserContext;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  rmSync(path.join(root, dataDir), { recursive: true, force: true });
  rmSync(path.join(root, layoutsCopy), { recursive: true, force: true });
  cpSync(path.join(root, 'layouts'), path.join(root, layoutsCopy), { recursive: true });
  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(studioPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LAYOUTS_DIR: layoutsCopy,
      LAYOUTS_SOURCE: 'db',
      LAYOUTS_POLL_MS: '500',
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
        fetch(`http://127.0.0.1:${studioPort}/healthz`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 90_000 },
    )
    .toBe(200);
  context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await page.goto(at('admin', '/admin'));
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${DEMO_ADMIN.email} · admin`)).toBeVisible();
  const three = page.getByLabel('Tenant', { exact: true }).locator('option', { hasText: 'three.localhost' });
  await page.getByLabel('Tenant', { exact: true }).selectOption((await three.getAttribute('value'))!);
});

test.afterAll(async () => {
  await context?.close();
  server?.kill('SIGTERM');
  rmSync(path.join(root, layoutsCopy), { recursive: true, force: true });
});

/** The section types drawn inside `scope`, in order. */
async function sectionTypes(scope: Locator): Promise<string[]> {
  return scope
    .locator('[data-section-type]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type') ?? ''));
}

async function shopperHome(): Promise<string[]> {
  const shopper = await context.newPage();
  await shopper.goto(at('three'));
  await expect(shopper.locator('[data-section-type]').first()).toBeVisible();
  const types = await shopper
    .locator('.home [data-section-type]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type') ?? ''));
  await shopper.close();
  return types;
}

const NEW_VARIANT = ['hero-sliders', 'store-strip', 'deal-grid'];

test('a home variant is composed, previewed, scheduled, published, rolled back and published live', async () => {
  test.setTimeout(180_000);
  const before = await shopperHome();
  expect(before).not.toEqual(NEW_VARIANT);

  await page.getByRole('button', { name: 'Layout studio' }).click();
  const newVariant = page.getByRole('form', { name: 'New variant' });
  await newVariant.getByLabel('Kind').selectOption('home');
  await newVariant.getByLabel('Title').fill(TITLE);
  await newVariant.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(TITLE) })).toBeVisible();
  await expect(page.getByText('No sections yet')).toBeVisible();

  // Compose: three sections from the palette, each with its schema's defaults.
  const palette = page.getByRole('region', { name: 'Add a section' });
  for (const name of ['Hero sliders', 'Store strip', 'Deal grid']) {
    await palette.getByRole('button', { name: new RegExp(`^Add ${name}`, 'i') }).click();
  }
  const rows = page.getByRole('list', { name: 'Sections, in page order' }).locator(':scope > li');
  await expect(rows).toHaveCount(3);

  // A setting edited in its generated form: the deal grid's title.
  const grid = rows.nth(2);
  await grid.getByRole('button', { name: /^Deal grid/ }).click();
  await grid.getByLabel(/^Title/).fill('Studio deals');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Check/ })).toContainText('no problems');

  // The JSON tab shows the same document.
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByLabel(`home/${FILE} as JSON`)).toHaveValue(/"title": "Studio deals"/);

  // Previewed on three.localhost, desktop and phone, with the draft.
  const desktop = page.frameLocator('iframe[title*="desktop width"]');
  await expect(desktop.locator(`[data-preview="layouts/home/${FILE}"]`)).toBeVisible({ timeout: 20_000 });
  expect(await sectionTypes(desktop.locator(`[data-preview="layouts/home/${FILE}"]`))).toEqual(NEW_VARIANT);
  await expect(
    page.frameLocator('iframe[title*="phone width"]').locator(`[data-preview="layouts/home/${FILE}"]`),
  ).toBeVisible();

  // Scheduled to start tomorrow (on the tenant's clock), then published.
  await page.getByRole('tab', { name: 'Audience & schedule' }).click();
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const local = `${tomorrow.toISOString().slice(0, 10)}T09:00`;
  await page.getByLabel('Starts at').fill(local);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await page.getByPlaceholder('What changed (optional)').fill('Tomorrow’s sale');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published as version \d+/ })).toBeVisible();
  const firstVersion = Number(
    /version (\d+)/.exec(
      (await page.getByRole('status').filter({ hasText: 'Published as version' }).textContent())!,
    )![1],
  );

  // Not live yet for shoppers; the published site previewed at a later instant shows it.
  expect(await shopperHome()).toEqual(before);
  await page.getByLabel('Show').selectOption('site');
  await page.getByLabel(/^As at/).fill(`${tomorrow.toISOString().slice(0, 10)}T12:00`);
  await expect
    .poll(() => sectionTypes(page.frameLocator('iframe[title*="desktop width"]').locator('.home')), {
      timeout: 20_000,
    })
    .toEqual(NEW_VARIANT);

  // Rolled back to the version before: the variant is gone from the published set.
  const nav = page.getByRole('navigation', { name: 'Layout documents' });
  page.once('dialog', (d) => void d.accept());
  await nav.getByRole('button', { name: `Roll back to version ${firstVersion - 1}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version ${firstVersion - 1} restored` })).toBeVisible();
  await expect
    .poll(() => sectionTypes(page.frameLocator('iframe[title*="desktop width"]').locator('.home')), {
      timeout: 20_000,
    })
    .toEqual(before);

  // Brought back (a rollback to the version that had it), then published to start at once: a shopper gets it.
  page.once('dialog', (d) => void d.accept());
  await nav.getByRole('button', { name: `Roll back to version ${firstVersion}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version ${firstVersion} restored` })).toBeVisible();
  await nav.getByRole('button', { name: new RegExp(TITLE) }).click();
  await page.getByRole('tab', { name: 'Audience & schedule' }).click();
  await expect(page.getByLabel('Starts at')).not.toHaveValue('');
  await page.getByLabel('Starts at').fill('');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published as version \d+/ })).toBeVisible();
  await expect.poll(shopperHome, { timeout: 10_000 }).toEqual(NEW_VARIANT);

  // And rolled back to what shoppers had before the studio published anything.
  page.once('dialog', (d) => void d.accept());
  await nav.getByRole('button', { name: `Roll back to version ${firstVersion - 1}` }).click();
  await expect.poll(shopperHome, { timeout: 10_000 }).toEqual(before);
});

test('sections are reordered with the keyboard alone', async () => {
  await page
    .getByRole('navigation', { name: 'Layout documents' })
    .getByRole('button', { name: /Home page with hero sliders/ })
    .click();
  const list = page.getByRole('list', { name: 'Sections, in page order' });
  const names = () => list.locator(':scope > li .section-toggle small').allTextContents();
  await expect(list.locator(':scope > li').first()).toBeVisible();
  const start = await names();
  expect(start.length).toBeGreaterThanOrEqual(2);
  // dnd-kit's keyboard sensor: Space picks the row up, ArrowDown moves it, Space drops it.
  const handle = list.getByRole('button', { name: /^Drag .* \(position 1 of/ });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  // The row has moved over its neighbour (dnd-kit announces where it is) before it is dropped.
  await expect(page.getByText(/is over position 2 of/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(names).toEqual([start[1], start[0], ...start.slice(2)]);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  // The Move buttons do the same, and the order reaches the JSON.
  await list
    .getByRole('button', { name: /Move .* up/ })
    .nth(1)
    .focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual(start);
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published, no draft' })).toBeVisible();
});

test('the studio has no serious accessibility violations', async () => {
  await expectNoSeriousViolations(page, 'the layout studio', '.studio');
});
