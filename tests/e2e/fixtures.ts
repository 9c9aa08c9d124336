import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

// Pages the server drew paint before their scripts run: the scripts load once the page has loaded, then hydrate it.
// A test acts like a shopper who waits for the page to work: after each load of one of our documents (goto, reload)
// it waits until the app has hydrated it (<html data-app="ready">, set by src/client/main.tsx).

const WAITING_LOADS = new Set([undefined, 'load', 'networkidle']);

async function appReady(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.documentElement.dataset.app === 'ready' || !document.getElementById('dealdeck-bootstrap'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined); // not our app (a merchant page, a status page): nothing to wait for
}

const patched = new WeakSet<Page>();
export function waitForAppOnLoad(page: Page): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (WAITING_LOADS.has(options?.waitUntil)) await appReady(page);
    return res;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const res = await reload(options);
    if (WAITING_LOADS.has(options?.waitUntil)) await appReady(page);
    return res;
  };
  return page;
}

function watchContext(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) waitForAppOnLoad(page);
  context.on('page', waitForAppOnLoad);
  return context;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => watchContext(await newContext(options));
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => waitForAppOnLoad(await newPage(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await use(watchContext(context));
  },
});

export { expect } from '@playwright/test';
