import { fail, missingDatabase, parseCli } from '../cli';

// `npm run digest -- --tenant one.localhost [--now]`: queues the tenant's weekly digest and delivers it, then prints
// what happened to the mails. Without --now it is this week's digest, sent once (as the schedule would); --now sends a
// new one whatever was sent before. On PGlite with the server running on the same DATA_DIR, the server does it (its
// queue and SMTP_URL; src/server/mail/control.ts); otherwise this process does (its SMTP_URL, or the outbox).
const { values } = parseCli({
  name: 'digest',
  usage: '--tenant <host> [--now]',
  about:
    "Queues a tenant's weekly digest to its confirmed subscribers, waits for the mails to go, and prints what became\n" +
    "of them. Without --now it is this week's digest, sent once as the schedule would; --now sends another.\n" +
    'While a server holds the PGlite directory, that server sends it (its queue and SMTP_URL).',
  options: {
    tenant: { type: 'string', value: '<host>', help: 'the site, by one of its hosts (required)' },
    now: { type: 'boolean', help: 'send a digest now, whatever was sent this week' },
  },
  database: 'existing',
  env: ['SMTP_URL: where this process sends (without it the mails stay in the outbox)'],
});
const { readConfig } = await import('../config');
const config = readConfig();
// No database says so first, whatever else is missing: `npm run digest` alone names where it looked.
const missing = missingDatabase(config);
if (missing) fail('digest', missing);
if (!values.tenant) fail('digest', '--tenant <host> is required (npm run digest -- --help)');

const { digestCommand } = await import('./commands');
const { inThisProcess, viaServer } = await import('./mail-tools');

const cmd = { tenant: values.tenant, now: values.now };
const banner = `(sent by the server that holds ${config.dataDir})`;
if (!(await viaServer(config, { command: 'digest', args: cmd }, banner)))
  await inThisProcess('digest', config, true, (db, queue) =>
    digestCommand(db, queue!, { layoutsDir: config.layoutsDir, smtp: Boolean(config.smtpUrl) }, cmd, (line) =>
      console.log(line),
    ),
  );
