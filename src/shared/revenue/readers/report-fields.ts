import type { NetworkTransaction, TransactionState } from '../../contract/revenue';
import { decodeEntities } from '../../feeds/feed-fields';
import { jsonText, type JsonValue } from '../../feeds/json-fields';
import { dateFromParts } from '../../feeds/offer';
import { parseFeedDate } from '../../rules/feed-date';
import { minorToDecimal, toMinorUnits } from '../money';

// Issue 31: readings every report reader shares (pure, browser-safe). A network's value is read for what it says,
// never trusted to be of its documented type: a JSON "number" may be text, a CSV amount may carry thousands
// separators or a decimal comma, a date may have no zone. Each reading says why it failed, in words an operator
// can act on; readTransaction turns one record's readings into a NetworkTransaction that keeps the contract.

/** A value read from a report, or why it can't be. */
export type Reading<T> = { ok: true; value: T } | { ok: false; reason: string };

export const ok = <T>(value: T): Reading<T> => ({ ok: true, value });
export const refused = <T = never>(reason: string): Reading<T> => ({ ok: false, reason });

/** The value as trimmed text ('' when absent, null, an object or a list). */
export const cellText = (value: JsonValue | undefined): string => jsonText(value).trim();

/** At most 40 characters of a value for a message, so a broken cell can't flood the problems list. */
export const quoted = (text: string): string => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

// ---- Amounts ----

/**
 * How a format writes decimals. 'point': `1234.56`, with optional thousands commas `1,234.56`. 'auto' (exports in
 * the account's locale): also `1234,56` and `1.234,56`; `1,234` alone could be either and is refused.
 */
export type DecimalStyle = 'point' | 'auto';

const PLAIN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const GROUPED_POINT = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const GROUPED_COMMA = /^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d*,\d+$/;
// One comma and three digits: thousands in one locale, a decimal comma and fils in another.
const AMBIGUOUS = /^[+-]?\d{1,3},\d{3}$/;
// Spaces (plain, no-break, narrow, thin) between digit groups: "1 234,56".
const GROUP_SPACE = /(\d)[ \u00a0\u202f\u2009](?=\d{3}(?:\D|$))/g;

/** An amount as a plain decimal string (`1234.56`), or why it is not one. */
export function decimalText(raw: string, style: DecimalStyle): Reading<string> {
  const text = raw.trim().replace(GROUP_SPACE, '$1');
  if (PLAIN.test(text)) return ok(text);
  if (style === 'auto' && AMBIGUOUS.test(text))
    return refused(`${quoted(text)} is ambiguous: it may be ${text.replace(',', '')} or ${text.replace(',', '.')}`);
  if (GROUPED_POINT.test(text)) return ok(text.replace(/,/g, ''));
  if (style === 'auto' && GROUPED_COMMA.test(text)) return ok(text.replace(/\./g, '').replace(',', '.'));
  if (style === 'auto' && DECIMAL_COMMA.test(text)) return ok(text.replace(',', '.'));
  return refused(`${quoted(text)} is not an amount`);
}

/**
 * An amount in minor units of `currency` (signed), null when the cell is empty, or why it is not an amount. JSON
 * numbers are taken as they are; text is read in the format's decimal style.
 */
export function minorAmount(
  value: JsonValue | undefined,
  currency: string,
  style: DecimalStyle,
): Reading<number | null> {
  if (typeof value === 'number') {
    const minor = Number.isFinite(value) ? toMinorUnits(value, currency) : null;
    return minor === null ? refused(`${quoted(String(value))} is not an amount`) : ok(minor);
  }
  const text = cellText(value);
  if (!text) return ok(null);
  const decimal = decimalText(text, style);
  if (!decimal.ok) return decimal;
  const minor = toMinorUnits(decimal.value, currency);
  return minor === null ? refused(`${quoted(text)} is too large to be an amount`) : ok(minor);
}

/** An amount in minor units as the report's currency spells it ("-5.00 USD"), for messages. */
export const money = (minor: number, currency: string): string => `${minorToDecimal(minor, currency)} ${currency}`;

