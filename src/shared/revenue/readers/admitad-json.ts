import type { NetworkTransaction, ReportItem, TransactionState } from '../../contract/revenue';
import { jsonFlag, type JsonObject } from '../../feeds/json-fields';
import { isoInstant, mappedState, paidWhen, readTransaction, type Reading } from './report-fields';
import { itemOf, listAt, NOT_AN_OBJECT, readJsonRecords, type JsonShape } from './report-files';

// Issue 31: Admitad's actions statistics (GET api.admitad.com/statistics/actions/, JSON: {"results": [...],
// "_meta": {"count", "limit", "offset"}}), read as Admitad spells it (docs/revenue-formats.md). Admitad's quirks:
// ids are numbers; payment (the publisher's reward) and cart (the order value, null for leads) are numbers or
// numeric strings in `currency`; status is pending, approved, declined or approved_but_stalled (approved, but the
// advertiser has not yet paid Admitad: approved, not yet payable); paid is 0 or 1; subid is the sub-ID; action_date
// is `2026-03-01 12:30:00` without an offset, read as UTC; the store is the program (advcampaign_id,
// advcampaign_name). An answer with "error"/"error_description" instead of results is refused whole, with its words.

export const ADMITAD_STATES: Readonly<Record<string, TransactionState>> = {
  pending: 'pending',
  approved: 'approved',
  approved_but_stalled: 'approved',
  declined: 'declined',
};
const ADMITAD_KNOWN = 'Admitad uses (pending, approved, declined, approved_but_stalled)';

const ADMITAD_JSON: JsonShape = {
  name: "Admitad's statistics/actions JSON",
  list: (document) => listAt(document, ['results'], ADMITAD_JSON.name, ['error_description', 'error', 'detail']),
};

/** One Admitad action as a transaction, or why it can't be one. */
export function mapAdmitadAction(a: JsonObject): Reading<NetworkTransaction> {
  return readTransaction({
    id: a.action_id,
    subId: a.subid,
    currency: a.currency,
    commission: a.payment,
    sale: a.cart,
    decimals: 'point',
    state: paidWhen(mappedState(a.status, ADMITAD_STATES, ADMITAD_KNOWN), jsonFlag(a.paid)),
    occurredAt: isoInstant(a.action_date),
    advertiserId: a.advcampaign_id,
    advertiserName: a.advcampaign_name,
  });
}

/** Each action of an Admitad statistics/actions answer, mapped or with why not. */
export function readAdmitadJson(text: string): ReportItem[] {
  const read = readJsonRecords(text, ADMITAD_JSON);
  if (!read.ok) return read.items;
  return read.records.map(({ where, record }) =>
    record ? itemOf(where, mapAdmitadAction(record)) : { where, ok: false, reason: NOT_AN_OBJECT },
  );
}
