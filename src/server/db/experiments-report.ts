import type { ExperimentReport, ExperimentVariantReport } from '../../shared/contract/experiments';
import { minorToDecimal } from '../../shared/revenue/money';

// The text of `npm run experiments:report`: one table per experiment, then what each arm earned (issue 31): counted
// click-outs, EPC (commission per 100 of them, in the experiment's currency) and Welch's p-value against the control,
// and the revenue verdict in words.

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));

const pText = (v: ExperimentVariantReport, control: string, p: number | null) =>
  v.variant === control ? 'control' : p === null ? 'n/a' : p.toFixed(4);

/** EPC in major units of the currency per 100 clicks ("17.37" for 1,737 cents). */
export const epcText = (epcMinor: number, currency: string): string => minorToDecimal(Math.round(epcMinor), currency);

const COLUMNS = [
  ['shoppers', 8],
  ['reveals', 7],
  ['reveals/100', 11],
  ['click-outs', 10],
  ['p-value', 7],
  ['clicks', 7],
  ['EPC', 9],
  ['EPC p', 7],
] as const;

function row(e: ExperimentReport, v: ExperimentVariantReport, width: number): string {
  const cells = [
    String(v.shoppers),
    String(v.reveals),
    v.revealsPer100.toFixed(2),
    String(v.clickOuts),
    pText(v, e.control, v.pValue),
    String(v.clicks),
    epcText(v.epc_minor, e.currency),
    pText(v, e.control, v.epc_p_value),
  ];
  return [pad(v.variant, width), ...cells.map((c, i) => pad(c, COLUMNS[i]![1], true))].join('  ');
}

function revenueLines(e: ExperimentReport): string[] {
  const lines = [`revenue (EPC in ${e.currency} per 100 clicks): ${e.revenue_statement}`];
  const unconverted = e.variants.reduce((n, v) => n + v.unconverted, 0);
  if (unconverted > 0)
    lines.push(
      `unconverted: ${unconverted} transactions in a currency with no rate into ${e.currency}, left out of EPC`,
    );
  return lines;
}

/** The report as a table per experiment. */
export function formatReport(report: readonly ExperimentReport[]): string {
  if (report.length === 0) return 'No experiment has recorded shoppers yet.';
  const blocks = report.map((e) => {
    const width = Math.max(7, ...e.variants.map((v) => v.variant.length));
    const head = [pad('variant', width), ...COLUMNS.map(([name, w]) => pad(name, w, true))].join('  ');
    const l = e.leftOut;
    const left =
      l.total === 0
        ? 'left out: none'
        : `left out: ${l.total} (${l.never_returned} never sent their id back, ${l.machine_timing} with machine-like timing, ${l.network_burst} past their network's new-id cap)`;
    return [
      `experiment ${e.id} (control: ${e.control})`,
      head,
      ...e.variants.map((v) => row(e, v, width)),
      left,
      ...revenueLines(e),
    ].join('\n');
  });
  const legend =
    'clicks: counted click-outs naming the arm; EPC: their pending, approved and paid commission per 100 clicks; ' +
    'EPC p: two-sided Welch t-test of per-click earnings against the control (src/shared/rules/epc-test.ts).';
  return [...blocks, legend].join('\n\n');
}
