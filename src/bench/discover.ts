import http from 'node:http';
import { chromium } from 'playwright-core';
import { CHROME_PATH } from './lighthouse';

// What a page asks the server for (its document and its API calls), recorded in Chromium, and plain loopback GETs.

export interface Recorded { path: string; status: number; contentType: string; body: Buffer }

/** GET on 127.0.0.1 with the tenant in `domain-name` and Host (Node does not resolve *.localhost). */
export function get(port: number, path: string, host: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { host, 'domain-name': host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ path, status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

export async function getJson<T>(port: number, path: string, host: string): Promise<T> {
  const res = await get(port, path, host);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return JSON.parse(res.body.toString()) as T;
}

/** Loads each page and lists the same-origin fetch/XHR paths it made (the document itself first). */
export async function recordCalls(pages: { name: string; url: string }[]): Promise<Record<string, string[]>> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const out: Record<string, string[]> = {};
  try {
    for (const p of pages) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const origin = new URL(p.url).origin;
      const calls = new Set<string>();
      page.on('request', (req) => {
        const u = new URL(req.url());
        if (u.origin === origin && (req.resourceType() === 'fetch' || req.resourceType() === 'xhr') && req.method() === 'GET') calls.add(u.pathname + u.search);
      });
      await page.goto(p.url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const doc = new URL(p.url);
      out[p.name] = [doc.pathname + doc.search, ...calls];
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
