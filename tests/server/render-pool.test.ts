import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../src/server/build/server-bundle';
import { buildClient, ssrDirOf } from '../../src/server/client-build';
import { fileTemplate } from '../../src/server/site/template';
import { startTestApp, type TestApp } from './helpers/test-app';
import { until } from '../helpers/wait';

// Issue 17 point 6: documents drawn by a pool of worker threads (piscina, the compiled render-worker.js npm start
// uses) are byte for byte the documents the main thread draws, their API calls answered by the main thread.
const clientDir = path.resolve(`dist/test-render-pool-${process.pid}`);
const serverDir = `dist/test-render-pool-server-${process.pid}`;
const BROWSER = { accept: 'text/html', 'accept-encoding': 'identity' };
/** The one part of a document that differs between two draws: when it was drawn. */
const withoutTime = (html: string) => html.replace(/"renderedAt":\d+/g, '"renderedAt":0');
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="dealdeck-bootstrap">'));

describe('documents drawn in worker threads', () => {
  let inThread: TestApp;
  let pooled: TestApp;
  let template: ReturnType<typeof fileTemplate>;
  beforeAll(async () => {
    const failure = await buildClient(process.cwd(), () => undefined, clientDir);
    if (failure) throw new Error(failure);
    await buildServer(process.cwd(), serverDir);
    template = fileTemplate(clientDir);
    // The same generous data deadline on both sides: what is compared is the document, not how fast a busy machine
    // answers (at the default 1.5 s a loaded CI machine drew some pages without their late data).
    inThread = await startTestApp('pglite', { template, clientDir, render: { threads: 0, dataTimeoutMs: 30_000 } });
    pooled = await startTestApp('pglite', {
      template,
      clientDir,
      render: { threads: 1, workerFile: path.resolve(serverDir, 'render-worker.js'), dataTimeoutMs: 30_000 },
    });
  }, 240_000);
  afterAll(async () => {
    await inThread?.close();
    await pooled?.close();
    await rm(clientDir, { recursive: true, force: true });
    await rm(ssrDirOf(clientDir), { recursive: true, force: true });
    await rm(path.resolve(serverDir), { recursive: true, force: true });
  });

  const get = (t: TestApp, url: string, host: string) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...BROWSER } });

  it.each([
    ['one.localhost', '/'],
    ['two.localhost', '/'],
    ['five.localhost', '/'],
    ['one.localhost', '/home2'],
    ['one.localhost', '/coupons'],
    ['one.localhost', '/categories'],
    ['three.localhost', '/searchpage?q=atlas'],
    ['one.localhost', '/store/no-such-store'],
  ])(
    '%s%s is the same document from the pool as from the main thread',
    async (host, url) => {
      const [a, b] = await Promise.all([get(inThread, url, host), get(pooled, url, host)]);
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.headers['content-security-policy']).toBe(a.headers['content-security-policy']);
      // Drawn on the server (not left to the browser): the root holds the page.
      expect(rootOf(b.body).length).toBeGreaterThan(2_000);
      expect(withoutTime(b.body)).toBe(withoutTime(a.body));
    },
    60_000,
  );

  it('draws several pages at once, each with its own answers', async () => {
    const hosts = ['one.localhost', 'two.localhost', 'three.localhost', 'four.localhost', 'five.localhost'];
    const pages = await Promise.all(hosts.map((h) => get(pooled, '/coupons', h)));
    const alone = await Promise.all(hosts.map((h) => get(inThread, '/coupons', h)));
    pages.forEach((p, i) => expect(withoutTime(p.body)).toBe(withoutTime(alone[i]!.body)));
  }, 60_000);

  it('finishes the pages it is drawing when the app closes, instead of cutting them', async () => {
    const closing = await startTestApp('pglite', {
      template,
      clientDir,
      render: { threads: 1, workerFile: path.resolve(serverDir, 'render-worker.js'), dataTimeoutMs: 30_000 },
    });
    const runs = vi.spyOn(Piscina.prototype, 'run');
    try {
      const urls = ['/coupons', '/categories', '/searchpage?q=atlas'];
      const pages = Promise.all(urls.map((url) => get(closing, url, 'one.localhost')));
      // A deploy's SIGTERM while the three are being drawn.
      await until(() => runs.mock.calls.length >= urls.length, { message: 'the three pages are in the render pool' });
      await closing.close();
      for (const page of await pages) {
        expect(page.statusCode).toBe(200);
        expect(rootOf(page.body).length).toBeGreaterThan(2_000);
      }
    } finally {
      runs.mockRestore();
    }
  }, 120_000);
});
