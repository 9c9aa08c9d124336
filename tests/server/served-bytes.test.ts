import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES } from '../../src/server/build/precompress';
import { compressionCount } from '../../src/server/cache/response-store';
import { buildClient, ssrDirOf } from '../../src/server/client-build';
import { fileTemplate } from '../../src/server/site/template';
import { startTestApp, type TestApp } from './helpers/test-app';

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
