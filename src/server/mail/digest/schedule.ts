import type { Queryable } from '../../db/connect';
import { listTenantHosts } from '../../db/repositories/domains';
import type { LoadedDocument } from '../../../shared/layout/types';
import { digestDue } from '../../../shared/rules/digest-schedule';
import { digestSettings } from './render';
import { emailDocumentFor, sendDigest, type Enqueue } from './send';
import { tenantMail } from '../identity';

// The weekly digests: pg-boss runs this every hour (one instance per tick); each tenant whose email document names
// this day and hour gets its digest, once per week (digest_runs).
export const DIGEST_TICK = { queue: 'mail-digest-tick', cron: '0 * * * *' } as const;

export async function sendDueDigests(
  db: Queryable,
  queue: Enqueue,
  documents: readonly LoadedDocument[],
  now = new Date(),
): Promise<string[]> {
  const sent: string[] = [];
  for (const tenant of await listTenantHosts(db)) {
    const identity = await tenantMail(db, tenant.id);
    const entry = identity ? emailDocumentFor(documents, identity, now) : null;
    if (!entry) continue;
    const { day, hour } = digestSettings(entry.doc);
    if (!digestDue(now, day, hour)) continue;
    const result = await sendDigest(db, queue, documents, tenant.id, { now });
    if (result.status === 'queued') sent.push(tenant.key);
  }
  return sent;
}
