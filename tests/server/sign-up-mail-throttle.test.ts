import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer';
import { DATABASES, startTestApp, type TestApp } from './helpers/test-app';
import { startMailApp, type MailTestApp } from './helpers/mail-app';
import { until } from '../helpers/wait';

// Issue 24, "mail as a weapon": a script that signs someone else's address up again and again, from many IPs, across
// tenants and lists, gets one mail into that inbox per 10 minutes and 3 a day; and the answer reads the same whether
// the address was new, pending or already confirmed. Mails are counted in the outbox (written before the answer) and
// read from a real SMTP sink.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ONE = idFromKey('domain', 'one');

type SignUp = (app: TestApp['app'], email: string, opts?: { host?: string; ip?: string }) => ReturnType<typeof post>;

async function post(app: TestApp['app'], url: string, payload: object, host: string, ip: string) {
  return app.inject({ method: 'POST', url, payload, headers: { host }, remoteAddress: ip });
}

/** A store tenant one publishes (followable), found once per app. */
async function followableStore(t: TestApp): Promise<string> {
  const [row] = await t.db.query<{ id: string }>(
    `SELECT s.id FROM domain_stores ds JOIN stores s ON s.id = ds.store_id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused ORDER BY s.id LIMIT 1`,
    [ONE],
  );
  return row?.id ?? '';
}

// The per-IP rate limit counts in real time: each sign-up comes from its own address unless a test names one.
let ips = 0;
const nextIp = () => `10.${(++ips >> 8) & 255}.${ips & 255}.1`;

function lists(store: () => string): { name: string; signUp: SignUp; table: string }[] {
  return [
    {
      name: 'newsletter',
      table: 'newsletter_subscriptions',
      signUp: (app, email, o = {}) =>
        post(
          app,
          '/end-user/newsletter/email-subscribe',
          { email_id: email },
          o.host ?? 'one.localhost',
          o.ip ?? nextIp(),
        ),
    },
    {
      name: 'store follow',
      table: 'store_follows',
      signUp: (app, email, o = {}) =>
        post(
          app,
          '/api/end-user/store/follow',
          { email_id: email, store_id: store() },
          o.host ?? 'one.localhost',
          o.ip ?? nextIp(),
        ),
    },
  ];
}

async function outboxTo(t: TestApp, email: string): Promise<{ subject: string; status: string }[]> {
  return t.db.query(
    `SELECT b.subject, o.status FROM outbox o JOIN mail_bodies b ON b.id = o.body_id
     WHERE o.to_addr = $1 ORDER BY o.id`,
    [email],
  );
}

