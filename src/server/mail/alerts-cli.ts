import { parseCli } from '../cli';

// `npm run alerts [-- --now]`: the store alerts due, through the schedule's own code (store-alerts.ts). Without --now,
// as the schedule sends them (addresses not mailed today); --now mails every address with something due at once.
// No coupon is mailed twice to a follower either way. On PGlite with the server running on the same DATA_DIR, the
// server sends them (control.ts).
const { values } = parseCli({
  name: 'alerts',
  usage: '[--now]',
  about:
    'Sends the store alerts that are due: each confirmed follower hears once of each coupon of the stores they\n' +
    'follow that shoppers can now see. Without --now, as the schedule does (at most one mail a day per address);\n' +
    'with --now, to every address at once. While a server holds the PGlite directory, that server sends them.',
  options: { now: { type: 'boolean', help: "also mail the addresses that had today's alert" } },
  database: 'existing',
  env: ['SMTP_URL: where this process sends (without it the mails stay in the outbox)'],
});

const { readConfig } = await import('../config');
const { alertsCommand } = await import('./commands');
const { inThisProcess, viaServer } = await import('./mail-tools');

const config = readConfig();
const cmd = { now: values.now };
if (!(await viaServer(config, { command: 'alerts', args: cmd }, `(sent by the server that holds ${config.dataDir})`)))
  await inThisProcess('alerts', config, true, (db, queue) =>
    alertsCommand(db, queue!, { smtp: Boolean(config.smtpUrl) }, cmd, (line) => console.log(line)),
  );
