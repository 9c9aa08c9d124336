import type { NetworkTransaction, ReportItem, TransactionState } from '../../contract/revenue';
import type { JsonValue } from '../../feeds/json-fields';
import {
  cellText,
  isoInstant,
  mappedState,
  minorAmount,
  paidWhen,
  readTransaction,
  type Reading,
} from './report-fields';
import { itemOf, listAt, NOT_AN_OBJECT, readJsonRecords, type JsonShape } from './report-files';

// Issue 31: Impact's Actions (Partner API, GET /Mediapartners/{AccountSID}/Actions, JSON: {"@page", …, "Actions":
// [...]}), read as Impact spells them (docs/revenue-formats.md); impact-csv.ts reads the same Actions exported as
// CSV through this mapping. Impact's quirks: every value is a string, "" when absent (numbers too: "0.88"); State is
// PENDING, APPROVED (no further changes; it will pay out) or REVERSED; an approved action is paid once it cleared
// into the partner's balance (ClearedDate set, or LockedStatus CLEARED in exports); a reversed action's Payout may
// be 0, its IntendedPayout then says what was reversed; EventDate is ISO 8601 with the brand's offset; the store is
// the brand's program (CampaignId, CampaignName); SubId1 is the sub-ID.

/** The Action fields the mapping reads (an Action has more: Oid, AdId, ReferringDate, PromoCode, SubId2…). */
export const IMPACT_ACTION_FIELDS = [
  'Id',
  'CampaignId',
  'CampaignName',
  'State',
  'Payout',
  'IntendedPayout',
  'Amount',
  'IntendedAmount',
  'Currency',
  'SubId1',
  'EventDate',
  'ClearedDate',
  'LockedStatus',
] as const;
export type ImpactActionField = (typeof IMPACT_ACTION_FIELDS)[number];

/** One Action as Impact lists it: strings as a rule, but read as whatever JSON the answer holds. */
export type ImpactAction = { readonly [F in ImpactActionField]?: JsonValue };

export const IMPACT_STATES: Readonly<Record<string, TransactionState>> = {
  pending: 'pending',
  approved: 'approved',
  reversed: 'declined',
};
const IMPACT_KNOWN = 'Impact uses (PENDING, APPROVED, REVERSED)';

/** Impact cleared the commission into the partner's balance: that is Impact paying it. */
const cleared = (a: ImpactAction) =>
  cellText(a.LockedStatus).toUpperCase() === 'CLEARED' || isoInstant(a.ClearedDate).ok;

/** A reversed action's amount as it was before the reversal, when Impact zeroed the current one. */
function beforeReversal(current: JsonValue | undefined, intended: JsonValue | undefined, currency: string) {
  const now = minorAmount(current, currency, 'point');
  return now.ok && (now.value ?? 0) === 0 && cellText(intended) ? intended : current;
}

/** One Impact Action as a transaction, or why it can't be one. */
export function mapImpactAction(a: ImpactAction): Reading<NetworkTransaction> {
  const state = paidWhen(mappedState(a.State, IMPACT_STATES, IMPACT_KNOWN), cleared(a));
  const reversed = state.ok && state.value === 'declined';
  const currency = cellText(a.Currency).toUpperCase();
  return readTransaction({
    id: a.Id,
    subId: a.SubId1,
    currency: a.Currency,
    commission: reversed ? beforeReversal(a.Payout, a.IntendedPayout, currency) : a.Payout,
    sale: reversed ? beforeReversal(a.Amount, a.IntendedAmount, currency) : a.Amount,
    decimals: 'point',
    state,
    occurredAt: isoInstant(a.EventDate),
    advertiserId: a.CampaignId,
    advertiserName: a.CampaignName,
  });
}

const IMPACT_JSON: JsonShape = {
  name: "Impact's Actions list (Partner API JSON)",
  list: (document) => listAt(document, ['Actions'], IMPACT_JSON.name, ['Message', 'message']),
};

/** Each Action of an Impact Actions answer, mapped or with why not. */
export function readImpactJson(text: string): ReportItem[] {
  const read = readJsonRecords(text, IMPACT_JSON);
  if (!read.ok) return read.items;
  return read.records.map(({ where, record }) =>
    record ? itemOf(where, mapImpactAction(record)) : { where, ok: false, reason: NOT_AN_OBJECT },
  );
}
