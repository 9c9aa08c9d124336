import http, { type IncomingHttpHeaders } from 'node:http';
import type { BrowserContext } from '@playwright/test';

// Click-outs leave through /out/:couponId, which answers a 302 to the merchant (issue 31, decision 040). Playwright
// never routes the request a redirect makes (as designed: microsoft/playwright#3993), so a test's stub for the
// fictional *.example merchants would not see the visit, and Chromium would try to resolve the host. This routes
// /out itself: the real server answers it (from Node, to 127.0.0.1 with the tenant's Host: Node does not resolve
// *.localhost), and the browser gets a page that goes on to the server's Location the way the 302 would, with the same
// Referrer-Policy. That navigation is a new request, which the merchants' stub answers and records.

const OUT = /^https?:\/\/[^/]+\/out\/[^/?#]+(?:\?[^#]*)?$/;

function askServer(
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(url.port || 80),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          host: url.host,
          ...(headers['user-agent'] ? { 'user-agent': headers['user-agent'] } : {}),
          ...(headers.cookie ? { cookie: headers.cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Makes every /out click-out in `context` reach the server and then the (stubbed) merchant it redirects to. */
export async function followClickOuts(context: BrowserContext): Promise<void> {
  await context.route(OUT, async (route) => {
    const url = new URL(route.request().url());
    const answer = await askServer(url, await route.request().allHeaders());
    const location = answer.headers.location;
    if (answer.status !== 302 || typeof location !== 'string') {
      return route.fulfill({
        status: answer.status,
        contentType: 'text/html',
        body: '<!doctype html><title>Out</title>',
      });
    }
    const policy = typeof answer.headers['referrer-policy'] === 'string' ? answer.headers['referrer-policy'] : null;
    const meta = policy ? `<meta name="referrer" content="${escapeAttr(policy)}">` : '';
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      headers: { 'cache-control': 'no-store', ...(policy ? { 'referrer-policy': policy } : {}) },
      body: `<!doctype html><meta charset="utf-8">${meta}<script>location.replace(${JSON.stringify(location)})</script>`,
    });
  });
}
