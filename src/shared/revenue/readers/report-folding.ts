import type { NetworkTransaction, ReportItem, TransactionState } from '../../contract/revenue';
import { checkedCommission, money, type Reading } from './report-fields';

// Issue 31: CJ and Rakuten report a correction (a return, a reversal, an adjusted amount) as a record of its own
// whose amounts are the change, often negative, next to the original record. A Dealdeck transaction is the sale's
// current state, so the records of one sale are folded: the first original carries the sum of them all, and the
// others are reported as folded into it (a ReportItem is a transaction or a refusal: they say where they went).
// When a report holds a correction but not its original (it was posted in an earlier report), the correction
// alone can't say what the sale is now, and it is refused saying so rather than guessed at.

/** One record of a sale: its signed amounts, and what ties it to the other records of that sale. */
export interface SalePart {
  /** The id every record of the sale shares, and the folded transaction's id. */
  key: string;
  /** It changes an earlier record of the sale rather than being the sale. */
  correction: boolean;
  /** How a message names it ("a correction (RETURNED_MERCHANDISE) of CJ action 7710", "a return"). */
  label: string;
  /** The record as a transaction whose id is `key`, with signed amounts. */
  transaction: NetworkTransaction;
}

export interface PartItem {
  where: string;
  part: Reading<SalePart>;
}

const RANK: Readonly<Record<TransactionState, number>> = { pending: 0, approved: 1, paid: 2, declined: 3 };

/** The state of several records of one sale: theirs when they agree, else the least advanced one still owed. */
function foldedState(parts: readonly SalePart[]): TransactionState {
  const states = parts.map((p) => p.transaction.state);
  const owed = states.filter((s) => s !== 'declined');
  if (owed.length === 0) return 'declined';
  return owed.reduce((a, b) => (RANK[b] < RANK[a] ? b : a));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Amounts of the sale's records added up; null when none of them has one. */
const sumOrNull = (values: readonly (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? sum(known) : null;
};

/** The sale that `parts` (the original first) make together. */
export function foldSale(parts: readonly SalePart[]): Reading<NetworkTransaction> {
  const [head] = parts;
  if (!head) return { ok: false, reason: 'nothing to fold' };
  const originals = parts.filter((p) => !p.correction);
  const commission = sum(parts.map((p) => p.transaction.commission_minor));
  const takenBack = parts.some((p) => p.correction && p.transaction.commission_minor < 0);
  // Taken back whole: the sale is declined, and what was declined is the commission the originals promised.
  if (takenBack && commission <= 0)
    return checkedCommission({
      ...head.transaction,
      state: 'declined',
      commission_minor: sum(originals.map((p) => p.transaction.commission_minor)),
      sale_minor: sumOrNull(originals.map((p) => p.transaction.sale_minor)),
    });
  return checkedCommission({
    ...head.transaction,
    state: foldedState(parts),
    commission_minor: commission,
    sale_minor: sumOrNull(parts.map((p) => p.transaction.sale_minor)),
  });
}

const change = (t: NetworkTransaction) =>
  `${t.commission_minor > 0 ? '+' : ''}${money(t.commission_minor, t.currency)} of commission`;

/** A record of a sale and where it is in the report. */
type Placed = { at: number; where: string; part: SalePart };

/** The items of one sale's records: the sale at its first original, the others saying where they went. */
function saleItems(placed: readonly Placed[], network: string): (readonly [number, ReportItem])[] {
  const head = placed.find((p) => !p.part.correction);
  if (!head)
    return placed.map(({ at, where, part }) => [
      at,
      {
        where,
        ok: false,
        reason:
          `${part.label} (${change(part.transaction)}), and the original is not in this report: import a ` +
          `${network} report that holds the original too`,
      },
    ]);
  const sale = foldSale([head.part, ...placed.filter((p) => p !== head).map((p) => p.part)]);
  const folded: ReportItem = sale.ok
    ? { where: head.where, ok: true, transaction: sale.value }
    : { where: head.where, ok: false, reason: sale.reason };
  return placed.map(({ at, where, part }) => {
    if (at === head.at) return [at, folded];
    const what = part.correction ? `${part.label} (${change(part.transaction)})` : part.label;
    return [at, { where, ok: false, reason: `folded into ${head.where}: ${what}` }];
  });
}

/** Every record's item, in the report's order: folded sales at their original, the other records pointing there. */
export function foldedItems(items: readonly PartItem[], network: string): ReportItem[] {
  const out: ReportItem[] = [];
  const sales = new Map<string, Placed[]>();
  items.forEach(({ where, part }, at) => {
    if (!part.ok) {
      out[at] = { where, ok: false, reason: part.reason };
      return;
    }
    const placed = { at, where, part: part.value };
    const sale = sales.get(part.value.key);
    if (sale) sale.push(placed);
    else sales.set(part.value.key, [placed]);
  });
  for (const placed of sales.values()) for (const [at, item] of saleItems(placed, network)) out[at] = item;
  return out;
}
