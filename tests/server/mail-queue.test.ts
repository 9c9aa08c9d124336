import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { countOutbox, listOutbox } from '../../src/server/mail/outbox';
import { MailQueue } from '../../src/server/mail/queue';
import { smtpTransport } from '../../src/server/mail/transport';
import { DATABASES, dropSchema, newPlace, openDb, type DbPlace } from './helpers/test-app';
import { startSink, type Sink } from './helpers/smtp-sink';
import { until } from '../helpers/wait';

// Issue 14: the pg-boss queue over the app's own database sends each outbox row once, retries with backoff while
// the SMTP server refuses, and finally marks the row failed; without SMTP_URL the rows stay in the outbox.
describe.each(DATABASES)('mail queue (%s)', (kind) => {
  let place: DbPlace;
  let db: Db;
  let sink: Sink;
  let queue: MailQueue;

  beforeAll(async () => {
    place = await newPlace(kind);
    db = await openDb(place);
    await migrate(db);
    sink = await startSink();
    queue = await new MailQueue({
      db,
      transport: smtpTransport(sink.url),
      schema: place.schema ? `${place.schema}_boss` : 'pgboss',
      retryLimit: 2,
      retryDelay: 1,
      pollingIntervalSeconds: 0.5,
    }).start();
  });
  afterAll(async () => {
    await queue.stop();
    await sink.close();
    if (place.schema) {
      await dropSchema(db, `${place.schema}_boss`);
      await dropSchema(db, place.schema);
    }
    await db.close();
  });

  it('sends a queued mail to the SMTP server once, with its text and HTML parts', async () => {
    await queue.send({
      to: 'ada@example.com',
      replyTo: 'bob@example.com',
      from: '"Shop" <newsletter@one.localhost>',
      subject: 'Hello',
      text: 'Plain hello',
      html: '<p>HTML hello</p>',
      kind: 'contact',
    });
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['ada@example.com']);
    expect(mail?.headers.get('from')).toBe('Shop <newsletter@one.localhost>');
    expect(mail?.headers.get('reply-to')).toBe('bob@example.com');
    expect(mail?.text.trim()).toBe('Plain hello');
    expect(mail?.html).toContain('<p>HTML hello</p>');
    await expect.poll(() => countOutbox(db, 'sent')).toBe(1);
    // Once no send job is left (its job completed, none waiting for a retry), nothing else can reach the sink.
    await until(async () => (await queue.pending()) === 0, { message: 'the mail queue has no job left' });
    expect(sink.count()).toBe(1);
  });

  it('retries while the server refuses, then marks the mail failed in the outbox', async () => {
    sink.refuse = true;
    await queue.send({ to: 'never@example.com', subject: 'Refused', text: 'x', kind: 'contact' });
    await expect.poll(async () => (await listOutbox(db, { limit: 1 }))[0]?.status, { timeout: 20_000 }).toBe('failed');
    const [row] = await listOutbox(db, { limit: 1 });
    expect(row?.attempts).toBe(3);
    expect(row?.last_error).toMatch(/451|refuses/);
    sink.refuse = false;
  });

  it('sends a mail that the server refused once, on a later try', async () => {
    sink.refuse = true;
    const before = sink.count();
    await queue.send({ to: 'later@example.com', subject: 'Later', text: 'x', kind: 'contact' });
    await expect.poll(async () => (await listOutbox(db, { limit: 1 }))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    sink.refuse = false;
    await sink.waitFor(before + 1, 15_000);
    await expect.poll(async () => (await listOutbox(db, { limit: 1 }))[0]?.status, { timeout: 5000 }).toBe('sent');
  });
});

describe.each(DATABASES)('mail queue schedules (%s)', (kind) => {
  it('registers each cron with pg-boss and runs it in a worker', async () => {
    const place = await newPlace(kind);
    const db = await openDb(place);
    await migrate(db);
    let runs = 0;
    const queue = await new MailQueue({
      db,
      transport: null,
      schema: place.schema ? `${place.schema}_boss` : 'pgboss',
      pollingIntervalSeconds: 0.5,
      schedules: { 'test-tick': { cron: '0 * * * *', run: async () => (runs += 1) } },
    }).start();
    try {
      expect((await queue.boss.getSchedules()).map((s) => [s.name, s.cron])).toEqual([['test-tick', '0 * * * *']]);
      await queue.boss.send('test-tick', {});
      await expect.poll(() => runs, { timeout: 10_000 }).toBe(1);
    } finally {
      await queue.stop();
      if (place.schema) {
        await dropSchema(db, `${place.schema}_boss`);
        await dropSchema(db, place.schema);
      }
      await db.close();
    }
  });
});

describe.each(DATABASES)('mail queue without SMTP (%s)', (kind) => {
  it('keeps every mail in the outbox', async () => {
    const place = await newPlace(kind);
    const db = await openDb(place);
    await migrate(db);
    const queue = await new MailQueue({
      db,
      transport: null,
      schema: place.schema ? `${place.schema}_boss` : 'pgboss',
      pollingIntervalSeconds: 0.5,
    }).start();
    try {
      await queue.send({ to: 'ada@example.com', subject: 'Kept', text: 'x', kind: 'contact' });
      await expect.poll(async () => (await listOutbox(db, { limit: 5 })).map((r) => r.status)).toEqual(['kept']);
    } finally {
      await queue.stop();
      if (place.schema) {
        await dropSchema(db, `${place.schema}_boss`);
        await dropSchema(db, place.schema);
      }
      await db.close();
    }
  });
});
