import { expect, type Locator, type Page } from '@playwright/test';

type Section = { id: string; type: string; placement?: string; settings: Record<string, unknown> };
type StoreList = { count: number; linkTile?: { label: string } };

const num = (v: unknown) => v as number;

/** 1-based positions of the banner cells among a deal grid's cells. */
export async function bannerPositions(grid: Locator): Promise<number[]> {
  return grid
    .locator('ul.deal-grid-list > li')
    .evaluateAll((cells) => cells.flatMap((cell, i) => (cell.classList.contains('deal-grid-banner') ? [i + 1] : [])));
}

async function expectStoreList(root: Locator, list: StoreList): Promise<void> {
  await expect(root.locator('a.store-card')).toHaveCount(list.count);
  if (list.linkTile) await expect(root.getByRole('link', { name: list.linkTile.label })).toBeVisible();
}

/** Checks what a shopper sees in one section against the numbers of its layout document. */
export async function expectSectionMatchesDocument(page: Page, section: Section): Promise<void> {
  const root = page.locator(`[data-section-id="${section.id}"]`);
  const s = section.settings;
  await expect(root, `section ${section.id}`).toBeVisible();
  switch (section.type) {
    case 'store-strip':
    case 'store-grid':
      await expectStoreList(root, s as unknown as StoreList);
      break;
    case 'stores-newsletter-row':
      await expectStoreList(root, s.stores as StoreList);
      await expect(root.getByRole('textbox', { name: /email/i })).toBeVisible();
      break;
    case 'deal-grid': {
      await expect(root.locator('article.deal-card')).toHaveCount(num(s.collapsed));
      // The demo tenants all have banners, so every position of the document holds one.
      await expect.poll(() => bannerPositions(root)).toEqual(s.bannerPositions);
      break;
    }
    case 'recommended-deals': {
      const grids = s.grids as { count: number }[];
      await expect(root.locator('article.deal-card')).toHaveCount(grids.reduce((n, g) => n + g.count, 0));
      break;
    }
    case 'top-deals':
      await expect(root.locator('article.deal-card')).toHaveCount(num(s.count));
      await expect(root.getByText(s.heading as string, { exact: true })).toBeVisible();
      break;
    case 'store-tabs':
      await expect(root.getByRole('tabpanel').locator('a.store-card')).toHaveCount(num(s.rows) * num(s.perRow));
      break;
    case 'category-sidebar':
      await expect(root.getByRole('searchbox')).toHaveAttribute('placeholder', s.placeholder as string);
      await expect(root.getByRole('link').first()).toBeVisible();
      break;
    case 'hero-sliders':
    case 'banner-carousel':
    case 'banner-pairs':
      await expect(root.locator('img').first()).toBeVisible();
      break;
    case 'affiliate-disclosure':
      await expect(root.getByRole('note', { name: 'Affiliate disclosure' })).toContainText(/commission/);
      break;
    case 'newsletter':
      await expect(root.getByRole('button', { name: s.buttonLabel as string })).toBeVisible();
      break;
    default:
      throw new Error(`no check for section type ${section.type}`);
  }
}
