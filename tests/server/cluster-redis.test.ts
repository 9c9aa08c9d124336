import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busChannel, redisBus } from '../../src/server/cluster/bus';
import { sharedRateLimitStore } from '../../src/server/cluster/rate-limit-store';
import { startServedLayouts } from '../../src/server/layouts/served-layouts';
import { readConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/connect';
import { connectRedis, redisReady, type RedisLink } from '../../src/server/cluster/redis';
import { cuttableRelay, missingServices, REDIS_URL, reportMissing } from '../scale/services';
import { silentLog } from './helpers/test-app';
import { until } from '../helpers/wait';

// REDIS_URL's shared parts against the machine's Redis (own key prefix): one rate limit counted across instances, the
// per-process fallback while Redis is away (through a relay the test cuts) and the recovery, pub/sub notices.
const missing = await missingServices({ redis: true });
if (missing) reportMissing('cluster-redis', missing);

const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;

interface Logged {
  info: string[];
  warn: string[];
}
const logger = (into: Logged) => ({
  info: (m: string) => void into.info.push(m),
  warn: (m: string) => void into.warn.push(m),
});

async function limitedApp(link: RedisLink, max: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(link) });
  app.post('/subscribe', { config: { rateLimit: { max, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}
const hit = async (app: FastifyInstance): Promise<number> =>
  (await app.inject({ method: 'POST', url: '/subscribe', payload: {} })).statusCode;

describe.skipIf(missing !== null)('REDIS_URL: shared rate limits and notices', () => {
  const links: RedisLink[] = [];
  const admin = new Redis(REDIS_URL, { lazyConnect: true });
  const link = async (url: string, logged: Logged): Promise<RedisLink> => {
    const l = connectRedis(url, prefix, logger(logged));
    links.push(l);
    await redisReady(l, 3_000);
    return l;
  };

  beforeAll(async () => {
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(links.map((l) => l.close()));
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
  });

  it('counts one limit across instances: the 4th attempt of 3 is refused on whichever instance', async () => {
    const a = await limitedApp(await link(REDIS_URL, { info: [], warn: [] }), 3);
    const b = await limitedApp(await link(REDIS_URL, { info: [], warn: [] }), 3);
    expect([await hit(a), await hit(b), await hit(a)]).toEqual([200, 200, 200]);
    expect(await hit(b)).toBe(429);
    expect(await hit(a)).toBe(429);
    // Counted under the prefix, per route.
    expect(await admin.keys(`${prefix}rl:POST/subscribe-*`)).toHaveLength(1);
    await Promise.all([a.close(), b.close()]);
  });

  it('falls back to per-process limits with a warning while Redis is away, and shares them again after', async () => {
    const relay = await cuttableRelay(REDIS_URL);
    const logged: Logged = { info: [], warn: [] };
    const l = await link(relay.url, logged);
    const app = await limitedApp(l, 2);
    await admin.del(...(await admin.keys(`${prefix}rl:*`)));
    expect(await hit(app)).toBe(200);

    await relay.cut();
    await until(() => !l.usable(), { message: 'the link sees Redis away', timeoutMs: 2_000 });
    const t0 = Date.now();
    // Still answering, still limited (per process: a fresh count of 2).
    expect([await hit(app), await hit(app), await hit(app)]).toEqual([200, 200, 429]);
    expect(Date.now() - t0).toBeLessThan(1_500);
    expect(logged.warn.join('\n')).toMatch(/Redis unavailable.*per-process/);

    await relay.restore();
    await until(() => l.usable(), { message: 'the link sees Redis back', timeoutMs: 5_000 });
    await admin.del(...(await admin.keys(`${prefix}rl:*`)));
    expect(await hit(app)).toBe(200);
    expect(Number(await admin.get((await admin.keys(`${prefix}rl:*`))[0]!))).toBe(1);
    expect(logged.warn.join('\n')).toMatch(/Redis is back/);
    await app.close();
    await relay.close();
  });

  it('carries notices to the other instances, not back to the sender, and a catch-up after an outage', async () => {
    const relay = await cuttableRelay(REDIS_URL);
    const a = redisBus(await link(REDIS_URL, { info: [], warn: [] }), () => undefined);
    const linkB = await link(relay.url, { info: [], warn: [] });
    const b = redisBus(linkB, () => undefined);
    // Everything sent on the channel, as Redis delivers it (subscribe resolves once Redis confirmed it).
    const watcher = new Redis(REDIS_URL);
    const sent: string[] = [];
    watcher.on('message', (_channel: string, text: string) => sent.push(text));
    await watcher.subscribe(busChannel(prefix));
    const gotA: string[] = [];
    const gotB: string[] = [];
    a.subscribe('cache', (t) => gotA.push(t));
    b.subscribe('cache', (t) => gotB.push(t));
    await Promise.all([a.ready, b.ready]); // Redis confirmed both subscriptions
    const t0 = Date.now();
    a.publish('cache', 'tenant:abc');
    a.publish('cache', 'tenant:abc'); // coalesced
    await until(() => gotB.length > 0, { message: 'b receives the notice', timeoutMs: 1_000 });
    expect(Date.now() - t0).toBeLessThan(1_000);
    // Markers sent after it, each by the other side: Redis delivers the messages of its channel in the order it
    // received them, so once a marker is in, anything a's notice could have caused (a second copy to b, an echo to a)
    // would be in before it.
    b.publish('cache', 'marker:from-b');
    a.publish('cache', 'marker:from-a');
    await until(() => gotA.includes('marker:from-b') && gotB.includes('marker:from-a'), {
      message: 'both markers arrive',
      timeoutMs: 2_000,
    });
    expect(gotB).toEqual(['tenant:abc', 'marker:from-a']);
    expect(gotA).toEqual(['marker:from-b']);

    await relay.cut();
    // b notices the lost connection before Redis comes back (else there is no reconnection to catch up after).
    await until(() => linkB.subscriber.status !== 'ready', {
      message: "b's subscriber sees the cut",
      timeoutMs: 5_000,
    });
    a.publish('cache', 'store:lost'); // b misses it
    await until(() => sent.some((m) => m.includes('store:lost')), {
      message: 'the notice b misses goes out',
      timeoutMs: 2_000,
    });
    await relay.restore();
    await until(() => gotB.includes('all'), { message: 'b catches up after the outage', timeoutMs: 5_000 });
    expect(gotB).not.toContain('store:lost');
    watcher.disconnect();
    await relay.close();
  });

  it('files source: a layouts directory change seen by one instance reloads the others', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'dealdeck-notice-'));
    const dirA = path.join(work, 'a');
    const dirB = path.join(work, 'b');
    await cp('layouts', dirA, { recursive: true });
    await cp('layouts', dirB, { recursive: true });
    const noDb = {} as Db; // the files source never queries
    const busA = redisBus(await link(REDIS_URL, { info: [], warn: [] }), () => undefined);
    const busB = redisBus(await link(REDIS_URL, { info: [], warn: [] }), () => undefined);
    const a = await startServedLayouts(readConfig({ LAYOUTS_DIR: dirA }), noDb, busA, silentLog);
    const b = await startServedLayouts(readConfig({ LAYOUTS_DIR: dirB }), noDb, busB, silentLog);
    await Promise.all([busA.ready, busB.ready]); // Redis confirmed both subscriptions
    // B's directory changes too (a shared disk), but only A sees it: B stops watching.
    b.stop();
    const before = b.current();
    for (const dir of [dirA, dirB]) {
      const file = path.join(dir, 'home', 'landing.json');
      const doc = JSON.parse(await readFile(file, 'utf8')) as { title: string };
      await writeFile(file, JSON.stringify({ ...doc, title: 'Changed on the shared disk' }, null, 2));
    }
    await until(() => b.current() !== before, { message: 'b reloads its layouts', timeoutMs: 3_000 });
    expect(b.current().documents.find((d) => d.file.endsWith('home/landing.json'))?.doc.title).toBe(
      'Changed on the shared disk',
    );
    a.stop();
    await rm(work, { recursive: true, force: true });
  });
});
