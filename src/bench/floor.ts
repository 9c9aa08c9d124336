import http from 'node:http';
import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS } from './chromium';

// The floor: the rendered first viewport of a page as static HTML (same CSS inlined, same images, no JavaScript).

/** Lighthouse's mobile emulation (moto g power): the viewport the floor captures. */
const VIEWPORT = { width: 412, height: 823 };

/** Loads `url` in Chromium at the mobile viewport and returns a static document of what is above the fold. */
export async function captureFirstViewport(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return await page.evaluate(() => {
      const fold = window.innerHeight;
      // Same styles, inlined: every rule the page's stylesheets hold.
      const css = [...document.styleSheets]
        .map((s) => {
          try {
            return [...s.cssRules].map((r) => r.cssText).join('\n');
          } catch {
            return '';
          }
        })
        .join('\n');
      // Drop what lies wholly below the fold (fixed bars stay: their box is inside the viewport).
      const below = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= fold && getComputedStyle(el).position !== 'fixed';
      });
      for (const el of below) el.remove();
      // Images outside the viewport sideways (later carousel slides) load lazily in the ideal page; those inside load eagerly.
      for (const img of document.querySelectorAll('img')) {
        const r = img.getBoundingClientRect();
        if (r.left >= window.innerWidth || r.right <= 0) img.setAttribute('loading', 'lazy');
        else img.removeAttribute('loading');
      }
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      doc
        .querySelectorAll(
          'script, link[rel="modulepreload"], link[rel="stylesheet"], link[as="script"], style, noscript',
        )
        .forEach((el) => el.remove());
      const style = document.createElement('style');
      style.textContent = css;
      doc.querySelector('head')?.appendChild(style);
      return `<!doctype html>\n${doc.outerHTML}`;
    });
  } finally {
    await browser.close();
  }
}

/** Serves the floor document at / and proxies everything else (the images) to the app with the tenant's Host, so both load from one origin. */
export function serveFloor(html: string, port: number, appPort: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(html);
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: appPort, path: req.url, method: req.method, headers: { ...req.headers, host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
