import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { loadLayouts } from '../../src/server/layouts/load';
import { sendDueDigests } from '../../src/server/mail/digest/schedule';
import { sendDigest } from '../../src/server/mail/digest/send';
import { setTenantDkim } from '../../src/server/mail/identity';
import { listOutbox } from '../../src/server/mail/outbox';
import { DATABASES, postJson, type DbKind } from './helpers/test-app';
import { linkIn, startMailApp, type MailTestApp } from './helpers/mail-app';
import { verifyDkim } from './helpers/smtp-sink';
import { until, untilFound } from '../helpers/wait';

// Issue 14: the weekly digest from layouts/email/, delivered to a real SMTP sink: only confirmed addresses, RFC 8058
// headers, DKIM when the tenant has a key, HTML and text parts whose links all lead to the tenant's own site.
const ONE = idFromKey('domain', 'one');

async function subscribeAndConfirm(t: MailTestApp, email: string, confirm: boolean): Promise<void> {
  expect((await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: email })).status).toBe(200);
  // Other mails (a digest queued by the test before) may arrive meanwhile: wait for this address's confirmation.
  const confirmation = await untilFound(
    () => t.sink.mails.find((m) => m.to[0] === email && m.text.includes('/newsletter/confirm?')),
    { message: `a confirmation mail to ${email}`, timeoutMs: 15_000, everyMs: 50 },
  );
  if (!confirm) return;
  const link = linkIn(confirmation.text, '/newsletter/confirm?token=');
  const token = new URL(link).searchParams.get('token') ?? '';
  expect((await t.follow('http://one.localhost/newsletter/confirm', 'POST', `token=${token}`)).statusCode).toBe(200);
}

/** Waits until the app's mail queue has no send job left: every mail queued so far is in the sink (or failed). */
const queueDrained = (t: MailTestApp) =>
  until(async () => (await t.queue.pending()) === 0, {
    message: 'the mail queue has no job left',
    timeoutMs: 15_000,
    everyMs: 50,
  });

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

