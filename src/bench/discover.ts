import http from 'node:http';
import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS } from './chromium';
import { visit, type Resource } from './visit';

// What a page asks the server for (its document, its API calls, every request of the visit), recorded in Chromium,
// and plain loopback GETs.

/** A response as it came over the wire: `body` still in its content coding (`coding`, 'identity' when none). */
export interface Recorded {
  path: string;
  status: number;
  contentType: string;
  coding: string;
  xCache: string | null;
  body: Buffer;
}

/** GET on 127.0.0.1 with the tenant in `domain-name` and Host (Node does not resolve *.localhost); no Accept-Encoding unless given. */
export function get(port: number, path: string, host: string, acceptEncoding: string | null = null): Promise<Recorded> {
  const headers: Record<string, string> = { host, 'domain-name': host };
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          path,
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          coding: String(res.headers['content-encoding'] ?? 'identity'),
          xCache: res.headers['x-cache']?.toString() ?? null,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
  });
}

export async function getJson<T>(port: number, path: string, host: string): Promise<T> {
  const res = await get(port, path, host);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return JSON.parse(res.body.toString()) as T;
}

export interface PageRecord {
  /** The document's path, then the same-origin fetch/XHR GETs the page made. */
  calls: string[];
  /** Every same-origin GET of the visit in order (document, stylesheet, scripts, images, calls, …). */
  requests: Resource[];
  /** Requests to other origins (not replayed against the server). */
  crossOrigin: number;
}

/** Loads each page as a first visit until idle (visit.ts) and lists what it asked the server for. */
export async function recordPages(pages: { name: string; url: string }[]): Promise<Record<string, PageRecord>> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  const out: Record<string, PageRecord> = {};
  try {
    for (const p of pages) {
      const v = await visit(browser, p.url);
      const own = v.resources.filter((r) => r.sameOrigin && r.method === 'GET');
      const doc = new URL(p.url);
      const calls = own.filter((r) => r.type === 'fetch' || r.type === 'xhr').map((r) => r.path);
      out[p.name] = {
        calls: [doc.pathname + doc.search, ...new Set(calls)],
        requests: own,
        crossOrigin: v.resources.length - own.length,
      };
    }
  } finally {
    await browser.close();
  }
  return out;
}
