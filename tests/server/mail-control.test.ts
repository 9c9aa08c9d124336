import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askServer, startMailControl } from '../../src/server/mail/control';
import { postJson } from './helpers/test-app';
import { startMailApp, type MailTestApp } from './helpers/mail-app';

// PGlite admits one process per data directory: while the server runs, `npm run digest` and `npm run mail:outbox`
// ask it over DATA_DIR/mail.sock instead of opening the directory beside it (which lost the digest's outbox rows).
describe('the CLIs reach the server that holds the PGlite directory', () => {
  let t: MailTestApp;
  let control: { close(): Promise<void> };
  beforeAll(async () => {
    t = await startMailApp('pglite');
    control = await startMailControl(t.place.dataDir, t.db, t.queue, { layoutsDir: 'layouts', smtp: true });
  });
  afterAll(async () => {
    await control?.close();
    await t?.close();
  });

  it('npm run digest and npm run mail:outbox run in the server, on its database and queue', async () => {
    await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'socket@example.com' });
    await t.db.query("UPDATE newsletter_subscriptions SET status = 'confirmed' WHERE email = 'socket@example.com'");
    const env = { ...process.env, DATA_DIR: t.place.dataDir, DATABASE_URL: '', SMTP_URL: '' };
    const cli = (file: string, ...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', file, ...args], { env });
    const digest = await cli('src/server/mail/digest-cli.ts', '--tenant', 'one.localhost', '--now');
    expect(digest.stdout).toContain(`(sent by the server that holds ${t.place.dataDir})`);
    // Sent over the server's SMTP transport (the CLI has no SMTP_URL): the sink has it.
    expect(digest.stdout).toContain('Digest of one.localhost to 1 confirmed subscribers: 1 sent.');
    const subjects = t.sink.mails.filter((m) => m.to[0] === 'socket@example.com').map((m) => m.headers.get('subject'));
    expect(subjects).toContain('This week’s best deals');
    const outbox = await cli('src/server/mail/outbox-cli.ts', '--limit', '2');
    const lines = outbox.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^#\d+ .* sent\s+digest\s+socket@example\.com\s+"This week’s best deals"$/);
    expect(lines[1]).toMatch(/sent\s+confirm\s+socket@example\.com/);
  });

  it('answers null when no server listens, so the CLI opens the directory itself', async () => {
    await control.close();
    expect(await askServer(t.place.dataDir, { command: 'outbox', args: { limit: 1 } })).toBeNull();
  });
});
