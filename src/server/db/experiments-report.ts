import type { ExperimentReport } from '../../shared/contract/experiments';

// The text of `npm run experiments:report`: one table per experiment.

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width));

/** The report as a table per experiment. */
export function formatReport(report: readonly ExperimentReport[]): string {
  if (report.length === 0) return 'No experiment has recorded shoppers yet.';
  return report
    .map((e) => {
      const width = Math.max(7, ...e.variants.map((v) => v.variant.length));
      const head = `${pad('variant', width)}  ${pad('shoppers', 8, true)}  ${pad('reveals', 7, true)}  ${pad('reveals/100', 11, true)}  ${pad('click-outs', 10, true)}  ${pad('p-value', 7, true)}`;
      const rows = e.variants.map(
        (v) =>
          `${pad(v.variant, width)}  ${pad(String(v.shoppers), 8, true)}  ${pad(String(v.reveals), 7, true)}  ${pad(v.revealsPer100.toFixed(2), 11, true)}  ${pad(String(v.clickOuts), 10, true)}  ${pad(v.variant === e.control ? 'control' : v.pValue === null ? 'n/a' : v.pValue.toFixed(4), 7, true)}`,
      );
      const l = e.leftOut;
      const left =
        l.total === 0
          ? 'left out: none'
          : `left out: ${l.total} (${l.never_returned} never sent their id back, ${l.machine_timing} with machine-like timing, ${l.network_burst} past their network's new-id cap)`;
      return [`experiment ${e.id} (control: ${e.control})`, head, ...rows, left].join('\n');
    })
    .join('\n\n');
}