describe.each(DATABASES)('sign-up mails are sent once (%s)', (kind) => {
  let t: MailTestApp;
  let clock = Date.now();
  let storeId = '';
  let n = 0;
  const fresh = (what: string) => `${what}-${++n}@example.com`;
  const LISTS = lists(() => storeId);

  /** The inbox after the queue has sent everything queued for it. */
  async function inbox(email: string) {
    // No send job left: every mail queued so far has reached the sink (or failed for good).
    await until(async () => (await t.queue.pending()) === 0, {
      message: `the mail queue has no job left (mails to ${email})`,
      timeoutMs: 10_000,
      everyMs: 50,
    });
    return t.sink.mails.filter((m) => m.to.includes(email));
  }

  beforeAll(async () => {
    t = await startMailApp(kind, { now: () => clock });
    storeId = await followableStore(t);
  });
  afterAll(() => t.close());

  describe.each(LISTS)('$name', ({ signUp, table }) => {
    it('4 sign-ups of one unconfirmed address in a minute, from 4 IPs, send one mail', async () => {
      const email = fresh('victim');
      for (let i = 0; i < 4; i++) {
        const res = await signUp(t.app, email, { ip: `198.51.100.${i + 1}` });
        expect(res.statusCode).toBe(200);
        clock += 15_000;
      }
      expect(await outboxTo(t, email)).toHaveLength(1);
      const mails = await inbox(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.headers.get('subject')).toMatch(/^Please confirm/);
    });

    it('sends at most 3 mails a day, however the sign-ups are spaced', async () => {
      const email = fresh('daily');
      for (let i = 0; i < 6; i++) {
        await signUp(t.app, email, { ip: `192.0.2.${i + 1}` });
        clock += 11 * MINUTE;
      }
      expect(await outboxTo(t, email)).toHaveLength(3);
      clock += DAY;
      await signUp(t.app, email);
      expect(await outboxTo(t, email)).toHaveLength(4);
      expect(await inbox(email)).toHaveLength(4);
    });

    it('answers byte for byte the same for a new, a pending and a confirmed address', async () => {
      const pending = fresh('pending');
      const confirmed = fresh('confirmed');
      await signUp(t.app, pending);
      await signUp(t.app, confirmed);
      await t.db.query(`UPDATE ${table} SET status = 'confirmed' WHERE email = $1`, [confirmed]);
      clock += 11 * MINUTE;

      const newcomer = fresh('new');
      const answers = [await signUp(t.app, newcomer), await signUp(t.app, pending), await signUp(t.app, confirmed)];
      for (const a of answers) {
        expect(a.statusCode).toBe(200);
        expect(a.headers['content-type']).toBe(answers[0]?.headers['content-type']);
        expect(a.payload).toBe(answers[0]?.payload);
      }
      expect(answers[0]?.json()).toMatchObject({ success: true, message: expect.stringMatching(/check your inbox/) });

      // The mails say which: a confirmation for the new and the pending address, a note for the confirmed one.
      expect((await outboxTo(t, newcomer)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Please confirm/)]);
      expect((await outboxTo(t, pending)).map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Please confirm/),
        expect.stringMatching(/^Please confirm/),
      ]);
      expect((await outboxTo(t, confirmed)).map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Please confirm/),
        expect.stringMatching(/^You already receive/),
      ]);
    });
  });

  it('sends one mail for sign-ups at the same moment on every tenant and list', async () => {
    const email = fresh('burst');
    const [newsletter, follow] = LISTS;
    const hosts = ['one', 'two', 'three', 'four', 'five'].map((k) => `${k}.localhost`);
    // +tags make each sign-up a row of its own, so only the throttle's lock keeps them from mailing at once.
    const tagged = Array.from({ length: 12 }, (_, i) => email.replace('@', `+${i}@`));
    // A mail 11 minutes ago: the inbox's row exists, and the burst must read and update it one sign-up at a time.
    await newsletter!.signUp(t.app, email);
    clock += 11 * MINUTE;
    const answers = await Promise.all([
      ...hosts.map((host) => newsletter!.signUp(t.app, email, { host })),
      ...tagged.map((address) => newsletter!.signUp(t.app, address)),
      follow!.signUp(t.app, email),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(18).fill(200));
    const mailed = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE to_addr = $1 OR to_addr = ANY($2::text[])`,
      [email, tagged],
    );
    expect(mailed[0]?.n).toBe(2);
  });

  it('counts one inbox across tenants, lists and +tags', async () => {
    const email = fresh('shared');
    const [newsletter, follow] = LISTS;
    await newsletter!.signUp(t.app, email, { host: 'one.localhost' });
    await newsletter!.signUp(t.app, email, { host: 'two.localhost', ip: '10.9.9.9' });
    await follow!.signUp(t.app, email);
    await newsletter!.signUp(t.app, email.replace('@', '+again@'), { host: 'three.localhost' });
    await newsletter!.signUp(t.app, email.replace('@', '+again@').toUpperCase(), { host: 'four.localhost' });
    const all = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE split_part(to_addr, '@', 1) LIKE $1`,
      [`${email.split('@')[0]}%`],
    );
    expect(all[0]?.n).toBe(1);
  });
});

describe.each(DATABASES)('a sign-up mail that cannot be queued (%s)', (kind) => {
  let t: TestApp;
  let failing = true;
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(m) {
      if (failing) throw new Error('queue down');
      sent.push(m);
    },
  };
  beforeAll(async () => {
    t = await startTestApp(kind, { mailer });
  });
  afterAll(() => t.close());

  it('answers 503 and does not use up the allowance: the next sign-up sends it', async () => {
    const [newsletter] = lists(() => '');
    const down = await newsletter!.signUp(t.app, 'retry@example.com');
    expect(down.statusCode).toBe(503);
    failing = false;
    const again = await newsletter!.signUp(t.app, 'retry@example.com');
    expect(again.statusCode).toBe(200);
    expect(sent.map((m) => m.to)).toEqual(['retry@example.com']);
  });
});

// Several instances over one database: only PostgreSQL admits two (PGlite is one process's directory).
describe.runIf(DATABASES.includes('postgres'))('sign-up mails across two instances (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  const sent: string[] = [];
  const mailer: Mailer = { send: async (m) => void sent.push(m.to) };
  beforeAll(async () => {
    a = await startTestApp('postgres', { mailer });
    b = await startTestApp('postgres', { mailer, place: a.place, seed: false });
  });
  afterAll(async () => {
    await b?.close(true);
    await a?.close();
  });

  it('counts one inbox whichever instance gets the sign-up', async () => {
    const [newsletter] = lists(() => '');
    const addresses = Array.from({ length: 12 }, (_, i) => `both+${i}@example.com`);
    // The inbox's row exists (a mail a day ago): the sign-ups below must take turns reading and updating it.
    await b.db.query(
      `INSERT INTO confirmation_throttle (inbox, sent_at, last_sent_at) VALUES ($1, ARRAY[$2::timestamptz], $2)`,
      [createHash('sha256').update('both@example.com').digest('hex'), new Date(Date.now() - DAY + MINUTE)],
    );
    const answers = await Promise.all(addresses.map((address, i) => newsletter!.signUp((i % 2 ? a : b).app, address)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(sent).toHaveLength(1);
  });
});
