import { useEffect, useId, useRef, type RefObject } from 'react';
import uPlot from 'uplot';
// uPlot's own rules as text, drawn in the tab's <style>: the console page links no stylesheet (vite.config.ts), and a
// plain CSS import would land in the shop's one stylesheet. `?inline` keeps them in this chunk.
import uplotCss from 'uplot/dist/uPlot.min.css?inline';
import type { RevenueDay } from '../../../shared/contract/revenue';
import { currencyDigits } from '../../../shared/revenue/money';
import { dayText, formatCount, formatMoney, rangeText, toMajor } from './revenue-format';

// Clicks and commission per UTC day (uPlot: a canvas, in this lazy chunk only). The plot keeps a fixed height, so
// nothing moves when it is drawn; its width follows its container. A canvas says nothing to a screen reader: the plot
// is an image named by the figure's caption and described by a summary, and the days are a table below it.

/** The plot's height in CSS pixels, its legend below it; the box reserves both before uPlot draws. */
export const CHART_HEIGHT = 220;
const FALLBACK_WIDTH = 640;
const CLICKS_COLOUR = '#1d4ed8';
const COMMISSION_COLOUR = '#166534';

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

function chartOptions(width: number, currency: string): uPlot.Options {
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v * 10 ** currencyDigits(currency), currency));
  return {
    width,
    height: CHART_HEIGHT,
    // The days are UTC days: the axis and the legend tell them in UTC, whatever the operator's zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true },
      clicks: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      money: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    series: [
      { value: (_u, ts) => (ts === null ? '—' : dayText(new Date(ts * 1000).toISOString().slice(0, 10))) },
      {
        label: 'Clicks',
        scale: 'clicks',
        stroke: CLICKS_COLOUR,
        width: 2,
        value: (_u, v) => (v === null ? '—' : formatCount(v)),
      },
      {
        label: `Commission (${currency})`,
        scale: 'money',
        stroke: COMMISSION_COLOUR,
        fill: 'rgba(22, 101, 52, 0.08)',
        width: 2,
        value: (_u, v) => money(v),
      },
    ],
    axes: [
      {},
      { scale: 'clicks', stroke: CLICKS_COLOUR, values: (_u, ticks) => ticks.map((t) => formatCount(t)) },
      {
        scale: 'money',
        side: 1,
        // Room for "US$1,234.56": uPlot's default 50 px cuts currency labels off.
        size: 84,
        stroke: COMMISSION_COLOUR,
        grid: { show: false },
        values: (_u, ticks) => ticks.map((t) => money(t)),
      },
    ],
  };
}

/** The days in one sentence: the sums, and the busiest day by clicks and by commission. */
export function chartSummary(days: readonly RevenueDay[], currency: string): string {
  if (days.length === 0) return 'No days in the range.';
  const clicks = days.reduce((n, d) => n + d.clicks, 0);
  const commission = days.reduce((n, d) => n + d.commission_minor, 0);
  const most = (f: (d: RevenueDay) => number) => days.reduce((best, d) => (f(d) > f(best) ? d : best), days[0]!);
  const busiest = most((d) => d.clicks);
  const richest = most((d) => d.commission_minor);
  const range = rangeText(days[0]!.day, days[days.length - 1]!.day);
  let text = `${range}: ${formatCount(clicks)} clicks and ${formatMoney(commission, currency)} commission in all.`;
  if (clicks > 0) text += ` Most clicks on ${dayText(busiest.day)} (${formatCount(busiest.clicks)}).`;
  if (commission > 0)
    text += ` Most commission on ${dayText(richest.day)} (${formatMoney(richest.commission_minor, currency)}).`;
  return text;
}

/** Draws the plot into `box` and keeps its width that of the box; gone with the component. */
function usePlot(box: RefObject<HTMLDivElement | null>, days: readonly RevenueDay[], currency: string) {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const widthOf = () => Math.floor(el.clientWidth) || FALLBACK_WIDTH;
    const data: uPlot.AlignedData = [
      days.map((d) => seconds(d.day)),
      days.map((d) => d.clicks),
      days.map((d) => toMajor(d.commission_minor, currency)),
    ];
    const plot = new uPlot(chartOptions(widthOf(), currency), data, el);
    const fit = () => {
      const width = widthOf();
      if (width !== plot.width) plot.setSize({ width, height: CHART_HEIGHT });
    };
    let stop: () => void;
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(fit);
      observer.observe(el);
      stop = () => observer.disconnect();
    } else {
      window.addEventListener('resize', fit);
      stop = () => window.removeEventListener('resize', fit);
    }
    return () => {
      stop();
      plot.destroy();
    };
  }, [box, days, currency]);
}

export function RevenueChart({ days, currency }: { days: readonly RevenueDay[]; currency: string }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  usePlot(box, days, currency);
  return (
    <figure className="revenue-chart">
      <style>{uplotCss}</style>
      <figcaption id={`${id}-caption`}>Clicks and commission per day (UTC)</figcaption>
      <div
        ref={box}
        className="revenue-chart-plot"
        role="img"
        aria-labelledby={`${id}-caption`}
        aria-describedby={`${id}-summary`}
      />
      <p id={`${id}-summary`} className="sr-only">
        {chartSummary(days, currency)}
      </p>
      <DayTable days={days} currency={currency} />
    </figure>
  );
}

/** The plot's numbers as a table, folded away (the chart's text alternative for every day). */
function DayTable({ days, currency }: { days: readonly RevenueDay[]; currency: string }) {
  return (
    <details className="revenue-days">
      <summary>The days as a table</summary>
      <div className="scroll">
        <table>
          <caption className="sr-only">Clicks and commission per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="number">
                Clicks
              </th>
              <th scope="col" className="number">
                Commission
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" data-label="Day">
                  <time dateTime={d.day}>{dayText(d.day)}</time>
                </th>
                <td className="number" data-label="Clicks">
                  {formatCount(d.clicks)}
                </td>
                <td className="number" data-label="Commission">
                  {formatMoney(d.commission_minor, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
