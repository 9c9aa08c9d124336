import { useEffect, useState } from 'react';
import type { EpcArmVerdict, ExperimentReport as Report } from '../../../shared/contract/experiments';
import { minorToDecimal } from '../../../shared/revenue/money';
import { isObject, type JsonObject } from '../../../shared/console/studio-document';
import { admin } from '../admin-client';
import { ConsoleError } from '../api';

// The experiment a document is an arm of (issue 29), from the same screen: each variant's shoppers, reveals and
// click-outs per 100 shoppers as bars, and how sure the difference from the control is (the report's two-proportion
// z-test, `npm run experiments:report`). The table under the chart holds the same figures for screen readers. Issue 31:
// and what each arm earned: counted click-outs, commission, earnings per 100 clicks (EPC) with its 95 % interval, and
// Welch's test against the control, under the report's verdict in words (src/shared/rules/epc-test.ts).

const BAR_MAX = 240;

/** "97% confident" for p = 0.03; an honest "not yet" while the test cannot tell. */
export function confidence(pValue: number | null, isControl: boolean): string {
  if (isControl) return 'control';
  if (pValue === null) return 'not enough shoppers yet';
  const sure = Math.max(0, Math.min(99.9, (1 - pValue) * 100));
  return pValue < 0.05 ? `${sure.toFixed(1)}% confident it differs` : `not significant yet (p = ${pValue.toFixed(2)})`;
}

/** What the revenue test says of one arm against the control, in the words of `confidence`. */
export function earnings(verdict: EpcArmVerdict, pValue: number | null): string {
  if (verdict === 'control') return 'control';
  if (verdict === 'too-little-money' || pValue === null) return 'too little money to decide';
  if (verdict === 'not-significant') return `not significant yet (p = ${pValue.toFixed(2)})`;
  const sure = Math.max(0, Math.min(99.9, (1 - pValue) * 100));
  return `${sure.toFixed(1)}% confident it earns ${verdict === 'higher' ? 'more' : 'less'}`;
}

const per100 = (n: number, shoppers: number) => (shoppers > 0 ? (100 * n) / shoppers : 0);

function Bars({ report }: { report: Report }) {
  const rows = report.variants.map((v) => ({
    variant: v.variant,
    reveals: v.revealsPer100,
    clickOuts: per100(v.clickOuts, v.shoppers),
  }));
  const top = Math.max(1, ...rows.flatMap((r) => [r.reveals, r.clickOuts]));
  const rowHeight = 34;
  const height = rows.length * rowHeight + 8;
  return (
    <svg
      className="experiment-chart"
      width={BAR_MAX + 140}
      height={height}
      viewBox={`0 0 ${BAR_MAX + 140} ${height}`}
      role="img"
      aria-label={`Reveals and click-outs per 100 shoppers: ${rows
        .map((r) => `${r.variant} ${r.reveals.toFixed(1)} and ${r.clickOuts.toFixed(1)}`)
        .join('; ')}`}
    >
      {rows.map((r, i) => {
        const y = 4 + i * rowHeight;
        return (
          <g key={r.variant}>
            <text x={0} y={y + 18} fontSize="12" fill="#111827">
              {r.variant}
            </text>
            <rect x={90} y={y} width={(BAR_MAX * r.reveals) / top} height={12} fill="#1d4ed8" />
            <text x={94 + (BAR_MAX * r.reveals) / top} y={y + 10} fontSize="10" fill="#111827">
              {r.reveals.toFixed(1)}
            </text>
            <rect x={90} y={y + 15} width={(BAR_MAX * r.clickOuts) / top} height={12} fill="#166534" />
            <text x={94 + (BAR_MAX * r.clickOuts) / top} y={y + 25} fontSize="10" fill="#111827">
              {r.clickOuts.toFixed(1)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function ReportTable({ report }: { report: Report }) {
  return (
    <table className="experiment-table">
      <caption>
        Experiment “{report.id}”: control “{report.control}”; {report.leftOut.total} shoppers left out (no returning
        browser, machine timing or a burst of new ids)
      </caption>
      <thead>
        <tr>
          <th scope="col">Variant</th>
          <th scope="col">Shoppers</th>
          <th scope="col">Reveals per 100</th>
          <th scope="col">Click-outs per 100</th>
          <th scope="col">Against the control</th>
        </tr>
      </thead>
      <tbody>
        {report.variants.map((v) => (
          <tr key={v.variant}>
            <th scope="row">{v.variant}</th>
            <td>{v.shoppers}</td>
            <td>{v.revealsPer100.toFixed(1)}</td>
            <td>{per100(v.clickOuts, v.shoppers).toFixed(1)}</td>
            <td>{confidence(v.pValue, v.variant === report.control)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Minor units as the currency's decimal amount ("17.37"). */
const money = (minor: number | null, currency: string) =>
  minor === null ? '–' : minorToDecimal(Math.round(minor), currency);

function RevenueTable({ report }: { report: Report }) {
  const c = report.currency;
  return (
    <table className="experiment-table">
      <caption>
        Earnings of experiment “{report.id}” per counted click-out, in {c}
      </caption>
      <thead>
        <tr>
          <th scope="col">Variant</th>
          <th scope="col">Clicks</th>
          <th scope="col">Transactions</th>
          <th scope="col">Commission ({c})</th>
          <th scope="col">EPC ({c} per 100 clicks)</th>
          <th scope="col">95% interval</th>
          <th scope="col">Against the control</th>
        </tr>
      </thead>
      <tbody>
        {report.variants.map((v) => (
          <tr key={v.variant}>
            <th scope="row">{v.variant}</th>
            <td>{v.clicks}</td>
            <td>{v.unconverted > 0 ? `${v.transactions} (${v.unconverted} with no rate)` : v.transactions}</td>
            <td>{money(v.commission_minor, c)}</td>
            <td>{money(v.epc_minor, c)}</td>
            <td>{v.epc_low_minor === null ? '–' : `${money(v.epc_low_minor, c)}–${money(v.epc_high_minor, c)}`}</td>
            <td>{earnings(v.epc_verdict, v.epc_p_value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ExperimentPanel({ doc }: { doc: JsonObject }) {
  const experiment = isObject(doc.experiment) ? doc.experiment : null;
  const id = experiment && typeof experiment.id === 'string' ? experiment.id : null;
  const [reports, setReports] = useState<Report[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    admin('experimentReport')
      .then((res) => live && setReports(res.data))
      .catch((err: unknown) => live && setError(err instanceof ConsoleError ? err.message : 'No report.'));
    return () => {
      live = false;
    };
  }, [id]);
  if (!id)
    return (
      <p className="empty">
        This document is not an arm of an experiment. Give it one under Audience &amp; schedule (an id, its variant name
        and its share), and the same id to the document it is tested against (variant “control”).
      </p>
    );
  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (!reports) return <p className="loading">Loading the experiment report…</p>;
  const report = reports.find((r) => r.id === id);
  if (!report)
    return <p className="empty">No shopper has been counted in experiment “{id}” yet: it starts once published.</p>;
  return (
    <div className="experiment-report">
      <p className="hint">
        <span className="key key-reveals" /> reveals per 100 shoppers <span className="key key-clicks" /> click-outs per
        100 shoppers
      </p>
      <Bars report={report} />
      <ReportTable report={report} />
      <p className="experiment-verdict">Revenue: {report.revenue_statement}</p>
      <RevenueTable report={report} />
    </div>
  );
}
