import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { connectDb } from '../db/connect';
import { migrate } from '../db/migrate';
import { OUTBOX_STATUSES, outboxCommand, type OutboxCommand } from './commands';
import { askServer } from './control';
import type { OutboxStatus } from './outbox';

// `npm run mail:outbox [-- --status failed] [--limit 50] [--show ID]`: the operator's view of the outbox (newest first).
// On PGlite with the server running on the same DATA_DIR, the server reads it (src/server/mail/control.ts).
const { values } = parseArgs({
  options: {
    status: { type: 'string' },
    limit: { type: 'string', default: '50' },
    show: { type: 'string' },
  },
});
const status = values.status as OutboxStatus | undefined;
if (status !== undefined && !OUTBOX_STATUSES.includes(status)) {
  console.error(`--status must be one of ${OUTBOX_STATUSES.join(', ')}`);
  process.exit(2);
}
const config = readConfig();
const cmd: OutboxCommand = {
  status,
  limit: Number(values.limit) || 50,
  show: values.show === undefined ? undefined : Number(values.show),
};
const viaServer = config.databaseUrl ? null : await askServer(config.dataDir, { command: 'outbox', args: cmd });
if (viaServer) {
  for (const line of viaServer.lines) console.log(line);
  process.exitCode = viaServer.code;
} else {
  const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    process.exitCode = await outboxCommand(db, cmd, (line) => console.log(line));
  } finally {
    await db.close();
  }
}
