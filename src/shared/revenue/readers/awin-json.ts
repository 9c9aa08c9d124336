import type { NetworkTransaction, ReportItem, TransactionState } from '../../contract/revenue';
import { jsonFlag, jsonObject, type JsonObject, type JsonValue } from '../../feeds/json-fields';
import {
  cellText,
  isoInstant,
  mappedState,
  paidWhen,
  readTransaction,
  type Reading,
  type TransactionCells,
} from './report-fields';
import { itemOf, listAt, NOT_AN_OBJECT, readJsonRecords, type JsonShape } from './report-files';

// Issue 31: Awin's Publisher API transactions list (GET /publishers/{publisherId}/transactions/, JSON: a bare list of
// transactions), read as Awin spells it (docs/revenue-formats.md). Awin's quirks: ids are numbers; amounts are
// objects {amount, currency} with the amount a JSON number; commissionStatus is pending, approved, declined or
// deleted, and paidToPublisher says whether the approved commission has been paid out; the sub-ID is
// clickRefs.clickRef (clickRef2…6 are other refs); transactionDate has no offset: it is in the request's `timezone`
// parameter, which Dealdeck's import asks to be UTC (the API's default), so it is read as UTC.

/** Awin's commission states, the API's words and the CSV export's (which also writes them as 0, 1, 2). */
export const AWIN_STATES: Readonly<Record<string, TransactionState>> = {
  pending: 'pending',
  '0': 'pending',
  approved: 'approved',
  '1': 'approved',
  declined: 'declined',
  '2': 'declined',
  // A transaction Awin removed (a duplicate, a test order): no commission will come of it.
  deleted: 'declined',
};
export const AWIN_KNOWN = 'Awin uses (pending, approved, declined, deleted)';

/** The state of an Awin transaction: its commission status, made paid when Awin says it paid the publisher. */
export const awinState = (status: JsonValue | undefined, paid: boolean): Reading<TransactionState> =>
  paidWhen(mappedState(status, AWIN_STATES, AWIN_KNOWN), paid);

const AWIN_JSON: JsonShape = {
  name: "Awin's transactions list (Publisher API JSON)",
  list: (document) => listAt(document, [], AWIN_JSON.name, ['error', 'description', 'message']),
};

/** The sale amount in the commission's currency; none when Awin gives it in another one (a report has one currency). */
function saleIn(currency: JsonValue | undefined, sale: JsonObject): JsonValue | undefined {
  const saleCurrency = cellText(sale.currency).toUpperCase();
  return saleCurrency && saleCurrency !== cellText(currency).toUpperCase() ? undefined : sale.amount;
}

/** One Awin transaction as a Dealdeck transaction, or why it can't be one. */
export function mapAwinTransaction(t: JsonObject): Reading<NetworkTransaction> {
  const commission = jsonObject(t.commissionAmount);
  const cells: TransactionCells = {
    id: t.id,
    subId: jsonObject(t.clickRefs).clickRef,
    currency: commission.currency,
    commission: commission.amount,
    sale: saleIn(commission.currency, jsonObject(t.saleAmount)),
    decimals: 'point',
    state: awinState(t.commissionStatus, jsonFlag(t.paidToPublisher)),
    occurredAt: isoInstant(t.transactionDate),
    advertiserId: t.advertiserId,
    advertiserName: t.advertiserName,
  };
  return readTransaction(cells);
}

/** Each transaction of an Awin transactions list, mapped or with why not. */
export function readAwinJson(text: string): ReportItem[] {
  const read = readJsonRecords(text, AWIN_JSON);
  if (!read.ok) return read.items;
  return read.records.map(({ where, record }) =>
    record ? itemOf(where, mapAwinTransaction(record)) : { where, ok: false, reason: NOT_AN_OBJECT },
  );
}
