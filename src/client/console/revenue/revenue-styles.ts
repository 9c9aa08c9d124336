import { CHART_HEIGHT } from './revenue-chart';

// The Revenue tab's styles (issue 31). Like the Feeds tab (feeds-styles.ts), a lazy chunk carrying its rules in a
// <style> element of its own, on top of the console page's (admin.html): the controls in a row, figures right-aligned
// in tabular digits, the plot's box sized before it is drawn (plot and legend), a skeleton while the figures load.
export const REVENUE_STYLES = `
.revenue-controls {
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
  align-items: flex-start;
}
.revenue-controls > label {
  flex: 0 1 14rem;
}
.revenue-range {
  display: flex;
  flex-wrap: wrap;
  gap: 0 0.75rem;
  align-items: end;
  flex: 1 1 34rem;
}
.revenue-range label {
  flex: 0 1 11rem;
}
.revenue-range .hint,
.revenue-range .error {
  flex-basis: 100%;
  margin: 0 0 0.5rem;
}
.revenue-quick {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  margin-bottom: 0.75rem;
}
.revenue-quick button[aria-pressed='true'] {
  border-color: var(--accent);
  background: #eff6ff;
  font-weight: 700;
}
.revenue .number {
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
}
.revenue-table tbody th[scope='row'],
.revenue-table tfoot th[scope='row'] {
  background: #fff;
  color: var(--ink);
  font-size: 1rem;
  overflow-wrap: anywhere;
  min-width: 10rem;
}
.revenue-table tfoot tr th,
.revenue-table tfoot tr td {
  font-weight: 700;
  border-top: 2px solid var(--line);
}
.revenue-sort {
  border: 0;
  background: none;
  padding: 0.1rem 0;
  min-height: 1.75rem;
  font-weight: 700;
  color: inherit;
  text-align: inherit;
  white-space: nowrap;
}
.revenue-sort-mark {
  color: var(--muted);
}
.revenue-skeleton {
  display: inline-block;
  width: 4rem;
  height: 1rem;
  border-radius: 6px;
  background: linear-gradient(90deg, #e5e7eb, #f3f4f6, #e5e7eb);
}
.revenue-notes p {
  margin: 0 0 0.5rem;
}
.revenue-chart {
  margin: 0.5rem 0 1rem;
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.5rem 0.75rem;
}
.revenue-chart figcaption {
  font-weight: 700;
  margin-bottom: 0.25rem;
}
.revenue-chart-plot {
  height: calc(${CHART_HEIGHT}px + 2.5rem);
  overflow: hidden;
  min-width: 0;
}
.revenue-chart-plot .u-legend {
  white-space: nowrap;
  overflow-x: auto;
}
.revenue-days summary {
  cursor: pointer;
  padding: 0.25rem 0;
}
.revenue-import,
.revenue-rates {
  margin-top: 1.5rem;
  padding-top: 1rem;
  border-top: 1px solid var(--line);
  max-width: 48rem;
}
.revenue-counts {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.5rem 0;
}
.revenue-counts div {
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.4rem 0.75rem;
  min-width: 7rem;
}
.revenue-counts dt {
  color: var(--muted);
  font-size: 0.85rem;
}
.revenue-counts dd {
  margin: 0;
  font-size: 1.25rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
}
.revenue-rates td input {
  min-width: 5rem;
}
.revenue-rates .field-error {
  display: block;
  margin-top: 0.25rem;
}
@media (max-width: 640px) {
  .revenue .number {
    text-align: left;
  }
  .revenue-table tbody th[scope='row'],
  .revenue-table tfoot th[scope='row'] {
    display: block;
    border: 0;
  }
}
`;
