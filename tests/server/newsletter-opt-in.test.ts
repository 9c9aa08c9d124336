import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { DATABASES, postJson } from './helpers/test-app';
import { linkIn, startMailApp, type MailTestApp } from './helpers/mail-app';

// Issue 14: double opt-in and one-click unsubscribe, with the mails read from a real SMTP sink and their links
// followed against the app. A GET (a link scanner) never changes anything; only the POST does. The app's clock moves
// past the 10 minutes between two sign-up mails to one inbox (issue 24) where a test needs a second mail.
const MINUTE = 60_000;

describe.each(DATABASES)('newsletter double opt-in and unsubscribe (%s)', (kind) => {
  let t: MailTestApp;
  let clock = Date.now();
  const statusOf = async (email: string) =>
    (
      await t.db.query<{ status: string }>(
        'SELECT status FROM newsletter_subscriptions WHERE domain_id = $1 AND email = $2',
        [idFromKey('domain', 'one'), email],
      )
    )[0]?.status;

  beforeAll(async () => {
    t = await startMailApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  it('sends a confirmation mail; GET shows a button and changes nothing; POST confirms', async () => {
    const res = await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'Ada@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/check your inbox/i);
    const [mail] = await t.sink.waitFor(1);
    expect(mail?.to).toEqual(['ada@example.com']);
    expect(mail?.headers.get('from')).toMatch(/<newsletter@one\.localhost>$/);
    expect(mail?.headers.get('subject')).toMatch(/^Please confirm/);
    expect(mail?.html).toContain('Confirm my subscription');
    const link = linkIn(mail?.text ?? '', '/newsletter/confirm?token=');
    expect(mail?.html).toContain(link.replace(/&/g, '&amp;'));
    expect(await statusOf('ada@example.com')).toBe('pending');

    const scanned = await t.follow(link, 'GET');
    expect(scanned.statusCode).toBe(200);
    expect(scanned.headers['content-type']).toMatch(/text\/html/);
    expect(scanned.body).toContain('<form method="post" action="/newsletter/confirm">');
    expect(scanned.body).toContain('Coupon Harbor');
    expect(await statusOf('ada@example.com')).toBe('pending');

    const token = new URL(link).searchParams.get('token') ?? '';
    const confirmed = await t.follow(`http://one.localhost/newsletter/confirm`, 'POST', `token=${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('your subscription is confirmed');
    expect(await statusOf('ada@example.com')).toBe('confirmed');

    // Signing up again answers the same; the mail, read only by the inbox's owner, says it is already subscribed.
    clock += 11 * MINUTE;
    const again = await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'ada@example.com' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const [, already] = await t.sink.waitFor(2);
    expect(already?.to).toEqual(['ada@example.com']);
    expect(already?.headers.get('subject')).toBe('You already receive our weekly newsletter from Coupon Harbor');
    expect(already?.text).toContain('This address already receives them');
    expect(already?.text).not.toContain('/newsletter/confirm');
  });

  it('does not accept a token on another tenant or a made-up one', async () => {
    const [row] = await t.db.query<{ token: string }>('SELECT token FROM newsletter_subscriptions WHERE email = $1', [
      'ada@example.com',
    ]);
    const elsewhere = await t.follow(`http://two.localhost/newsletter/unsubscribe?token=${row?.token}`, 'POST', '');
    expect(elsewhere.statusCode).toBe(404);
    const madeUp = await t.follow(`http://one.localhost/newsletter/confirm?token=${'0'.repeat(64)}`, 'POST', '');
    expect(madeUp.statusCode).toBe(404);
    const garbage = await t.follow(`http://one.localhost/newsletter/confirm?token=%3Cscript%3E`, 'GET');
    expect(garbage.statusCode).toBe(404);
    expect(garbage.body).not.toContain('<script>');
    expect(await statusOf('ada@example.com')).toBe('confirmed');
  });

  it('unsubscribes on a one-click POST; a GET only shows the button; a new sign-up starts over', async () => {
    const [row] = await t.db.query<{ token: string }>('SELECT token FROM newsletter_subscriptions WHERE email = $1', [
      'ada@example.com',
    ]);
    const url = `http://one.localhost/newsletter/unsubscribe?token=${row?.token}`;
    const scanned = await t.follow(url, 'GET');
    expect(scanned.statusCode).toBe(200);
    expect(scanned.body).toContain('>Unsubscribe</button>');
    expect(await statusOf('ada@example.com')).toBe('confirmed');

    const oneClick = await t.follow(url, 'POST', 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You have been unsubscribed');
    expect(await statusOf('ada@example.com')).toBe('unsubscribed');

    const before = t.sink.count();
    clock += 11 * MINUTE;
    const back = await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'ada@example.com' });
    expect(back.body.message).toMatch(/check your inbox/i);
    expect(await statusOf('ada@example.com')).toBe('pending');
    const mails = await t.sink.waitFor(before + 1);
    const fresh = linkIn(mails.at(-1)?.text ?? '', '/newsletter/confirm?token=');
    expect(new URL(fresh).searchParams.get('token')).not.toBe(row?.token);
  });
});
