import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

export const port = Number(process.env.E2E_PORT ?? 8181);
export const root = path.resolve(import.meta.dirname, '../..');
/** The scratch copy of layouts/ the e2e server reads and watches, and its client build (see playwright.config.ts). */
export const layoutsDir = path.join(root, `data/e2e-layouts-${port}`);
export const clientDir = path.join(root, `dist/e2e-${port}`);

export const tenantUrl = (tenant: string, route = '/') =>
  `http://${tenant === 'default' ? 'localhost' : `${tenant}.localhost`}:${port}${route}`;

export function readLayout(
  file: string,
): { sections: { id: string; type: string; placement?: string; settings: Record<string, unknown> }[] } & Record<
  string,
  unknown
> {
  return JSON.parse(readFileSync(path.join(root, 'layouts', file), 'utf8'));
}

/** Writes a layout document into the e2e server's layouts folder; returns a cleanup function. */
export function writeLayout(file: string, doc: unknown): () => void {
  const target = path.join(layoutsDir, file);
  writeFileSync(target, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return () => rmSync(target, { force: true });
}

/** Section types in page order, as the renderer marks them. */
export async function renderedSectionTypes(page: Page, scope = '.home'): Promise<string[]> {
  return page
    .locator(`${scope} [data-section-type]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type') ?? ''));
}

/** Collects console errors and uncaught exceptions of a page (tests assert none happened). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  return errors;
}

/**
 * Goes to `path` inside the running app (the router's own navigation, no document request), as a shopper following
 * a link does: the page's data then comes through the browser's API calls, which a test may intercept. Pages loaded
 * with page.goto are drawn on the server with their data already inlined.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The visible toast holding `text` (not the screen-reader announcer that repeats it). */
export function toastWith(page: Page, text: string): Locator {
  return page
    .locator('[role="status"]:not([data-toast-announcer]), [role="alert"]:not([data-toast-announcer])')
    .filter({ hasText: text });
}
