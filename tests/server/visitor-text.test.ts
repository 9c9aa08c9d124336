import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer';
import { DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 18: what a visitor writes is stored and mailed through the singleLine / plainText rules: a CR/LF in the contact
// form cannot add a mail header, and controls never reach the database.
describe.each(DATABASES)('visitor text is sanitised before it is stored or mailed (%s)', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (m) => {
      sent.push(m);
    },
  };
  beforeAll(async () => {
    t = await startTestApp(kind, { mailer });
  });
  afterAll(() => t.close());

  it("keeps the contact form's single-line fields on one line", async () => {
    const res = await postJson(t.app, '/api/end-user/mail/sendMail', {
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      subject: 'Hi\nX-Injected: 1',
      phone: '1\u0000 2',
      message: 'Line one\r\nLine two\u001b[31m',
    });
    expect(res.status).toBe(200);
    const mail = sent.at(-1);
    expect(mail?.subject).toBe('[Coupon Harbor] Hi X-Injected: 1');
    expect(mail?.text).toContain('Eve Bcc: victim@example.com <eve@example.com> 1 2');
    const [row] = await t.db.query<{ name: string; message: string; phone: string }>(
      `SELECT name, message, phone FROM contact_messages ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({ name: 'Eve Bcc: victim@example.com', message: 'Line one\nLine two[31m', phone: '1 2' });
  });

  it('records a search term as one line without controls', async () => {
    const res = await postJson(t.app, '/api/end-user/search/record', { name: ' shoes\r\n<script>\u0007 ' });
    expect(res.status).toBe(200);
    const [row] = await t.db.query<{ term: string }>('SELECT term FROM searches ORDER BY id DESC LIMIT 1');
    expect(row?.term).toBe('shoes <script>');
  });
});
