import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { connectDb, type Db } from '../server/db/connect';
import { idFromKey } from '../server/db/ids';
import { migrate } from '../server/db/migrate';
import { loadLayouts } from '../server/layouts/load';
import { sendDigest } from '../server/mail/digest/send';
import { MailQueue } from '../server/mail/queue';
import { smtpTransport } from '../server/mail/transport';

// Bench part `mail` (issue 14): one tenant's digest to N confirmed subscribers (default 10,000), from the outbox rows to
// the last message accepted by a local SMTP sink, through the real pg-boss queue and nodemailer's pooled transport.
// PGlite in a temporary directory, or PostgreSQL (a schema of its own) when DATABASE_URL is set.

export interface MailBench {
  database: 'pglite' | 'postgres';
  recipients: number;
  /** sendDigest: render once, write the outbox rows and the jobs. */
  queueSeconds: number;
  /** From the start of sendDigest to the last mail accepted by the sink. */
  totalSeconds: number;
  mailsPerSecond: number;
  goalSeconds: number;
}

const DOMAIN = idFromKey('domain', 'bench-mail');

async function seedTenant(db: Db, recipients: number): Promise<void> {
  const store = idFromKey('store', 'bench-mail-store');
  await db.query(
    `INSERT INTO domains (id, key, name, home_page, header_color, contact)
     VALUES ($1, 'bench-mail', 'Bench Mail', 'Home Page One', '#0f766e', '{"email":"hello@bench.localhost"}')`,
    [DOMAIN],
  );
  await db.query(`INSERT INTO domain_hosts (host, domain_id) VALUES ('bench.localhost', $1)`, [DOMAIN]);
  await db.query(
    `INSERT INTO stores (id, key, slug, name) VALUES ($1, 'bench-mail-store', 'bench-store', 'Bench Store')`,
    [store],
  );
  await db.query('INSERT INTO domain_stores (domain_id, store_id) VALUES ($1, $2)', [DOMAIN, store]);
  for (let i = 0; i < 8; i++)
    await db.query(
      `INSERT INTO coupons (id, key, store_id, name, description, category, link, is_recommended)
       VALUES ($1, $2, $3, $4, 'A benchmark offer.', 'Bench', 'https://merchant.example/', $5)`,
      [idFromKey('coupon', `bench-mail-${i}`), `bench-mail-${i}`, store, `Bench deal ${i}: ${10 + i}% off`, i < 3],
    );
  await db.query(
    `INSERT INTO newsletter_subscriptions (domain_id, email, status, confirmed_at)
     SELECT $1, 'reader' || n || '@bench.example', 'confirmed', now() FROM generate_series(1, $2::int) AS n`,
    [DOMAIN, recipients],
  );
}

export async function benchMail(opts: { recipients?: number; log?: (m: string) => void } = {}): Promise<MailBench> {
  const recipients = opts.recipients ?? 10_000;
  const log = opts.log ?? (() => undefined);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-bench-mail-'));
  const schema = databaseUrl ? `bench_mail_${process.pid}` : undefined;
  const db = await connectDb({ databaseUrl, dataDir: dir, ...(schema ? { schema } : {}) });
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as { port: number }).port;
  let queue: MailQueue | null = null;
  try {
    await migrate(db);
    await seedTenant(db, recipients);
    log(`mail: ${recipients} confirmed subscribers on ${db.kind}; sink on port ${port}`);
    queue = await new MailQueue({
      db,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`, 20),
      schema: schema ? `${schema}_boss` : 'pgboss',
      pollingIntervalSeconds: 0.5,
      batchSize: 500,
    }).start();
    const documents = (await loadLayouts('layouts')).documents;
    const t0 = performance.now();
    const result = await sendDigest(db, queue, documents, DOMAIN, { force: true });
    const queued = performance.now();
    if (result.status !== 'queued' || result.recipients !== recipients)
      throw new Error(`digest queued for ${result.status === 'queued' ? result.recipients : 0} of ${recipients}`);
    const deadline = t0 + 300_000;
    while (received < recipients) {
      if (performance.now() > deadline) throw new Error(`only ${received} of ${recipients} mails in 300 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const total = (performance.now() - t0) / 1000;
    return {
      database: db.kind,
      recipients,
      queueSeconds: Math.round((queued - t0) / 100) / 10,
      totalSeconds: Math.round(total * 10) / 10,
      mailsPerSecond: Math.round(recipients / total),
      goalSeconds: 60,
    };
  } finally {
    await queue?.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    if (schema) {
      await db.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`).catch(() => undefined);
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    }
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(JSON.stringify(await benchMail({ log: console.log }), null, 2));
}
