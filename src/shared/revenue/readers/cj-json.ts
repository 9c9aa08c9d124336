import type { ReportItem, TransactionState } from '../../contract/revenue';
import { isJsonObject, jsonFlag, type JsonObject, type JsonValue } from '../../feeds/json-fields';
import {
  cellText,
  isoInstant,
  mappedState,
  ok,
  quoted,
  readSignedTransaction,
  refused,
  type Reading,
} from './report-fields';
import { listAt, NOT_AN_OBJECT, readJsonRecords, type JsonShape } from './report-files';
import { foldedItems, type PartItem, type SalePart } from './report-folding';

// Issue 31: CJ's Commission Detail API (POST commissions.api.cj.com/query, GraphQL), the answer to a
// publisherCommissions query: {"data": {"publisherCommissions": {"count", "payloadComplete", "maxCommissionId",
// "records": [...]}}}, read as CJ's schema spells it (docs/revenue-formats.md). CJ's quirks: amounts are
// DecimalNumber, JSON strings like "-12.50"; a record's amounts come in USD (pubCommissionAmountUsd, saleAmountUsd)
// and in the publisher's functional currency (…PubCurrency), whose code the record does not carry, so the USD ones
// are read; actionStatus is new, extended, locked or closed (any case); shopperId is the SID of the link (sid, its
// deprecated twin, is read when it is absent); eventDate is an Instant in UTC with a Z. A correction (original:
// false) is a record of its own holding the change in amounts, tied to its sale by originalActionId: the records of
// one sale are folded into one transaction (report-folding.ts), whose id is that originalActionId.

/** CJ's action statuses. Locked: CJ can no longer correct or extend it, it is in the payout cycle; closed: paid. */
export const CJ_STATES: Readonly<Record<string, TransactionState>> = {
  new: 'pending',
  extended: 'pending',
  locked: 'approved',
  closed: 'paid',
};
const CJ_KNOWN = 'CJ uses (new, extended, locked, closed)';

const CJ_JSON: JsonShape = {
  name: "CJ's Commission Detail answer (publisherCommissions JSON)",
  list: (document) => {
    const errors = isJsonObject(document) ? document.errors : undefined;
    if (Array.isArray(errors) && errors.length && !Array.isArray(recordsOf(document)))
      return { ok: false, reason: `CJ answered with an error: ${quoted(errorText(errors[0]))}` };
    return listAt(document, ['data', 'publisherCommissions', 'records'], CJ_JSON.name, ['message', 'error']);
  },
};

function recordsOf(document: JsonValue): JsonValue | undefined {
  const data = isJsonObject(document) ? document.data : undefined;
  const commissions = isJsonObject(data) ? data.publisherCommissions : undefined;
  return isJsonObject(commissions) ? commissions.records : undefined;
}

const errorText = (error: JsonValue | undefined) =>
  (isJsonObject(error) ? cellText(error.message) : cellText(error)) || 'no message';

/** A record's flag, which CJ writes as true/false (and its docs as 1/0); absent means original. */
const isOriginal = (value: JsonValue | undefined) => value === undefined || value === null || jsonFlag(value);

/** One CJ commission record as a part of its sale (amounts signed), or why it can't be one. */
export function mapCjRecord(r: JsonObject): Reading<SalePart> {
  const commissionId = cellText(r.commissionId);
  const key = cellText(r.originalActionId) || commissionId;
  const read = readSignedTransaction({
    id: key,
    subId: cellText(r.shopperId) ? r.shopperId : r.sid,
    currency: 'USD',
    commission: r.pubCommissionAmountUsd,
    sale: r.saleAmountUsd,
    decimals: 'point',
    state: mappedState(r.actionStatus, CJ_STATES, CJ_KNOWN),
    occurredAt: isoInstant(r.eventDate),
    advertiserId: r.advertiserId,
    advertiserName: r.advertiserName,
  });
  if (!read.ok) return read;
  if (!commissionId) return refused('the commission has no commissionId');
  const correction = !isOriginal(r.original);
  const reason = cellText(r.correctionReason);
  const label = correction
    ? `a correction${reason ? ` (${reason})` : ''} of CJ action ${key}, commission ${commissionId}`
    : `another original record of CJ action ${key}, commission ${commissionId}`;
  return ok({ key, correction, label, transaction: read.value });
}

/** Each commission record of a CJ publisherCommissions answer, its sale's corrections folded in, or why not. */
export function readCjJson(text: string): ReportItem[] {
  const read = readJsonRecords(text, CJ_JSON);
  if (!read.ok) return read.items;
  const parts = read.records.map(({ where, record }): PartItem => ({
    where,
    part: record ? mapCjRecord(record) : refused(NOT_AN_OBJECT),
  }));
  return foldedItems(parts, 'CJ');
}
