import type { Browser, Request } from 'playwright-core';

// One first visit of a page in Chromium, as Lighthouse's phone sees it, until the page is idle: every request it made,
// with what was sent and what came back (content coding, bytes on the wire). Server-drawn pages add their scripts at
// window load (or the first tap, key or focus) and mark hydration with <html data-app="ready">; idle is after that, once
// no request has been in flight for QUIET_MS.

export interface Resource {
  url: string;
  /** Path and query, for same-origin requests replayed against the server. */
  path: string;
  sameOrigin: boolean;
  /** Chromium's resource type: document, script, stylesheet, image, fetch, … */
  type: string;
  method: string;
  status: number;
  /** Accept-Encoding the browser sent, and the Content-Encoding that came back ('identity' when none). */
  acceptEncoding: string | null;
  coding: string;
  /** Encoded body bytes, and with the response headers: what Lighthouse calls transfer size. */
  bodyBytes: number;
  transferBytes: number;
}
/** `failed`: '<resource type> <url>: <why>' for each request that failed or could not be measured. */
export interface Visit {
  url: string;
  ready: boolean;
  resources: Resource[];
  failed: string[];
}

const VIEWPORT = { width: 412, height: 823 };
const QUIET_MS = 1000;
const IDLE_TIMEOUT_MS = 20_000;

async function describe(req: Request, origin: string): Promise<Resource | null> {
  const res = await req.response();
  if (!res) return null;
  const [sizes, headers, sent] = await Promise.all([req.sizes(), res.allHeaders(), req.allHeaders()]);
  const u = new URL(req.url());
  return {
    url: req.url(),
    path: u.pathname + u.search,
    sameOrigin: u.origin === origin,
    type: req.resourceType(),
    method: req.method(),
    status: res.status(),
    acceptEncoding: sent['accept-encoding'] ?? null,
    coding: headers['content-encoding'] ?? 'identity',
    bodyBytes: sizes.responseBodySize,
    transferBytes: sizes.responseBodySize + sizes.responseHeadersSize,
  };
}

/** Loads `url` in a fresh context (empty cache: a first visit) at Lighthouse's phone viewport and records every request until idle. */
export async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const origin = new URL(url).origin;
  const done: Promise<Resource | null>[] = [];
  const failed: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const settle = () => {
    inFlight--;
    lastChange = Date.now();
  };
  try {
    const page = await context.newPage();
    page.on('request', () => {
      inFlight++;
      lastChange = Date.now();
    });
    page.on('requestfinished', (req) => {
      settle();
      // A request whose sizes cannot be read is listed as failed, so a short count never passes unnoticed.
      done.push(
        describe(req, origin).catch((err: Error) => {
          failed.push(`${req.resourceType()} ${req.url()}: ${err.message}`);
          return null;
        }),
      );
    });
    page.on('requestfailed', (req) => {
      settle();
      failed.push(`${req.resourceType()} ${req.url()}: ${req.failure()?.errorText ?? 'failed'}`);
    });
    await page.goto(url, { waitUntil: 'load' });
    const ready = await page
      .waitForFunction(() => document.documentElement.dataset.app === 'ready', null, { timeout: IDLE_TIMEOUT_MS })
      .then(
        () => true,
        () => false,
      );
    const deadline = Date.now() + IDLE_TIMEOUT_MS;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < QUIET_MS))
      await page.waitForTimeout(100);
    const resources = (await Promise.all(done)).filter((r): r is Resource => r !== null);
    return { url, ready, resources, failed };
  } finally {
    await context.close();
  }
}
