import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssrDirOf } from '../../src/server/client-build';
import { shopperIds } from '../../src/server/site/shopper-id';
import { DEFAULT_ADMIN_HOST } from '../../src/server/app';
import { connectDb } from '../../src/server/db/connect';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, tenantIdByHost } from '../../src/server/db/repositories/admin-users';
import { loadLayouts } from '../../src/server/layouts/load';
import { sendDigest } from '../../src/server/mail/digest/send';
import { MailQueue } from '../../src/server/mail/queue';
import { startSink, type Sink } from '../server/helpers/smtp-sink';
import { cuttableRelay, freePorts, missingServices, POSTGRES_URL, REDIS_URL, reportMissing } from './services';
import { roundRobin, type RoundRobin } from './round-robin';
import { DeadlinePassed, until } from '../helpers/wait';

// Issue 17: three real server processes (the command `npm start` runs) over one PostgreSQL database of their own
// (dd_scale_<random>, created and dropped here) and the machine's Redis (a key prefix of their own), behind a round-robin
// relay. The client build is a stand-in (index.html + a render.js drawing nothing): what is under test is what the
// instances share, not how pages are drawn (the e2e suite covers that), and `npm start` would otherwise build it.
const missing = await missingServices({ redis: true, postgres: true });
if (missing) reportMissing('three-instances', missing);

