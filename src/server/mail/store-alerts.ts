import type { Queryable } from '../db/connect';
import { claimAlertDay, markAlerted, pendingAlerts, type AlertLine } from '../db/repositories/store-follows';
import { cut } from '../../shared/rules/cut';
import { fillMonthYear } from '../../shared/rules/month-year';
import { revealNewTabPath } from '../../shared/rules/reveal-path';
import { plainText } from '../site/text';
import { siteOrigin, tenantMail } from './identity';
import { brandOf, listLink } from './opt-in';
import { insertBody, insertOutbox } from './outbox';
import type { AlertStore } from './templates/alert-email';
import { renderAlertMail } from './templates/alert-email';
import type { Enqueue } from './digest/send';

// Store alerts (issue 14): an hourly pg-boss job mails each confirmed follower the new live coupons of the stores they
// follow, batched into at most one mail a day per address and tenant (store_alert_days).
export const STORE_ALERTS = { queue: 'store-alerts', cron: '30 * * * *' } as const;
const MAX_COUPONS_PER_STORE = 5;

export async function sendStoreAlerts(db: Queryable, queue: Enqueue, now = new Date()): Promise<number> {
  const byAddress = new Map<string, AlertLine[]>();
  for (const line of await pendingAlerts(db, now)) {
    const key = `${line.domain_id} ${line.email}`;
    byAddress.set(key, [...(byAddress.get(key) ?? []), line]);
  }
  let sent = 0;
  for (const lines of byAddress.values()) {
    const first = lines[0];
    if (!first) continue;
    const identity = await tenantMail(db, first.domain_id);
    if (!identity || !(await claimAlertDay(db, first.domain_id, first.email, now))) continue;
    const origin = siteOrigin(identity.host);
    const stores = new Map<string, AlertStore>();
    for (const l of lines) {
      const store = stores.get(l.store_id) ?? {
        name: l.store_name,
        url: `${origin}/store/${encodeURIComponent(l.store_slug)}`,
        coupons: [],
      };
      if (store.coupons.length < MAX_COUPONS_PER_STORE)
        store.coupons.push({
          name: cut(fillMonthYear(plainText(l.coupon_name, 10_000), now), 70),
          url: `${origin}${revealNewTabPath('/', l.store_slug, l.coupon_id)}`,
        });
      stores.set(l.store_id, store);
    }
    const unsubscribeUrl = listLink(identity.host, 'alerts', 'unsubscribe', first.token);
    const names = [...stores.values()].map((s) => s.name);
    const body = await renderAlertMail({
      brand: await brandOf(db, first.domain_id),
      stores: [...stores.values()],
      unsubscribeUrl,
    });
    const bodyId = await insertBody(db, {
      subject: `New coupons from ${names.slice(0, 3).join(', ')}${names.length > 3 ? ' and more' : ''}`,
      ...body,
    });
    const ids = await insertOutbox(db, { domainId: first.domain_id, kind: 'alert', from: identity.from }, bodyId, [
      { to: first.email, unsubscribeUrl },
    ]);
    await queue.enqueue(ids);
    await markAlerted(
      db,
      [...new Set(lines.map((l) => l.follow_id))],
      lines.map((l) => l.coupon_id),
    );
    sent += 1;
  }
  return sent;
}
