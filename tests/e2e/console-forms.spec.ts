import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { adminToken, consoleCall, DEMO_ADMIN, tenantId } from './console-api';
import { tenantUrl } from './helpers';

// Issue 26 in Chromium: a store with its image, a coupon (a code, its dates in the tenant's time zone) and a banner of
// a chosen size are created from the console's forms and appear on the tenant's pages; then the rough edges: the new
// tenant's Key checked by the browser in the server's words, dates shown for people, the audit naming what it lists,
// a home_page switch explained before Save, and the console at 390 px (tab bar, table cards).

const consoleUrl = () => tenantUrl('admin', '/admin');
const RUN = Date.now().toString(36);
const STORE = { name: `Forms Store ${RUN}`, key: `forms-${RUN}`, image: `https://images.example.com/forms-${RUN}.png` };
const COUPON = `Forms coupon ${RUN}: 40% off`;
const BANNER = { image: `https://images.example.com/banner-${RUN}.png`, link: `https://forms.example.com/b-${RUN}` };

test.describe.configure({ mode: 'serial' });

let token = '';
let one = '';
let zoneBefore: string | undefined;
/** One browser signed in once for the file (sign-ins are rate-limited per IP). */
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  token = await adminToken();
  one = await tenantId(token, 'one.localhost');
  const list = await consoleCall<{ data: { _id: string; data: { time_zone?: string } }[] }>(
    'GET',
    '/api/admin/tenants',
    {
      token,
    },
  );
  zoneBefore = list.body.data.find((t) => t._id === one)?.data.time_zone;
  // A zone that is not UTC, so a date shown or entered in the wrong zone would show.
  const set = await consoleCall('PATCH', `/api/admin/tenants/${one}`, {
    token,
    body: { data: { time_zone: 'Europe/Berlin' } },
  });
  expect(set.status).toBe(200);
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(consoleUrl());
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`${DEMO_ADMIN.email} · admin`)).toBeVisible();
  await page.getByLabel('Tenant', { exact: true }).selectOption({ label: 'Coupon Harbor (one.localhost)' });
});
test.afterAll(async () => {
  await consoleCall('PATCH', `/api/admin/tenants/${one}`, {
    token,
    body: { data: { time_zone: zoneBefore ?? 'UTC' } },
  });
  await context.close();
});

const form = (name: string): Locator => page.getByRole('form', { name });
async function openCatalogue(tab: 'Stores' | 'Coupons' | 'Banners') {
  await page.getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('tab', { name: tab }).click();
}