// Free ports and a database of this run's own, so two runs (two checkouts, CI and a developer) can share a machine.
const PORTS = await freePorts(3);
/** The kill under load comes after this many answers through the proxy: load flowing over every instance. */
const KILL_AFTER_ANSWERS = 50;
const DATABASE = `dd_scale_${randomBytes(4).toString('hex')}`;
const TENANT = 'one.localhost';
// Every instance signs shopper ids with this secret (SHOPPER_ID_SECRETS); the test mints ids as a browser keeps them.
const SHOPPER_SECRET = `scale-test-${'s'.repeat(32)}`;
const shoppers = shopperIds([SHOPPER_SECRET]);
const shopperCookie = () => shoppers.cookie(shoppers.issue(Date.now() - 120_000), false).split(';')[0]!;
const prefix = `dd:test:${randomBytes(6).toString('hex')}:`;
const withDatabase = (name: string): string => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.href;
};
const databaseUrl = withDatabase(DATABASE);
const adminUrl = withDatabase('postgres');
const root = process.cwd();

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        headers: {
          'domain-name': TENANT,
          'user-agent': 'Mozilla/5.0 (three-instance test)',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
const instance = (i: number): string => `http://127.0.0.1:${PORTS[i]}`;
const json = <T>(a: Answer): T => JSON.parse(a.body) as T;

/** Polls check on every instance until all pass; the time it took, or null past ms. */
async function allWithin(ms: number, check: (i: number) => Promise<boolean>): Promise<number | null> {
  const pending = new Set(PORTS.map((_, i) => i));
  return until(
    async () => {
      for (const i of [...pending]) if (await check(i)) pending.delete(i);
      return pending.size === 0;
    },
    { message: 'every instance', timeoutMs: ms, everyMs: 25 },
  ).catch((err: unknown) => {
    if (err instanceof DeadlinePassed) return null;
    throw err;
  });
}

describe.skipIf(missing !== null)('three instances over one PostgreSQL and one Redis', () => {
  const servers: ChildProcess[] = [];
  const output: string[] = ['', '', ''];
  let work = '';
  let layoutsDir = '';
  let proxy: RoundRobin;
  // The instances reach Redis through a relay the outage test cuts.
  let redisRelay: Awaited<ReturnType<typeof cuttableRelay>>;
  // Every instance sends its mail jobs to this local SMTP sink.
  let sink: Sink;
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    // The test reads the demo data; a DATABASE_URL deployment is no demo unless it asks (issue 25).
    DEMO: '1',
    REDIS_URL: redisRelay.url,
    REDIS_PREFIX: prefix,
    LAYOUTS_SOURCE: 'db',
    LAYOUTS_DIR: layoutsDir,
    CLIENT_DIR: path.join(work, 'client'),
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    SMTP_URL: sink.url,
    SHOPPER_ID_SECRETS: SHOPPER_SECRET,
    VOTE_HOLD_SECONDS: '0',
    MISSES_PER_MINUTE: '1000000',
    ...extra,
  });
  // What `npm start` runs (package.json's script): its preparing steps (`a && b && node …`) once here, then its last
  // command without npm in between, so a kill reaches the server itself.
  const startSteps = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start
    .split('&&')
    .map((step) => step.trim());
  // `NAME=value node …`: the variables npm start sets (SERVER_ENV) go into each instance's environment.
  const startWords = startSteps.at(-1)!.split(/\s+/);
  const isAssignment = (word: string) => /^[A-Z_]+=/.test(word);
  const startEnv = Object.fromEntries(
    startWords.filter(isAssignment).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
  );
  const [startCommand, ...startArgs] = startWords.filter((word) => !isAssignment(word));

  async function publishLayouts(): Promise<{ code: number | null; out: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/layouts/publish-cli.ts'], {
      cwd: root,
      env: env(),
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, out };
  }

  beforeAll(async () => {
    redisRelay = await cuttableRelay(REDIS_URL);
    sink = await startSink();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();

    work = await mkdtemp(path.join(tmpdir(), 'dealdeck-scale-'));
    layoutsDir = path.join(work, 'layouts');
    await cp(path.join(root, 'layouts'), layoutsDir, { recursive: true });
    await mkdir(path.join(work, 'client'), { recursive: true });
    await mkdir(ssrDirOf(path.join(work, 'client')), { recursive: true });
    await writeFile(
      path.join(work, 'client', 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><!--dealdeck:head--></head>' +
        '<body><div id="root"></div><!--dealdeck:bootstrap--></body></html>',
    );
    await writeFile(
      path.join(ssrDirOf(path.join(work, 'client')), 'render.js'),
      'export async function renderPage() { return { html: "", queries: [], complete: true }; }\n',
    );

    if (startCommand !== 'node') throw new Error(`npm start runs "${startCommand}", not node: update this test`);
    const bin = path.join(root, 'node_modules', '.bin');
    for (const step of startSteps.slice(0, -1))
      execSync(step, {
        cwd: root,
        stdio: 'pipe',
        env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
      });
    // All three at once on the empty database: one migrates and seeds, the others wait for it (advisory lock).
    for (const [i, port] of PORTS.entries()) {
      const child = spawn(process.execPath, startArgs, {
        cwd: root,
        env: { ...startEnv, ...env({ PORT: String(port), HOST: '127.0.0.1' }) },
      });
      child.stdout!.on('data', (c: Buffer) => (output[i] += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output[i] += c.toString()));
      servers.push(child);
    }
    const ready = await allWithin(150_000, async (i) => {
      if (servers[i]!.exitCode !== null) throw new Error(`instance ${i} exited:\n${output[i]}`);
      return request(instance(i), 'GET', '/healthz').then(
        (a) => a.status === 200,
        () => false,
      );
    });
    if (ready === null) throw new Error(`the instances did not start:\n${output.join('\n----\n')}`);
    proxy = await roundRobin(PORTS);
  }, 180_000);

  afterAll(async () => {
    const running = servers.filter((s) => s.exitCode === null && s.signalCode === null);
    for (const s of running) s.kill('SIGTERM');
    await Promise.all(running.map((s) => new Promise((r) => s.once('exit', r))));
    await proxy?.close();
    await redisRelay?.close();
    await sink?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.end();
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('shares the newsletter limit: the 11th attempt within a minute is refused whichever instance gets it', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) {
      const a = await request(proxy.url, 'POST', '/end-user/newsletter/email-subscribe', {
        body: { email_id: `shopper${n}@example.com` },
      });
      statuses.push(a.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    for (let i = 0; i < 3; i++) {
      const a = await request(instance(i), 'POST', '/end-user/newsletter/email-subscribe', {
        body: { email_id: `late${i}@example.com` },
      });
      expect(a.status, `instance ${i}`).toBe(429);
      expect(json<{ message: string }>(a).message).toMatch(/Too many subscription attempts/);
    }
  });

  it("drops a write's cached answers on all three within 1 s", async () => {
    type Stores = { data: Array<{ _id: string; visit_count: number }> };
    type Coupons = { data: Array<{ _id: string; store_id: { _id: string } }> };
    const list = '/api/end-user/store/getStoresBasedOnDomain?per_page=100';
    const coupons = json<Coupons>(await request(instance(0), 'GET', '/api/end-user/coupon/coupon-list-by-website'));
    const stores = json<Stores>(await request(instance(0), 'GET', list)).data;
    const listed = new Set(stores.map((s) => s._id));
    const coupon = coupons.data.find((c) => listed.has(c.store_id._id));
    expect(coupon, 'a coupon of a listed store').toBeDefined();
    // Every instance holds the list in its cache.
    for (let i = 0; i < 3; i++) {
      await request(instance(i), 'GET', list);
      expect((await request(instance(i), 'GET', list)).headers['x-cache'], `instance ${i}`).toBe('HIT');
    }
    const visit = json<{ data: { store_id: string; visit_count: number } }>(
      await request(instance(0), 'POST', '/api/end-user/coupon/record-visit', {
        body: { coupon_id: coupon!._id },
        headers: { cookie: shopperCookie() },
      }),
    ).data;
    const took = await allWithin(1_000, async (i) => {
      const found = json<Stores>(await request(instance(i), 'GET', list)).data.find((s) => s._id === visit.store_id);
      return found?.visit_count === visit.visit_count;
    });
    expect(took, 'every instance shows the new visit count within 1 s').not.toBeNull();
  });

  it("shows an operator's tenant edit on all three within 1 s (each keeps its tenants beside its cache)", async () => {
    type Site = { data: { name: string } };
    const site = '/api/end-user/website-data/fetchByDomain';
    // Every instance has the tenant in memory and its website data in its cache.
    for (let i = 0; i < 3; i++) {
      await request(instance(i), 'GET', site);
      expect((await request(instance(i), 'GET', site)).headers['x-cache'], `instance ${i}`).toBe('HIT');
    }
    const login = await request(instance(1), 'POST', '/system-user/login', {
      body: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
      headers: { host: DEFAULT_ADMIN_HOST, 'domain-name': '' },
    });
    expect(login.status, login.body).toBe(200);
    const token = json<{ data: { token: string } }>(login).data.token;
    const db = await connectDb({ databaseUrl });
    const id = (await tenantIdByHost(db, TENANT))!;
    await db.close();
    const name = `Renamed ${randomBytes(3).toString('hex')}`;
    const edit = await request(instance(1), 'PATCH', `/api/admin/tenants/${id}`, {
      body: { data: { name } },
      headers: { host: DEFAULT_ADMIN_HOST, 'domain-name': '', authorization: `Bearer ${token}` },
    });
    expect(edit.status, edit.body).toBe(200);
    const took = await allWithin(1_000, async (i) => {
      const page = await request(instance(i), 'GET', '/about', { headers: { host: TENANT, accept: 'text/html' } });
      return json<Site>(await request(instance(i), 'GET', site)).data.name === name && page.body.includes(name);
    });
    expect(took, "every instance answers with the tenant's new name within 1 s").not.toBeNull();
  });

  it('reloads the layouts published by `npm run layouts:publish` on all three within 1 s', async () => {
    const marker = `published-${randomBytes(4).toString('hex')}`;
    const home = path.join(layoutsDir, 'home');
    for (const name of await readdir(home)) {
      const doc = JSON.parse(await readFile(path.join(home, name), 'utf8')) as { title: string };
      doc.title = `${doc.title} ${marker}`;
      await writeFile(path.join(home, name), JSON.stringify(doc, null, 2));
    }
    for (let i = 0; i < 3; i++) await request(instance(i), 'GET', '/', { headers: { host: TENANT } });
    const published = await publishLayouts();
    expect(published.code, published.out).toBe(0);
    expect(published.out).toMatch(/change notice sent to 3 instances/);
    const took = await allWithin(1_000, async (i) =>
      (await request(instance(i), 'GET', '/', { headers: { host: TENANT } })).body.includes(marker),
    );
    expect(took, 'every instance serves the published documents within 1 s').not.toBeNull();

    // A document with a problem is refused as a whole: nothing is written.
    await writeFile(path.join(home, 'broken.json'), '{"kind": "home"');
    const refused = await publishLayouts();
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/broken\.json.*nothing published/s);
    await rm(path.join(home, 'broken.json'));
  });

  it('keeps a shopper on one A/B variant whichever instance draws the page', async () => {
    const home = path.join(layoutsDir, 'home');
    type HomeDoc = { schemaVersion: number; title: string; serves: string[]; experiment?: unknown };
    let file = '';
    for (const name of await readdir(home)) {
      const doc = JSON.parse(await readFile(path.join(home, name), 'utf8')) as HomeDoc;
      if (doc.serves.includes('Home Page One')) file = name;
    }
    expect(file, "the demo document of one.localhost's home").not.toBe('');
    const original = await readFile(path.join(home, file), 'utf8');
    const marker = randomBytes(4).toString('hex');
    const arm = (variant: string): string => {
      const doc = JSON.parse(original) as HomeDoc;
      return JSON.stringify(
        {
          ...doc,
          schemaVersion: 2,
          title: `arm-${variant}-${marker}`,
          experiment: { id: 'scale-ab', variant, weight: 50 },
        },
        null,
        2,
      );
    };
    await writeFile(path.join(home, file), arm('control'));
    await writeFile(path.join(home, 'scale-ab-b.json'), arm('b'));
    try {
      const published = await publishLayouts();
      expect(published.code, published.out).toBe(0);
      const armOf = (body: string): string | undefined => new RegExp(`arm-(control|b)-${marker}`).exec(body)?.[1];
      expect(
        await allWithin(
          1_000,
          async (i) =>
            armOf((await request(instance(i), 'GET', '/', { headers: { host: TENANT } })).body) !== undefined,
        ),
        'every instance runs the experiment within 1 s',
      ).not.toBeNull();
      const seen = new Set<string>();
      for (let shopper = 0; shopper < 12; shopper++) {
        // A new shopper's first page, on the instance the round robin gives; then the others with their cookie.
        const first = await request(instance(shopper % 3), 'GET', '/', { headers: { host: TENANT } });
        const cookie = String(first.headers['set-cookie']).split(';')[0]!;
        expect(cookie).toMatch(/^dd_id=/);
        const variant = armOf(first.body);
        expect(variant).toBeDefined();
        seen.add(variant!);
        for (let i = 0; i < 3; i++) {
          const again = await request(instance(i), 'GET', '/', { headers: { host: TENANT, cookie } });
          expect(armOf(again.body), `shopper ${shopper} on instance ${i}`).toBe(variant);
        }
      }
      // Twelve shoppers on a 50/50 split: both arms drawn (a chance of 1 in 2048 that this fails on a correct split).
      expect([...seen].sort()).toEqual(['b', 'control']);
    } finally {
      await writeFile(path.join(home, file), original);
      await rm(path.join(home, 'scale-ab-b.json'), { force: true });
      const restored = await publishLayouts();
      expect(restored.code, restored.out).toBe(0);
    }
  });

  it('honours the signed id whichever instance gets the next vote', async () => {
    const coupons = json<{ data: Array<{ _id: string }> }>(
      await request(instance(1), 'GET', '/api/end-user/coupon/coupon-list-by-website'),
    );
    const couponId = coupons.data[coupons.data.length - 1]!._id;
    // An id issued by one instance is read by every other (one secret); the reveal lets its vote count.
    const cookie = shopperCookie();
    const reveal = await request(instance(2), 'POST', '/api/end-user/coupon/record-visit', {
      body: { coupon_id: couponId },
      headers: { cookie },
    });
    expect(reveal.status, reveal.body).toBe(200);
    const first = await request(instance(0), 'POST', '/api/end-user/coupon/vote', {
      body: { coupon_id: couponId, worked: true },
      headers: { cookie },
    });
    expect(first.status, first.body).toBe(200);
    expect(first.headers['set-cookie'], 'a known shopper gets no new cookie').toBeUndefined();
    // The same shopper changes their mind on another instance: the vote is replaced, not added.
    await request(instance(1), 'POST', '/api/end-user/coupon/vote', {
      body: { coupon_id: couponId, worked: false },
      headers: { cookie },
    });
    const db = await connectDb({ databaseUrl });
    try {
      const rows = await db.query<{ worked: boolean; standing: string }>(
        'SELECT worked, standing FROM coupon_votes WHERE coupon_id = $1',
        [couponId],
      );
      expect(rows).toEqual([{ worked: false, standing: 'counted' }]);
    } finally {
      await db.close();
    }
  });

  it('runs each mail job once: a digest queued for 120 subscribers reaches the sink once per address', async () => {
    const db = await connectDb({ databaseUrl });
    // Only enqueues: the three instances' pg-boss workers send (SKIP LOCKED hands each job to one of them).
    const queue = await new MailQueue({ db, transport: null, work: false }).start();
    try {
      const [tenant] = await db.query<{ id: string }>('SELECT domain_id AS id FROM domain_hosts WHERE host = $1', [
        TENANT,
      ]);
      const addresses = Array.from({ length: 120 }, (_, i) => `jobs-${i}@example.com`);
      await db.query(
        `INSERT INTO newsletter_subscriptions (domain_id, email, status, confirmed_at)
         SELECT $1, address, 'confirmed', now() FROM unnest($2::text[]) AS address`,
        [tenant!.id, addresses],
      );
      const before = sink.mails.length;
      const { documents } = await loadLayouts(layoutsDir);
      const result = await sendDigest(db, queue, documents, tenant!.id, { force: true });
      expect(result.status).not.toBe('already-sent');
      const digestMails = () => sink.mails.slice(before).filter((m) => m.to.some((to) => to.startsWith('jobs-')));
      // Every send job completed (or failed for good): a job run twice would have shown up as a second mail by then.
      await until(async () => digestMails().length >= addresses.length && (await queue.pending()) === 0, {
        message: () => `the digest's jobs all done (${digestMails().length} of ${addresses.length} mails)`,
        timeoutMs: 60_000,
        everyMs: 100,
      });
      const recipients = digestMails().flatMap((m) => m.to);
      expect(recipients.sort()).toEqual([...addresses].sort());
      // Each outbox row was attempted once: no second worker picked its job up.
      const statuses = await db.query<{ status: string; attempts: number; n: number }>(
        `SELECT status, attempts, count(*)::int AS n FROM outbox WHERE to_addr LIKE 'jobs-%' GROUP BY status, attempts`,
      );
      expect(statuses).toEqual([{ status: 'sent', attempts: 1, n: addresses.length }]);
    } finally {
      await queue.stop();
      await db.close();
    }
  }, 90_000);

  it('keeps serving while Redis is away (per-process limits, logged) and shares again when it returns', async () => {
    type Stores = { data: Array<{ _id: string; visit_count: number }> };
    const list = '/api/end-user/store/getStoresBasedOnDomain?per_page=100';
    const coupons = json<{ data: Array<{ _id: string; store_id: { _id: string } }> }>(
      await request(instance(0), 'GET', '/api/end-user/coupon/coupon-list-by-website'),
    ).data;
    const listed = new Set(json<Stores>(await request(instance(0), 'GET', list)).data.map((st) => st._id));
    const couponOf = coupons.filter((c) => listed.has(c.store_id._id)).at(-1)!;
    await redisRelay.cut();
    const stopped = await allWithin(5_000, async (i) => output[i]!.includes('Redis unavailable'));
    expect(stopped, 'each instance logs that Redis is away').not.toBeNull();
    for (let i = 0; i < 3; i++) {
      expect((await request(instance(i), 'GET', list)).status, `instance ${i}`).toBe(200);
      // The shared newsletter count is spent (first test); the per-process fallback starts its own.
      const subscribe = await request(instance(i), 'POST', '/end-user/newsletter/email-subscribe', {
        body: { email_id: `outage${i}@example.com` },
      });
      expect(subscribe.status, `instance ${i} subscribes with a per-process limit`).toBe(200);
    }

    await redisRelay.restore();
    const back = await allWithin(10_000, async (i) => output[i]!.includes('Redis is back'));
    expect(back, 'each instance reconnects on its own').not.toBeNull();
    for (let i = 0; i < 3; i++) await request(instance(i), 'GET', list);
    const visit = json<{ data: { store_id: string; visit_count: number } }>(
      await request(instance(2), 'POST', '/api/end-user/coupon/record-visit', {
        body: { coupon_id: couponOf._id },
        headers: { cookie: shopperCookie() },
      }),
    ).data;
    const took = await allWithin(1_000, async (i) => {
      const found = json<Stores>(await request(instance(i), 'GET', list)).data.find((s) => s._id === visit.store_id);
      return found?.visit_count === visit.visit_count;
    });
    expect(took, 'drops reach every instance again within 1 s').not.toBeNull();
    const refused = await request(instance(1), 'POST', '/end-user/newsletter/email-subscribe', {
      body: { email_id: 'after@example.com' },
    });
    expect(refused.status, 'the shared count is back in force').toBe(429);
  });

  it('keeps answering with 0 errors when one instance is killed under load', async () => {
    // The instance is killed once the load is flowing (its first answers through the proxy), with most of the run
    // still to come; the answers after the kill are counted.
    let answered = 0;
    let afterKill = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(
        {
          url: `${proxy.url}/api/end-user/coupon/coupon-list-by-website`,
          headers: { 'domain-name': TENANT },
          connections: 8,
          duration: 4,
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
      run.on('response', () => {
        answered += 1;
        if (answered === KILL_AFTER_ANSWERS) servers[2]!.kill('SIGKILL');
        else if (answered > KILL_AFTER_ANSWERS) afterKill += 1;
      });
    });
    expect(servers[2]!.signalCode).toBe('SIGKILL');
    expect(afterKill, 'answers after the kill').toBeGreaterThan(0);
    expect(result.requests.total).toBeGreaterThan(100);
    expect(result.errors + result.timeouts, 'connection errors and timeouts').toBe(0);
    expect(result.non2xx, 'answers other than 2xx').toBe(0);
    // The survivors answer directly too.
    for (const i of [0, 1]) expect((await request(instance(i), 'GET', '/healthz')).status).toBe(200);
  });
});
