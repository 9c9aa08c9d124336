import type { Db, Queryable } from '../db/connect';
import {
  claimAlertDay,
  claimAlerts,
  pendingAlerts,
  setAlertMail,
  type AlertLine,
  type AlertPair,
} from '../db/repositories/store-follows';
import { alertBatches, type AlertBatch } from '../../shared/rules/alert-batches';
import { cut } from '../../shared/rules/cut';
import { fillMonthYear } from '../../shared/rules/month-year';
import { revealNewTabPath } from '../../shared/rules/reveal-path';
import { plainText } from '../../shared/rules/plain-text';
import { siteOrigin, tenantMail, type TenantMail } from './identity';
import { brandOf, listLink } from './opt-in';
import { insertBody, insertOutbox, type MailBody } from './outbox';
import { renderAlertMail } from './templates/alert-email';
import type { Enqueue } from './digest/send';
import type { Brand } from './templates/mail-frame';

// Store alerts (issues 14 and 26): each confirmed follower hears of a coupon of a store they follow once, when
// shoppers can see it (inserted, imported, resumed, moved, or its start date reached: migration 054). The schedule
// runs every few minutes and mails an address at most once a day per tenant, batching what came meanwhile; `all`
// (npm run alerts -- --now, the console's button) mails every address at once. Which pairs were mailed is written in
// the transaction that writes the mail and its send job (store_alerts_sent), so nothing is mailed twice.
export const STORE_ALERTS = { queue: 'store-alerts', cron: '*/5 * * * *' } as const;
const MAX_COUPONS_PER_STORE = 5;

export interface StoreAlertsRun {
  /** Mails written (one per address and tenant). */
  mails: number;
  /** (follow, coupon) pairs they carry. */
  alerts: number;
  outboxIds: number[];
}

/** Nothing left to send for an address (another run took it): the transaction is rolled back. */
class NothingToSend extends Error {}

export async function sendStoreAlerts(
  db: Db,
  queue: Enqueue,
  opts: { now?: Date; all?: boolean } = {},
): Promise<StoreAlertsRun> {
  const now = opts.now ?? new Date();
  const all = opts.all ?? false;
  const tenants = new Map<string, Promise<{ identity: TenantMail; brand: Brand } | null>>();
  const tenant = (id: string) => {
    const found = tenants.get(id) ?? tenantOf(db, id);
    tenants.set(id, found);
    return found;
  };
  const run: StoreAlertsRun = { mails: 0, alerts: 0, outboxIds: [] };
  for (const batch of alertBatches(await pendingAlerts(db, now, all), MAX_COUPONS_PER_STORE)) {
    const site = await tenant(batch.domainId);
    if (!site) continue;
    let mail = await alertMail(site, batch, now);
    const sent = await db
      .transaction(async (tx) => {
        // The schedule's one mail a day; a mail sent now counts as the day's too.
        const firstToday = await claimAlertDay(tx, batch.domainId, batch.email, now);
        if (!firstToday && !all) throw new NothingToSend();
        const claimed = await claimAlerts(tx, batch.lines.map(pairOf));
        if (claimed.length === 0) throw new NothingToSend();
        if (claimed.length < batch.lines.length) {
          const mine = new Set(claimed.map((p) => `${p.follow_id} ${p.coupon_id}`));
          const lines = batch.lines.filter((l) => mine.has(`${l.follow_id} ${l.coupon_id}`));
          mail = await alertMail(site, alertBatches(lines, MAX_COUPONS_PER_STORE)[0]!, now);
        }
        const [id] = await writeMail(tx, site.identity, batch, mail);
        await setAlertMail(tx, claimed, id!);
        await queue.enqueue([id!], tx);
        return { id: id!, alerts: claimed.length };
      })
      .catch((err: unknown) => {
        if (err instanceof NothingToSend) return null;
        throw err;
      });
    if (!sent) continue;
    run.mails += 1;
    run.alerts += sent.alerts;
    run.outboxIds.push(sent.id);
  }
  return run;
}

const pairOf = (l: AlertLine): AlertPair => ({ follow_id: l.follow_id, coupon_id: l.coupon_id });

async function tenantOf(db: Queryable, domainId: string): Promise<{ identity: TenantMail; brand: Brand } | null> {
  const identity = await tenantMail(db, domainId);
  return identity ? { identity, brand: await brandOf(db, domainId) } : null;
}

interface AlertMail extends MailBody {
  unsubscribeUrl: string;
}

async function alertMail(
  site: { identity: TenantMail; brand: Brand },
  batch: AlertBatch<AlertLine>,
  now: Date,
): Promise<AlertMail> {
  const origin = siteOrigin(site.identity.host);
  const stores = batch.stores.map(({ listed, more }) => {
    const first = listed[0]!;
    return {
      name: first.store_name,
      url: `${origin}/store/${encodeURIComponent(first.store_slug)}`,
      coupons: listed.map((l) => ({
        name: cut(fillMonthYear(plainText(l.coupon_name, 10_000), now), 70),
        url: `${origin}${revealNewTabPath('/', l.store_slug, l.coupon_id)}`,
      })),
      more,
    };
  });
  const unsubscribeUrl = listLink(site.identity.host, 'alerts', 'unsubscribe', batch.lines[0]!.token);
  const names = stores.map((s) => s.name);
  return {
    subject: `New coupons from ${names.slice(0, 3).join(', ')}${names.length > 3 ? ' and more' : ''}`,
    ...(await renderAlertMail({ brand: site.brand, stores, unsubscribeUrl })),
    unsubscribeUrl,
  };
}

async function writeMail(
  tx: Queryable,
  identity: TenantMail,
  batch: AlertBatch<AlertLine>,
  { unsubscribeUrl, ...body }: AlertMail,
): Promise<number[]> {
  const bodyId = await insertBody(tx, body);
  return insertOutbox(tx, { domainId: batch.domainId, kind: 'alert', from: identity.from }, bodyId, [
    { to: batch.email, unsubscribeUrl },
  ]);
}