describe.each(DATABASES)('weekly digest (%s)', (kind: DbKind) => {
  let t: MailTestApp;
  let dkimPublic: KeyObject;
  const documents = () => t.layouts.current().documents;

  beforeAll(async () => {
    t = await startMailApp(kind);
    await subscribeAndConfirm(t, 'confirmed@example.com', true);
    await subscribeAndConfirm(t, 'pending@example.com', false);
    await subscribeAndConfirm(t, 'leaver@example.com', true);
    const [leaver] = await t.db.query<{ token: string }>(
      'SELECT token FROM newsletter_subscriptions WHERE email = $1',
      ['leaver@example.com'],
    );
    await t.follow(
      `http://one.localhost/newsletter/unsubscribe?token=${leaver?.token}`,
      'POST',
      'List-Unsubscribe=One-Click',
    );
    // An expired recommended coupon of a store tenant one publishes: recommended first, but not live.
    const [store] = await t.db.query<{ store_id: string }>(
      'SELECT store_id FROM domain_stores WHERE domain_id = $1 ORDER BY store_id LIMIT 1',
      [ONE],
    );
    await t.db.query(
      `INSERT INTO coupons (id, key, store_id, name, category, link, expiry_date, is_recommended, created_at)
       VALUES ($1, 'expired-digest', $2, 'EXPIRED-DEAL-XYZ', 'Test', 'https://merchant.example/expired',
         now() - interval '1 day', true, now())`,
      [idFromKey('coupon', 'expired-digest'), store?.store_id],
    );
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    dkimPublic = publicKey;
    await setTenantDkim(t.db, ONE, {
      domainName: 'one.localhost',
      keySelector: 'dd2026',
      privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    });
  });
  afterAll(() => t.close());

  it('goes to confirmed addresses only, with From, both List-Unsubscribe headers and a DKIM signature', async () => {
    const before = t.sink.count();
    const result = await sendDigest(t.db, t.queue, documents(), ONE, { force: true });
    expect(result).toMatchObject({ status: 'queued', recipients: 1 });
    const mails = await t.sink.waitFor(before + 1);
    // Every job of the digest done: no second mail can still arrive.
    await queueDrained(t);
    expect(t.sink.count()).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['confirmed@example.com']);
    expect(mail.headers.get('from')).toBe('Coupon Harbor <newsletter@one.localhost>');
    expect(mail.headers.get('subject')).toBe('This week’s best deals');
    const [row] = await t.db.query<{ token: string }>('SELECT token FROM newsletter_subscriptions WHERE email = $1', [
      'confirmed@example.com',
    ]);
    const unsubscribe = `http://one.localhost/newsletter/unsubscribe?token=${row?.token}`;
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const dkim = mail.headers.get('dkim-signature') ?? '';
    expect(dkim).toMatch(/d=one\.localhost;/);
    expect(dkim).toMatch(/s=dd2026;/);
    expect(dkim).toMatch(/h=[^;]*From/i);
    expect(verifyDkim(mail.raw, dkimPublic)).toEqual({ bodyHash: true, signature: true });
    const forged = mail.raw.replace(/^Subject: .*$/m, 'Subject: Forged');
    expect(verifyDkim(forged, dkimPublic)).toEqual({ bodyHash: true, signature: false });
    expect(verifyDkim(`${mail.raw}tampered\r\n`, dkimPublic).bodyHash).toBe(false);
    await expect.poll(async () => (await listOutbox(t.db, { limit: 1 }))[0]?.status).toBe('sent');
  });

  it('follows layouts/email/digest.json in HTML and text, with live offers and links to the tenant only', async () => {
    const mail = t.sink.mails.at(-1)!;
    const doc = JSON.parse(await readFile('layouts/email/digest.json', 'utf8')) as {
      sections: { type: string; settings: Record<string, unknown> }[];
    };
    const headings = doc.sections.flatMap((s) => (typeof s.settings.heading === 'string' ? [s.settings.heading] : []));
    expect(headings.length).toBeGreaterThan(2);
    let at = -1;
    for (const heading of headings) {
      const next = mail.html.indexOf(heading);
      expect(next, heading).toBeGreaterThan(at);
      at = next;
      // The text part writes headings in capitals.
      expect(mail.text.toUpperCase()).toContain(heading.toUpperCase());
    }
    expect(mail.html).toContain('hello@');
    expect(mail.html).toMatch(/src="http:\/\/one\.localhost\/assets\/banners\/one\/728x90-\d\.png"/);
    expect(mail.html).not.toContain('EXPIRED-DEAL-XYZ');
    expect(mail.html).not.toContain('{{unsubscribe_url}}');
    expect(mail.text).toContain('/newsletter/unsubscribe?token=');

    const links = hrefs(mail.html);
    const web = links.filter((l) => !l.startsWith('mailto:'));
    expect(web.length).toBeGreaterThan(5);
    for (const link of web) expect(link).toMatch(/^http:\/\/one\.localhost\//);
    const coupons = web.filter((l) => l.includes('/couponsredirect/coupon/'));
    expect(coupons.length).toBe(6);
    const ids = coupons.map((l) => decodeURIComponent(l.split('/').at(-1) ?? ''));
    const live = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM coupons WHERE id = ANY($1::text[]) AND (expiry_date IS NULL OR expiry_date > now())',
      [ids],
    );
    expect(live[0]?.n).toBe(6);
    for (const link of [coupons[0]!, web.find((l) => l.includes('/store/'))!]) {
      const res = await t.follow(link, 'GET');
      expect(res.statusCode, link).toBe(200);
    }
  });

  it('stops after a one-click POST to the List-Unsubscribe URL', async () => {
    const mail = t.sink.mails.at(-1)!;
    const url = (mail.headers.get('list-unsubscribe') ?? '').replace(/^<|>$/g, '');
    const res = await t.follow(url, 'POST', 'List-Unsubscribe=One-Click');
    expect(res.statusCode).toBe(200);
    const before = t.sink.count();
    expect(await sendDigest(t.db, t.queue, documents(), ONE, { force: true })).toMatchObject({ recipients: 0 });
    // Whatever the digest queued (its jobs commit with it) has been sent or failed once the queue has no job left.
    await queueDrained(t);
    expect(t.sink.count()).toBe(before);
  });

  it("is due on its document's day and hour (UTC), once", async () => {
    await subscribeAndConfirm(t, 'scheduled@example.com', true);
    const monday8 = new Date('2026-06-22T08:05:00Z');
    expect(await sendDueDigests(t.db, t.queue, documents(), new Date('2026-06-22T09:05:00Z'))).toEqual([]);
    // Every tenant's default document says Monday 08:00; only tenant one has a confirmed address, the others' runs
    // are recorded with nobody to send to.
    expect(await sendDueDigests(t.db, t.queue, documents(), monday8)).toContain('one');
    expect(await sendDueDigests(t.db, t.queue, documents(), monday8)).toEqual([]);
  });

  it('is sent once per week by the schedule, and follows an edited document', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dd-email-layouts-'));
    try {
      await cp('layouts', dir, { recursive: true });
      const file = path.join(dir, 'email', 'digest.json');
      const doc = JSON.parse(await readFile(file, 'utf8')) as { sections: { type: string; settings: object }[] };
      doc.sections = doc.sections.filter((s) => s.type !== 'email-new-stores');
      doc.sections.splice(1, 0, {
        type: 'email-intro',
        settings: { heading: 'Edited heading 42', text: 'Hi.' },
        id: 'x',
      } as never);
      await writeFile(file, JSON.stringify(doc));
      const loaded = await loadLayouts(dir);
      expect(loaded.problems).toEqual([]);
      await subscribeAndConfirm(t, 'weekly@example.com', true);
      const before = t.sink.count();
      const now = new Date('2026-06-15T08:10:00Z');
      // weekly@ and scheduled@ (the test before) are confirmed; confirmed@ unsubscribed.
      expect(await sendDigest(t.db, t.queue, loaded.documents, ONE, { now })).toMatchObject({ recipients: 2 });
      expect(await sendDigest(t.db, t.queue, loaded.documents, ONE, { now })).toEqual({ status: 'already-sent' });
      const mails = await t.sink.waitFor(before + 2);
      expect(mails.at(-1)?.html).toContain('Edited heading 42');
      expect(mails.at(-1)?.html).not.toContain('Newly added stores');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(DATABASES)('digest without SMTP (%s)', (kind: DbKind) => {
  it('fills the outbox, and npm run mail:outbox prints it', async () => {
    const t = await startMailApp(kind, { queue: { transport: null } });
    let closed = false;
    try {
      await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'outbox@example.com' });
      await t.db.query("UPDATE newsletter_subscriptions SET status = 'confirmed' WHERE email = 'outbox@example.com'");
      expect(await sendDigest(t.db, t.queue, t.layouts.current().documents, ONE, { force: true })).toMatchObject({
        recipients: 1,
      });
      await expect
        .poll(async () => (await listOutbox(t.db, { limit: 5 })).map((r) => `${r.kind} ${r.status} ${r.to_addr}`))
        .toEqual(['digest kept outbox@example.com', 'confirm kept outbox@example.com']);
      if (kind === 'pglite') {
        await t.close(true);
        closed = true;
        const env = { ...process.env, DATA_DIR: t.place.dataDir, DATABASE_URL: '', SMTP_URL: '' };
        const cli = (file: string, ...args: string[]) =>
          promisify(execFile)(process.execPath, ['--import', 'tsx', file, ...args], { env });
        // npm run digest -- --tenant one.localhost --now, then npm run mail:outbox.
        const digest = await cli('src/server/mail/digest-cli.ts', '--tenant', 'one.localhost', '--now');
        expect(digest.stdout).toContain('Digest of one.localhost to 1 confirmed subscribers: 1 kept.');
        const { stdout } = await cli('src/server/mail/outbox-cli.ts');
        const lines = stdout.trim().split('\n');
        expect(lines).toHaveLength(3);
        expect(lines[0]).toMatch(/^#3 .* kept\s+digest\s+outbox@example\.com\s+"This week’s best deals"$/);
        expect(lines[1]).toMatch(/kept\s+digest\s+outbox@example\.com/);
        expect(lines[2]).toMatch(/kept\s+confirm\s+outbox@example\.com/);
        await rm(t.place.dataDir, { recursive: true, force: true });
      }
    } finally {
      if (!closed) await t.close();
    }
  });
});
