import { fail, parseCli } from '../cli';
import { OUTBOX_STATUSES } from './outbox';

// `npm run mail:outbox [-- --status failed] [--limit 50] [--show ID]`: the operator's view of the outbox (newest first).
// On PGlite with the server running on the same DATA_DIR, the server reads it (src/server/mail/control.ts).
const { values } = parseCli({
  name: 'mail:outbox',
  about:
    'Lists the outbox, newest first: each mail with its status, kind, recipient, subject, attempts and last error;\n' +
    'or prints one mail whole (--show). While a server holds the PGlite directory, that server reads it.',
  options: {
    status: { type: 'string', value: '<status>', help: `only mails in this status: ${OUTBOX_STATUSES.join(', ')}` },
    limit: { type: 'string', value: '<n>', default: '50', help: 'how many mails' },
    show: { type: 'string', value: '<id>', help: 'print this mail whole' },
  },
  database: 'existing',
});
const status = OUTBOX_STATUSES.find((s) => s === values.status);
if (values.status !== undefined && !status)
  fail('mail:outbox', `--status must be one of ${OUTBOX_STATUSES.join(', ')}`);
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) fail('mail:outbox', `--limit must be a whole number, got ${values.limit}`);
const show = values.show === undefined ? undefined : Number(values.show);
if (show !== undefined && !Number.isInteger(show))
  fail('mail:outbox', `--show must be a mail's id, got ${values.show}`);

const { readConfig } = await import('../config');
const { outboxCommand } = await import('./commands');
const { inThisProcess, viaServer } = await import('./mail-tools');

const config = readConfig();
const cmd = { status, limit, show };
if (!(await viaServer(config, { command: 'outbox', args: cmd })))
  await inThisProcess('mail:outbox', config, false, (db) => outboxCommand(db, cmd, (line) => console.log(line)));
