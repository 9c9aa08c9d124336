import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { DEFAULT_RATE_LIMITS } from '../../src/server/routes/deps';
import { DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 25 item 5: the IP every per-IP limit counts is the one the trusted proxies saw. A client that writes its own
// X-Forwarded-For (a new made-up address on each try) must not get past login's limit of 10 wrong passwords a minute.
const LIMIT = DEFAULT_RATE_LIMITS.forms.max;
const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '203.0.113.8';
const madeUp = (i: number) => `198.51.100.${i + 1}`;

async function wrongLogin(app: FastifyInstance, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/system-user/login',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: 'admin@dealdeck.localhost', password: 'not-the-password' },
  });
  return res.statusCode;
}

/** The statuses of LIMIT + 1 wrong logins in a row, the i-th sent as `send(i)` says. */
async function burst(send: (i: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) statuses.push(await send(i));
  return statuses;
}
const REFUSED_LAST = [...Array<number>(LIMIT).fill(401), 429];

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

/** GET / over a real socket from 127.0.0.1: the response cache's early answers see the raw request, not Fastify's. */
function socketGet(app: FastifyInstance, headers: Record<string, string>): Promise<{ cache: string; html: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (html += chunk));
      res.on('end', () => resolve({ cache: String(res.headers['x-cache']), html }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(DATABASES)('trusted proxies (%s)', (kind) => {
  describe('TRUST_PROXY=1: one proxy in front', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { trustProxy: readConfig({ TRUST_PROXY: '1' }).trustProxy });
    });
    afterAll(() => t.close());

    it('counts the address the proxy saw, whatever the client wrote before it', async () => {
      expect(await burst((i) => wrongLogin(t.app, PROXY, `${madeUp(i)}, ${CLIENT}`))).toEqual(REFUSED_LAST);
      // Neither the proxy's address nor the leftmost entry is the key: another client, naming the first, is let in.
      expect(await wrongLogin(t.app, PROXY, `${CLIENT}, ${OTHER_CLIENT}`)).toBe(401);
    });
  });

  describe('TRUST_PROXY=<the proxy address>', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { trustProxy: readConfig({ TRUST_PROXY: `${PROXY},fd00::/64` }).trustProxy });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('counts the address the listed proxy saw, whatever the client wrote before it', async () => {
      expect(await burst((i) => wrongLogin(t.app, PROXY, `${madeUp(i)}, ${CLIENT}`))).toEqual(REFUSED_LAST);
      expect(await wrongLogin(t.app, PROXY, `${CLIENT}, ${OTHER_CLIENT}`)).toBe(401);
    });

    it('ignores the X-Forwarded-For of a peer that is not listed', async () => {
      const stranger = '192.0.2.9';
      expect(await burst((i) => wrongLogin(t.app, stranger, madeUp(i)))).toEqual(REFUSED_LAST);
      // The stranger's claims spent nobody else's attempts.
      expect(await wrongLogin(t.app, PROXY, madeUp(0))).toBe(401);
    });

    it('takes the scheme from X-Forwarded-Proto only from the listed proxy, cached documents too', async () => {
      const headers = { host: 'one.localhost', accept: 'text/html', 'x-forwarded-proto': 'https' };
      const viaProxy = () => t.app.inject({ method: 'GET', url: '/', remoteAddress: PROXY, headers });
      expect(canonicalOf((await viaProxy()).body)).toBe('https://one.localhost/');
      const hit = await viaProxy();
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(canonicalOf(hit.body)).toBe('https://one.localhost/');
      // 127.0.0.1 is no listed proxy: the early answer must not hand it the https document kept for the proxy's clients.
      const direct = await socketGet(t.app, headers);
      expect(canonicalOf(direct.html)).toBe('http://one.localhost/');
      const again = await socketGet(t.app, headers);
      expect(again.cache).toBe('HIT');
      expect(canonicalOf(again.html)).toBe('http://one.localhost/');
    });
  });

  describe('TRUST_PROXY unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { trustProxy: readConfig({}).trustProxy });
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For and X-Forwarded-Proto from every peer', async () => {
      expect(await burst((i) => wrongLogin(t.app, PROXY, `${madeUp(i)}, ${CLIENT}`))).toEqual(REFUSED_LAST);
      expect(await wrongLogin(t.app, CLIENT, `${madeUp(0)}, ${PROXY}`)).toBe(401);
      const page = await t.app.inject({
        method: 'GET',
        url: '/',
        remoteAddress: PROXY,
        headers: { host: 'one.localhost', accept: 'text/html', 'x-forwarded-proto': 'https' },
      });
      expect(canonicalOf(page.body)).toBe('http://one.localhost/');
    });
  });
});
