import { readdir, readFile, rm } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES } from '../../src/server/build/precompress';
import { compressionCount } from '../../src/server/cache/response-store';
import { buildClient, ssrDirOf } from '../../src/server/client-build';
import { fileTemplate } from '../../src/server/site/template';
import { startTestApp, type TestApp } from './helpers/test-app';
import { until } from '../helpers/wait';

// Issue 19's guard: what a browser asks for (Accept-Encoding: gzip, deflate, br) is answered with bytes compressed once
// — assets at build time, documents and API answers once per cache entry — never compressed again on the request path.
const clientDir = path.resolve(`dist/test-served-bytes-${process.pid}`);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' };

describe('bytes served as browsers ask for them', () => {
  let t: TestApp;
  let assets: string[];
  beforeAll(async () => {
    const failure = await buildClient(process.cwd(), () => undefined, clientDir);
    if (failure) throw new Error(failure);
    t = await startTestApp('pglite', { template: fileTemplate(clientDir), clientDir });
    assets = await readdir(path.join(clientDir, 'assets'));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
    await rm(ssrDirOf(clientDir), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = BROWSER, host = 'one.localhost') =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it('the build writes a brotli and a gzip copy of every script and stylesheet worth compressing', async () => {
    const code = assets.filter((f) => /\.(js|css)$/.test(f));
    expect(code.some((f) => f.startsWith('framework-'))).toBe(true);
    const sizes = await Promise.all(code.map(async (f) => (await readFile(path.join(clientDir, 'assets', f))).length));
    const worth = code.filter((_, i) => sizes[i]! >= PRECOMPRESS_MIN_BYTES);
    expect(worth.length).toBeGreaterThan(10);
    for (const f of worth) {
      expect(assets, f).toContain(`${f}.br`);
      expect(assets, f).toContain(`${f}.gz`);
    }
  });

  it('sends the framework chunk and the stylesheet as the build compressed them, without compressing', async () => {
    const files = [assets.find((f) => /^framework-.*\.js$/.test(f))!, assets.find((f) => f.endsWith('.css'))!];
    const before = compressionCount();
    for (const file of files) {
      const disk = (ext: string) => readFile(path.join(clientDir, 'assets', file + ext));
      const br = await get(`/assets/${file}`);
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      // Byte for byte the build's quality-11 copy: a compression on the request path would produce other bytes.
      expect(br.rawPayload.equals(await disk('.br'))).toBe(true);
      const gz = await get(`/assets/${file}`, { 'accept-encoding': 'gzip, deflate' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.equals(await disk('.gz'))).toBe(true);
      const plain = await get(`/assets/${file}`, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(await disk(''))).toBe(true);
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    expect(compressionCount()).toBe(before);
  });

  it('compresses a drawn demo image once', async () => {
    const url = '/assets/placeholder/store.svg';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const after = compressionCount();
    const second = await get(url);
    expect(second.headers['content-encoding']).toBe(first.headers['content-encoding']);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(compressionCount()).toBe(after);
  });

  it('sends a cached home document as kept compressed bytes, the same for every shopper', async () => {
    const miss = await get('/');
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['content-encoding']).toBe('br');
    const before = compressionCount();
    const hits = await Promise.all([get('/'), get('/')]);
    for (const hit of hits) {
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.headers['content-encoding']).toBe('br');
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
    }
    expect(compressionCount()).toBe(before);
    const html = brotliDecompressSync(miss.rawPayload).toString();
    expect(html).toContain('<div id="root"><');
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
  });
});

describe('answers given before Fastify routes the request (a real HTTP server)', () => {
  let t: TestApp;
  let port = 0;
  let clock = Date.parse('2026-06-15T12:00:00.000Z');
  beforeAll(async () => {
    const failure = await buildClient(process.cwd(), () => undefined, clientDir);
    if (failure) throw new Error(failure);
    t = await startTestApp('pglite', {
      template: fileTemplate(clientDir),
      clientDir,
      responseCache: { now: () => clock },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
    await rm(ssrDirOf(clientDir), { recursive: true, force: true });
  });

  /** A GET over a real socket (Node cannot resolve *.localhost: 127.0.0.1 with the Host header). */
  const fetchRaw = (url: string, headers: Record<string, string>, host = 'one.localhost') =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: url, headers: { host, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('sends a kept asset, then the same bytes and headers from memory', async () => {
    const file = (await readdir(path.join(clientDir, 'assets'))).find((f) => /^framework-.*\.js$/.test(f))!;
    const kept = t.app.memoryParts().assets.files;
    const first = await fetchRaw(`/assets/${file}`, BROWSER);
    // The first answer also reads the file into memory, off the request: wait until it is kept.
    await until(() => t.app.memoryParts().assets.files > kept, {
      message: `${file} kept in memory`,
      timeoutMs: 5_000,
    });
    const before = compressionCount();
    const again = await fetchRaw(`/assets/${file}`, BROWSER);
    expect(again.status).toBe(200);
    expect(again.body.equals(await readFile(path.join(clientDir, 'assets', `${file}.br`)))).toBe(true);
    for (const h of [
      'content-type',
      'content-encoding',
      'cache-control',
      'vary',
      'x-content-type-options',
      'cross-origin-resource-policy',
    ]) {
      expect(again.headers[h], h).toBe(first.headers[h]);
    }
    const plain = await fetchRaw(`/assets/${file}`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(await readFile(path.join(clientDir, 'assets', file)))).toBe(true);
    expect(compressionCount()).toBe(before);
  });

  it('answers a cached document and API answer early, with ETag revalidation, and still refills stale ones', async () => {
    for (const url of ['/', '/api/end-user/coupon/getCouponsBasedOnDomain?page=1&per_page=7']) {
      const miss = await fetchRaw(url, BROWSER);
      expect(miss.headers['x-cache']).toBe('MISS');
      const hit = await fetchRaw(url, BROWSER);
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.body.equals(miss.body)).toBe(true);
      expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
      const revalidated = await fetchRaw(url, { ...BROWSER, 'if-none-match': String(hit.headers.etag) });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      // Another tenant's Host never sees this tenant's entry.
      const other = await fetchRaw(url, BROWSER, 'two.localhost');
      expect(other.headers['x-cache']).toBe('MISS');
    }
    clock += 31_000; // past the fresh time: one request refills through Fastify, the others keep the copy
    const refill = await fetchRaw('/', BROWSER);
    expect(refill.headers['x-cache']).toBe('MISS');
    expect((await fetchRaw('/', BROWSER)).headers['x-cache']).toBe('HIT');
  });
});
