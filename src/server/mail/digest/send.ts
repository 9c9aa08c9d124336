import type { Queryable } from '../../db/connect';
import { confirmedSubscribers } from '../../db/repositories/newsletter';
import { resolveDocument } from '../../../shared/layout/resolve';
import type { LoadedDocument } from '../../../shared/layout/types';
import { isoWeek } from '../../../shared/rules/digest-schedule';
import { siteOrigin, tenantMail } from '../identity';
import { listLink, brandOf } from '../opt-in';
import { insertBody, insertOutbox } from '../outbox';
import { firstBanner, liveDeals, newestStores, type DigestBanner } from './data';
import { renderDigest } from './render';
import type { DigestContext } from './email-kit';

// One tenant's digest: the email document serving its home_page drawn once, then one outbox row and one send job per
// confirmed subscriber (pending and unsubscribed addresses get nothing), in pages of PAGE.

const PAGE = 1000;

export interface Enqueue {
  /** With `tx`, in that transaction (the outbox rows and their jobs commit together). */
  enqueue(outboxIds: readonly number[], tx?: Queryable): Promise<void>;
}

/** The email document for a home_page value: the one serving it, else the default ("*"). */
/**
 * The email document of a tenant at an instant: the layout engine's one resolution (src/shared/layout/resolve.ts), so
 * `tenants` overrides and schedules apply to the digest as to the pages; a mail has no shopper, so an experiment's
 * control is sent.
 */
export function emailDocumentFor(
  documents: readonly LoadedDocument[],
  tenant: { hosts: readonly string[]; homePage: string },
  at: Date,
): LoadedDocument | null {
  return resolveDocument(documents, 'email', 'main', {
    hosts: tenant.hosts,
    homePage: tenant.homePage,
    at: +at,
    shopper: null,
  });
}

export async function digestContext(
  db: Queryable,
  domainId: string,
  doc: LoadedDocument['doc'],
  host: string,
  now: Date,
): Promise<DigestContext> {
  const counts = (type: string) =>
    Math.max(0, ...doc.sections.map((s) => (s.type === type ? Number((s.settings as { count?: number }).count) : 0)));
  const banners: Record<string, DigestBanner | null> = {};
  for (const s of doc.sections)
    if (s.type === 'email-banner')
      banners[s.id] = await firstBanner(db, domainId, s.settings.source, s.settings.dimension);
  const contact = await db.query<{ email: string | null; address: string | null }>(
    `SELECT contact->>'email' AS email, contact->>'address' AS address FROM domains WHERE id = $1`,
    [domainId],
  );
  return {
    brand: await brandOf(db, domainId),
    origin: siteOrigin(host),
    now,
    contact: { email: contact[0]?.email ?? '', address: contact[0]?.address ?? '' },
    deals: await liveDeals(db, domainId, now, counts('email-top-deals')),
    stores: await newestStores(db, domainId, counts('email-new-stores')),
    banners,
  };
}

export type DigestResult = { status: 'queued'; recipients: number; outboxIds: number[] } | { status: 'already-sent' };

/**
 * Queues the digest of `domainId`. Once per ISO week unless `force` (npm run digest -- --now): the first instance to
 * record the week in digest_runs sends it; any other finds the row and stops.
 */
export async function sendDigest(
  db: Queryable,
  queue: Enqueue,
  documents: readonly LoadedDocument[],
  domainId: string,
  opts: { now?: Date; force?: boolean } = {},
): Promise<DigestResult> {
  const now = opts.now ?? new Date();
  const identity = await tenantMail(db, domainId);
  if (!identity) throw new Error(`no tenant ${domainId}`);
  const entry = emailDocumentFor(documents, identity, now);
  if (!entry) throw new Error('no email layout document (layouts/email/*.json) serves this tenant and no default');
  const week = opts.force ? `${isoWeek(now)} ${now.toISOString()}` : isoWeek(now);
  const claimed = await db.query(
    'INSERT INTO digest_runs (domain_id, week) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING week',
    [domainId, week],
  );
  if (claimed.length === 0) return { status: 'already-sent' };

  const ctx = await digestContext(db, domainId, entry.doc, identity.host, now);
  const bodyId = await insertBody(db, await renderDigest(entry.doc, ctx));
  const outboxIds: number[] = [];
  for (let after = 0; ;) {
    const page = await confirmedSubscribers(db, domainId, after, PAGE);
    if (page.length === 0) break;
    const ids = await insertOutbox(
      db,
      { domainId, kind: 'digest', from: identity.from },
      bodyId,
      page.map((s) => ({ to: s.email, unsubscribeUrl: listLink(identity.host, 'newsletter', 'unsubscribe', s.token) })),
    );
    await queue.enqueue(ids);
    outboxIds.push(...ids);
    after = page[page.length - 1]?.id ?? after;
    if (page.length < PAGE) break;
  }
  await db.query('UPDATE digest_runs SET body_id = $3, recipients = $4 WHERE domain_id = $1 AND week = $2', [
    domainId,
    week,
    bodyId,
    outboxIds.length,
  ]);
  return { status: 'queued', recipients: outboxIds.length, outboxIds };
}
