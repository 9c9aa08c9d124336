import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '../../src/server/db/repositories/messages';
import { idFromKey } from '../../src/server/db/ids';
import { listOutbox } from '../../src/server/mail/outbox';
import { DATABASES, postJson, tenant } from './helpers/test-app';
import { startMailApp, type MailTestApp } from './helpers/mail-app';

// Issue 14: the contact form's message goes through the mail queue to the tenant's contact address, from the tenant,
// reply-to the shopper; stored first, so a message the queue cannot take is kept (SPEC §8's failure text).
describe.each(DATABASES)('contact form mail (%s)', (kind) => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await startMailApp(kind);
  });
  afterAll(() => t.close());

  it("reaches the tenant's contact address with the shopper as Reply-To", async () => {
    const form = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question about a coupon.' };
    const res = await postJson(t.app, '/api/end-user/mail/sendMail', form, 'two.localhost');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    const [mail] = await t.sink.waitFor(1);
    const contact = tenant(t.data, 'two').domain.contact.email;
    expect(mail?.to).toEqual([contact]);
    expect(mail?.headers.get('reply-to')).toBe('ada@example.com');
    expect(mail?.headers.get('from')).toMatch(/<newsletter@two\.localhost>$/);
    expect(mail?.headers.get('subject')).toMatch(/Hello$/);
    expect(mail?.text).toContain('A question about a coupon.');
    expect(mail?.headers.has('list-unsubscribe')).toBe(false);
    await expect.poll(async () => (await listOutbox(t.db, { limit: 1 }))[0]?.status).toBe('sent');
    expect((await listMessages(t.db, idFromKey('domain', 'two'))).at(-1)?.delivered).toBe(true);
  });

  it('answers with the SPEC §8 failure text when the queue cannot take the mail', async () => {
    await t.queue.stop();
    // A stopped pg-boss refuses new jobs; the message itself is stored.
    const res = await postJson(
      t.app,
      '/api/end-user/mail/sendMail',
      { name: 'Bo', email: 'bo@example.com', message: 'Second' },
      'two.localhost',
    );
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body).toMatchObject({ success: false, message: 'Unable to send information' });
    const stored = (await listMessages(t.db, idFromKey('domain', 'two'))).at(-1);
    expect(stored).toMatchObject({ message: 'Second', delivered: false });
  });
});