// ---- Currencies ----

// The ISO 4217 codes the runtime's Intl knows (every modern browser and Node 20); a bare pattern where it has none.
const KNOWN_CURRENCIES: ReadonlySet<string> | null = (() => {
  try {
    return new Set(Intl.supportedValuesOf('currency'));
  } catch {
    return null;
  }
})();

/** An ISO 4217 code (upper-cased), or why the value is not one. */
export function currencyCode(value: JsonValue | undefined): Reading<string> {
  const text = cellText(value);
  if (!text) return refused('the transaction has no currency');
  const code = text.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || (KNOWN_CURRENCIES && !KNOWN_CURRENCIES.has(code)))
    return refused(`the currency ${quoted(text)} is not an ISO 4217 code`);
  return ok(code);
}

// ---- Dates ----

const MIN_YEAR = 1970;
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An instant as ISO 8601 UTC, or why it is outside the years 1970–9999. */
function inRange(ms: number, text: string): Reading<string> {
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_MS) return refused(`${quoted(text)} is not between 1970 and 9999`);
  return ok(new Date(ms).toISOString());
}

/**
 * An ISO 8601 date or date-time ("2026-03-01", "2026-03-01T10:42:38-07:00", "2026-03-01 10:42:38"): with an offset
 * it is that instant, without one it is read as UTC (each reader's docs say why that is what its network means).
 */
export function isoInstant(value: JsonValue | undefined): Reading<string> {
  const text = cellText(value);
  if (!text) return refused('the transaction has no date');
  const date = parseFeedDate(text);
  if (!date.ok) return refused(date.message);
  if (date.value === null) return refused('the transaction has no date');
  if (Number(text.slice(0, 4)) < MIN_YEAR) return refused(`${quoted(text)} is not between 1970 and 9999`);
  return inRange(Date.parse(date.value), text);
}

/** Epoch milliseconds (a JSON number) or an ISO 8601 string, as Tradedoubler's APIs give dates. */
export function epochOrIso(value: JsonValue | undefined): Reading<string> {
  if (typeof value === 'number') return inRange(value, String(value));
  const text = cellText(value);
  if (/^\d{12,13}$/.test(text)) return inRange(Number(text), text);
  return isoInstant(value);
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/;

/** A US-order date (`m/d/yy`, `m/d/yyyy`) or an ISO one, and an optional time of day (`13:05:09`, `1:05 PM`), as UTC. */
export function usDateTime(day: string, time: string): Reading<string> {
  const d = day.trim();
  const t = time.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(d)) return isoInstant(t ? `${d}T${CLOCK.test(t) ? clock24(t) : t}` : d);
  if (!d) return refused('the transaction has no date');
  const m = US_DATE.exec(d);
  if (!m) return refused(`${quoted(d)} is not a date (m/d/yy, m/d/yyyy or yyyy-mm-dd)`);
  const c = t ? CLOCK.exec(t) : null;
  if (t && !c) return refused(`${quoted(t)} is not a time of day (HH:MM:SS)`);
  const yy = m[3] ?? '';
  const year = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  const [hour, minute, second] = c ? clock24(t).split(':').map(Number) : [0, 0, 0];
  const read = dateFromParts(`${d} ${t}`.trim(), {
    year,
    month: Number(m[1]),
    day: Number(m[2]),
    hour,
    minute,
    second,
  });
  return read.ok && read.value ? ok(read.value) : refused(read.ok ? 'the transaction has no date' : read.message);
}

/** `1:05 PM` → `13:05:00`; a 24-hour time with its seconds. A 12-hour hour outside 1–12 stays wrong (and is refused). */
function clock24(time: string): string {
  const c = CLOCK.exec(time.trim());
  if (!c) return time;
  let hour = Number(c[1]);
  const half = c[4]?.toUpperCase();
  if (half && (hour < 1 || hour > 12)) hour = 99;
  else if (half === 'PM' && hour < 12) hour += 12;
  else if (half === 'AM' && hour === 12) hour = 0;
  return `${String(hour).padStart(2, '0')}:${c[2]}:${c[3] ?? '00'}`;
}

