import { expect, test } from './fixtures';
import { readLayout, renderedSectionTypes, tenantUrl, watchErrors, writeLayout } from './helpers';
import { adminToken, previewQuery } from './console-api';

// Previews open with the operator's grant, as the console's preview frames them (issue 25): one bearer login for the
// file (logins are rate-limited per IP).
let token = '';
const preview = async (layout: string) =>
  `/${await previewQuery((token ||= await adminToken()), 'one.localhost', { layout })}`;

test.describe('layout documents', () => {
  test('Shoppers see their tenant home layout rendered, section by section, in document order', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(tenantUrl('one'));
    const doc = readLayout('home/hero-sliders.json');
    await expect(page.getByRole('heading', { name: 'Subscribe today' })).toBeVisible();
    expect(await renderedSectionTypes(page)).toEqual(doc.sections.map((s) => s.type));
    expect(errors).toEqual([]);
  });

  test('Operators preview a document and see a diagnostic for each broken section, the rest still rendered', async ({
    page,
  }) => {
    const doc = readLayout('home/hero-sliders.json');
    const broken = structuredClone(doc);
    broken.sections.splice(1, 0, { id: 'mystery', type: 'no-such-section', settings: {} });
    broken.serves = ['E2E preview only'];
    const newsletter = broken.sections.find((s) => s.type === 'newsletter');
    if (!newsletter) throw new Error('hero-sliders.json has no newsletter section');
    const cleanup = writeLayout('home/e2e-broken.json', broken);
    try {
      await page.goto(tenantUrl('one', await preview('home/e2e-broken.json')));
      const diagnostics = page.getByTestId('layout-diagnostic');
      await expect(diagnostics.first()).toBeVisible();
      await expect(diagnostics.first()).toContainText('layouts/home/e2e-broken.json');
      await expect(diagnostics.first()).toContainText('/sections/1/type');
      await expect(diagnostics.first()).toContainText('unknown section type "no-such-section"');
      await expect(page.getByRole('heading', { name: 'Subscribe today' })).toBeVisible();
    } finally {
      cleanup();
    }
  });

  test('A preview of a document that is not valid as a whole falls back to the tenant layout and says why', async ({
    page,
  }) => {
    const cleanup = writeLayout('home/e2e-not-json.json', '{ "schemaVersion": 1, ');
    try {
      await page.goto(tenantUrl('one', await preview('home/e2e-not-json.json')));
      await expect(page.getByTestId('layout-diagnostic')).toContainText('is not JSON');
      await expect(page.getByRole('heading', { name: 'Subscribe today' })).toBeVisible();
    } finally {
      cleanup();
    }
  });

  test('Shoppers never see diagnostics: a published document with a broken section still gives a complete page', async ({
    page,
  }) => {
    const doc = readLayout('home/latest-deals.json');
    const broken = structuredClone(doc);
    broken.sections.push({ id: 'mystery', type: 'no-such-section', settings: {} });
    writeLayout('home/latest-deals.json', broken);
    try {
      // The server rejects the invalid file and serves the last valid default, so the shopper sees a complete page.
      await page.goto(tenantUrl('default'));
      await expect(page.locator('.home [data-section-type]').first()).toBeVisible();
      await expect(page.getByTestId('layout-diagnostic')).toHaveCount(0);
    } finally {
      writeLayout('home/latest-deals.json', doc);
    }
  });
});

test.describe('numbers come from the documents', () => {
  const file = 'home/hero-sliders.json';
  const grid = () => readLayout(file).sections.find((s) => s.type === 'deal-grid')!;
  const strip = () => readLayout(file).sections.find((s) => s.type === 'store-strip')!;

  test('Operators preview a copy with other numbers and see the page follow them', async ({ page }) => {
    const doc = readLayout(file);
    doc.serves = ['E2E preview only'];
    const g = doc.sections.find((s) => s.id === grid().id)!;
    g.settings.collapsed = 4;
    g.settings.bannerPositions = [2];
    const cleanup = writeLayout('home/e2e-numbers.json', doc);
    try {
      await page.goto(tenantUrl('one', await preview('home/e2e-numbers.json')));
      const root = page.locator(`[data-section-id="${g.id}"]`);
      await expect(root.locator('article.deal-card')).toHaveCount(4);
      await expect
        .poll(() =>
          root
            .locator('ul.deal-grid-list > li')
            .evaluateAll((cells) => cells.findIndex((c) => c.classList.contains('deal-grid-banner')) + 1),
        )
        .toBe(2);
    } finally {
      cleanup();
    }
  });

  test('Editing a number in a published document changes the page on reload, with no rebuild', async ({ page }) => {
    const original = readLayout(file);
    const edited = structuredClone(original);
    const g = edited.sections.find((s) => s.id === grid().id)!;
    const st = edited.sections.find((s) => s.id === strip().id)!;
    g.settings.collapsed = 6;
    st.settings.count = 7;
    st.settings.fetchLimit = 7;
    writeLayout(file, edited);
    try {
      // The server watches the folder: reload until the edit is live (a debounce, not a rebuild).
      await expect(async () => {
        await page.goto(tenantUrl('one'));
        await expect(page.locator(`[data-section-id="${g.id}"] article.deal-card`)).toHaveCount(6, { timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.locator(`[data-section-id="${st.id}"] a.store-card`)).toHaveCount(7);
    } finally {
      writeLayout(file, original);
    }
    await expect(async () => {
      await page.goto(tenantUrl('one'));
      await expect(page.locator(`[data-section-id="${g.id}"] article.deal-card`)).toHaveCount(
        original.sections.find((s) => s.id === g.id)!.settings.collapsed as number,
        { timeout: 2000 },
      );
    }).toPass({ timeout: 20_000 });
  });
});