test('a store with its image, a coupon and a banner of a chosen size, made in the forms, appear on the shop', async () => {
  await openCatalogue('Stores');
  await page.getByRole('button', { name: 'Add store' }).click();
  const store = form('Add store');
  await expect(store.getByRole('heading', { name: 'Add store' })).toBeFocused();
  await store.getByLabel('Name').fill(STORE.name);
  await store.getByLabel('Key').fill(STORE.key);
  // The slug follows the key.
  await expect(store.getByLabel('Slug')).toHaveValue(STORE.key);
  await store.getByLabel('Website').fill('https://forms.example.com/');
  await store.getByLabel('Image URL').fill(STORE.image);
  await store.getByLabel('Description').fill('Made in the console’s add form.');
  await store.getByLabel('Redirect type').selectOption({ label: 'Straight to the store, with referrer' });
  await store.getByRole('button', { name: 'Add store' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added store ${STORE.name}.` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add store' })).toBeFocused();

  await page.getByRole('tab', { name: 'Coupons' }).click();
  await page.getByRole('button', { name: 'Add coupon' }).click();
  const coupon = form('Add coupon');
  await coupon.getByRole('combobox', { name: 'Store', exact: true }).selectOption({ label: STORE.name });
  await coupon.getByLabel('Headline').fill(COUPON);
  await coupon.getByLabel('A code to copy').check();
  await coupon.getByRole('textbox', { name: 'Code', exact: true }).fill('FORMS40');
  await coupon.getByLabel('Link').fill('https://forms.example.com/deal');
  await coupon.getByLabel('Start date').fill('2026-01-01T09:00');
  await coupon.getByLabel('End date').fill('2030-12-31T23:30');
  // Said on the field: the dates are the tenant's wall clock.
  await expect(coupon.getByText('In Europe/Berlin time.').first()).toBeVisible();
  const category = await coupon.getByLabel('Category').locator('option').nth(1).textContent();
  await coupon.getByLabel('Category').selectOption({ label: category ?? '' });
  await coupon.getByLabel('Exclusive').check();
  await coupon.getByRole('button', { name: 'Add coupon' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added coupon ${COUPON}.` })).toBeVisible();
  // Shown in the tenant's zone, for people (never 2030-12-31T22:30:00.000Z).
  await page.getByLabel('Search coupons').fill(`Forms coupon ${RUN}`);
  const row = page.getByRole('row').filter({ hasText: COUPON });
  await expect(row).toContainText('1 Jan 2026, 09:00');
  await expect(row).toContainText('31 Dec 2030, 23:30');
  await expect(row).not.toContainText('.000Z');
  const saved = await consoleCall<{ data: { name: string; start_date: string; expiry_date: string }[] }>(
    'GET',
    `/api/admin/coupons?tenant=${one}&q=${encodeURIComponent(`forms coupon ${RUN}`)}`,
    { token },
  );
  expect(saved.body.data[0]).toMatchObject({
    start_date: '2026-01-01T08:00:00.000Z',
    expiry_date: '2030-12-31T22:30:00.000Z',
  });

  await page.getByRole('tab', { name: 'Banners' }).click();
  await page.getByRole('button', { name: 'Add banner' }).click();
  const banner = form('Add banner');
  await banner.getByLabel('Kind').selectOption({ label: 'Recommendation' });
  await banner.getByLabel('Size').selectOption({ label: '300 × 250 (rectangle)' });
  await banner.getByLabel('Image URL').fill(BANNER.image);
  await banner.getByLabel('Link').fill(BANNER.link);
  await banner.getByRole('button', { name: 'Add banner' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added banner' })).toBeVisible();

  // The shop: the store's page with its image and the coupon; the banner in the home page's 300 × 250 slot.
  const shop = await context.newPage();
  await shop.goto(tenantUrl('one', `/store/${STORE.key}`));
  await expect(shop.getByRole('heading', { name: STORE.name }).first()).toBeVisible();
  await expect(shop.locator(`img[src="${STORE.image}"]`).first()).toBeAttached();
  await expect(shop.getByText(COUPON).first()).toBeVisible();
  await shop.goto(tenantUrl('one'));
  await expect(shop.locator(`a[href="${BANNER.link}"] img[src="${BANNER.image}"]`).first()).toBeAttached();
  await shop.close();
});

test('a coupon is edited in its full form: made a deal, moved to another day', async () => {
  await openCatalogue('Coupons');
  await page.getByLabel('Search coupons').fill(`Forms coupon ${RUN}`);
  await page.getByRole('button', { name: `Edit ${COUPON}` }).click();
  const edit = form(`Edit coupon ${COUPON}`);
  await expect(edit.getByLabel('Start date')).toHaveValue('2026-01-01T09:00');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel('A deal (no code)').check();
  await edit.getByLabel('End date').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved coupon ${COUPON}.` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: COUPON });
  await expect(row).toContainText('deal');
  await expect(row).toContainText('never');
});

test("the new tenant's Key is checked by the browser, in the server's words", async () => {
  await page.getByRole('button', { name: 'Domain data' }).click();
  const add = form('New tenant');
  const key = add.getByLabel('Key');
  await key.fill('Bad Key!');
  // The pattern attribute compiles under the v flag: the browser checks it.
  expect(await key.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
  await key.fill('six-forms');
  expect(await key.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(false);
  await key.fill('Bad Key!');
  await key.blur();
  const words =
    'Key may use only lower-case letters a–z, digits, dots, underscores and hyphens, start with a letter or digit, and be up to 100 characters.';
  await expect(add.getByText(words)).toBeVisible();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription(new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/admin/tenants')) posted = true;
  });
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(key).toBeFocused();
  expect(posted).toBe(false);
  // The same words from the server, for a client that skips the browser's check.
  const res = await consoleCall<{ message: string }>('POST', '/api/admin/tenants', {
    token,
    body: { key: 'Bad Key!', hosts: ['bad.localhost'], data: { name: 'Bad', home_page: 'Home Page One' } },
  });
  expect(res).toMatchObject({ status: 400, body: { message: words } });
  await key.fill('');
});

test('a home_page switch says what it changes before Save', async () => {
  await page.getByRole('button', { name: 'Domain data' }).click();
  const select = page.getByLabel('Home page layout (home_page)');
  const current = await select.inputValue();
  await expect(page.getByText(/^Now resolves to .*hero-sliders\.json/)).toBeVisible();
  await select.selectOption('Home Page Five');
  await expect(page.getByText(/^Will resolve to .*top-deals\.json/)).toBeVisible();
  const effect = page.locator('#home-page-effect');
  await expect(effect).toHaveText(/^Saving this switch changes the home .*hero-sliders\.json → .*top-deals\.json/);
  await expect(select).toHaveAccessibleDescription(/Saving this switch changes/);
  await select.selectOption(current);
  await expect(page.getByText(/^Now resolves to .*hero-sliders\.json/)).toBeVisible();
  await expect(effect).toHaveText('');
});

test('the audit names the store and coupon it lists', async () => {
  await page.getByRole('button', { name: 'Audit' }).click();
  await page.getByPlaceholder('Search names, email, entity, id').fill(RUN);
  // The names are quoted by the page's <q> (the quotes are drawn by CSS, not in the text).
  await expect(page.getByText(`${DEMO_ADMIN.email} create store ${STORE.name}`)).toBeVisible();
  await expect(page.getByText(`create coupon ${COUPON} (${STORE.name})`)).toBeVisible();
});

test('at 390 px every tab is on screen and reachable by keyboard, and no card label runs into its value', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await openCatalogue('Coupons');
    const tabs = page.getByRole('navigation', { name: 'Console sections' }).getByRole('button');
    expect(await tabs.count()).toBeGreaterThanOrEqual(5);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(390);
    }
    await expect(page.getByRole('button', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
    // Tab walks from the first section to the last.
    await tabs.first().focus();
    for (let i = 1; i < (await tabs.count()); i++) {
      await page.keyboard.press('Tab');
      await expect(tabs.nth(i)).toBeFocused();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every card's label fits its column: its widest word is no wider than the column the value starts after.
    await expect(page.locator('td[data-label]').first()).toBeVisible();
    const overlaps = await page.evaluate(() => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const out: string[] = [];
      for (const td of document.querySelectorAll<HTMLElement>('td[data-label]')) {
        const before = getComputedStyle(td, '::before');
        probe.style.font = before.font;
        probe.style.fontWeight = before.fontWeight;
        const column = parseFloat(getComputedStyle(td).gridTemplateColumns.split(' ')[0] ?? '0');
        for (const word of (td.dataset.label ?? '').split(' ')) {
          probe.textContent = word;
          if (probe.getBoundingClientRect().width > column + 0.5) out.push(`${word} (${column}px)`);
        }
      }
      probe.remove();
      return [...new Set(out)];
    });
    expect(overlaps).toEqual([]);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
