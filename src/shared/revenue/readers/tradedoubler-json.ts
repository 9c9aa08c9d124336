import type { NetworkTransaction, ReportItem, TransactionState } from '../../contract/revenue';
import { isJsonObject, jsonFlag, type JsonObject } from '../../feeds/json-fields';
import { cellText, epochOrIso, mappedState, paidWhen, readTransaction, type Reading } from './report-fields';
import { itemOf, listAt, NOT_AN_OBJECT, readJsonRecords, type JsonShape } from './report-files';

// Issue 31: Tradedoubler's publisher transactions (Publisher Management API, GET /publisher/report/transactions,
// JSON: {"items": [...], "total": n}; a bare list is read too), read as Tradedoubler spells them
// (docs/revenue-formats.md). Tradedoubler's quirks: status is a letter, A (approved), P (pending) or D (denied);
// `paid` says whether the approved commission has been paid to the publisher (a flag, or a paymentStatus word);
// epi1 is the EPI, the publisher's sub-ID on the link; the transaction's own id is transactionId (orderNumber, the
// advertiser's order, when it has none); timeOfTransaction (timeOfEvent when absent) is epoch milliseconds or ISO
// 8601, read as UTC when it has no offset; currency may be named currency or currencyId; the store is the program
// (programId, programName).

export const TRADEDOUBLER_STATES: Readonly<Record<string, TransactionState>> = {
  a: 'approved',
  approved: 'approved',
  accepted: 'approved',
  p: 'pending',
  pending: 'pending',
  d: 'declined',
  denied: 'declined',
  declined: 'declined',
};
const TRADEDOUBLER_KNOWN = 'Tradedoubler uses (A, P, D)';

const TRADEDOUBLER_JSON: JsonShape = {
  name: "Tradedoubler's publisher transactions (JSON)",
  list: (document) =>
    listAt(document, isJsonObject(document) ? ['items'] : [], TRADEDOUBLER_JSON.name, [
      'message',
      'error',
      'errorMessage',
    ]),
};

const isPaid = (t: JsonObject) => jsonFlag(t.paid) || /^paid\b/i.test(cellText(t.paymentStatus));

/** One Tradedoubler transaction as a Dealdeck transaction, or why it can't be one. */
export function mapTradedoublerTransaction(t: JsonObject): Reading<NetworkTransaction> {
  return readTransaction({
    id: cellText(t.transactionId) ? t.transactionId : t.orderNumber,
    subId: t.epi1,
    currency: cellText(t.currency) ? t.currency : t.currencyId,
    commission: t.commission,
    sale: t.orderValue,
    decimals: 'point',
    state: paidWhen(mappedState(t.status, TRADEDOUBLER_STATES, TRADEDOUBLER_KNOWN), isPaid(t)),
    occurredAt: epochOrIso(cellText(t.timeOfTransaction) ? t.timeOfTransaction : t.timeOfEvent),
    advertiserId: t.programId,
    advertiserName: t.programName,
  });
}

/** Each transaction of a Tradedoubler transactions answer, mapped or with why not. */
export function readTradedoublerJson(text: string): ReportItem[] {
  const read = readJsonRecords(text, TRADEDOUBLER_JSON);
  if (!read.ok) return read.items;
  return read.records.map(({ where, record }) =>
    record ? itemOf(where, mapTradedoublerTransaction(record)) : { where, ok: false, reason: NOT_AN_OBJECT },
  );
}