// ---- States ----

/** A network's status word (any case, spaces or hyphens for underscores) through its table, or why it is unknown. */
export function mappedState(
  value: JsonValue | undefined,
  table: Readonly<Record<string, TransactionState>>,
  known: string,
): Reading<TransactionState> {
  const text = cellText(value);
  if (!text) return refused(`the transaction has no status (${known})`);
  const state = table[text.toLowerCase().replace(/[\s-]+/g, '_')];
  return state ? ok(state) : refused(`the status ${quoted(text)} is not one ${known}`);
}

/** Paid when the network says the publisher was paid an approved commission; otherwise the state as it is. */
export const paidWhen = (state: Reading<TransactionState>, paid: boolean): Reading<TransactionState> =>
  state.ok && state.value === 'approved' && paid ? ok('paid') : state;

// ---- The transaction ----

/** What a reader has read of one record: raw cells, and the state and date it read the network's way. */
export interface TransactionCells {
  id: JsonValue | undefined;
  subId: JsonValue | undefined;
  currency: JsonValue | undefined;
  commission: JsonValue | undefined;
  sale: JsonValue | undefined;
  decimals: DecimalStyle;
  state: Reading<TransactionState>;
  occurredAt: Reading<string>;
  advertiserId: JsonValue | undefined;
  advertiserName: JsonValue | undefined;
}

const ID_MAX = 200;
const name = (value: JsonValue | undefined) =>
  decodeEntities(cellText(value)).replace(/\s+/g, ' ').trim().slice(0, ID_MAX) || null;

/**
 * One record as a transaction whose amounts may be negative (a correction, a return): the folding readers (CJ,
 * Rakuten) sum such parts before the contract's commission ≥ 0 applies. Everything else of the contract holds.
 */
export function readSignedTransaction(c: TransactionCells): Reading<NetworkTransaction> {
  const id = cellText(c.id);
  if (!id) return refused('the transaction has no id');
  if (id.length > ID_MAX) return refused(`the transaction id is longer than ${ID_MAX} characters`);
  const currency = currencyCode(c.currency);
  if (!currency.ok) return currency;
  const commission = minorAmount(c.commission, currency.value, c.decimals);
  if (!commission.ok) return refused(`commission: ${commission.reason}`);
  if (commission.value === null) return refused('the transaction has no commission amount');
  const sale = minorAmount(c.sale, currency.value, c.decimals);
  if (!sale.ok) return refused(`sale amount: ${sale.reason}`);
  if (!c.state.ok) return c.state;
  if (!c.occurredAt.ok) return refused(`date: ${c.occurredAt.reason}`);
  const subId = cellText(c.subId);
  if (subId.length > ID_MAX) return refused(`the sub-ID is longer than ${ID_MAX} characters: no click id of ours`);
  return ok({
    transaction_id: id,
    sub_id: subId || null,
    state: c.state.value,
    commission_minor: commission.value,
    sale_minor: sale.value,
    currency: currency.value,
    occurred_at: c.occurredAt.value,
    advertiser_id: cellText(c.advertiserId).slice(0, ID_MAX) || null,
    advertiser_name: name(c.advertiserName),
  });
}

/** A transaction whose commission is not negative, or why not. */
export function checkedCommission(t: NetworkTransaction): Reading<NetworkTransaction> {
  if (!Number.isSafeInteger(t.commission_minor) || (t.sale_minor !== null && !Number.isSafeInteger(t.sale_minor)))
    return refused('the amounts are too large to add up exactly');
  if (t.commission_minor < 0)
    return refused(`the commission is negative (${money(t.commission_minor, t.currency)}): no commission is owed`);
  return ok(t);
}

/** One record as a transaction that keeps the contract, or why it can't be one. */
export function readTransaction(c: TransactionCells): Reading<NetworkTransaction> {
  const t = readSignedTransaction(c);
  return t.ok ? checkedCommission(t.value) : t;
}
