// The overview panel's styles (issue 26). The console draws with styles of its own page, never the shop's stylesheet
// (vite.config.ts: one stylesheet for the whole shop, not linked from admin.html), so the panel carries its rules in a
// <style> element of its own: a table of tenants × figures; at phone width each tenant a card of labelled figures.
export const OVERVIEW_STYLES = `
.overview-table th[scope='row'] {
  background: #fff;
  font-size: 1rem;
  color: var(--ink);
  min-width: 11rem;
}
.overview-tenant {
  display: grid;
  gap: 0.1rem;
}
.overview-name {
  font-weight: 700;
}
.overview-tenant small {
  color: var(--muted);
  font-weight: 400;
  font-size: 0.8rem;
  line-height: 1.2rem;
  min-height: 1.2rem;
}
.overview-figure {
  display: grid;
  align-content: center;
  justify-items: start;
  gap: 0.1rem;
  width: 100%;
  min-width: 8rem;
  min-height: 3.6rem;
  padding: 0.35rem 0.6rem;
  text-align: left;
  font-weight: 400;
  line-height: 1.3;
}
button.overview-figure {
  border-color: #e5e7eb;
}
.overview-today strong {
  font-size: 1.35rem;
  font-variant-numeric: tabular-nums;
}
.overview-week {
  color: var(--muted);
  font-size: 0.85rem;
  font-variant-numeric: tabular-nums;
}
.overview-attention {
  background: #fef3c7;
}
.overview-attention .overview-week {
  color: #78350f;
}
.overview-skeleton,
.overview-tenant .skeleton-line {
  display: block;
  border-radius: 6px;
  background: linear-gradient(90deg, #e5e7eb, #f3f4f6, #e5e7eb);
}
.overview-tenant .skeleton-line {
  width: 9rem;
}
.overview-reported h4 {
  margin: 0.75rem 0 0.25rem;
  font-size: 0.95rem;
}
.overview-reported ul {
  list-style: none;
  margin: 0;
  padding: 0;
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 8px;
}
.overview-reported li {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 1rem;
  padding: 0.45rem 0.6rem;
  border-bottom: 1px solid #e5e7eb;
}
.overview-reported li:last-child {
  border-bottom: 0;
}
.overview-reported li > span:first-child {
  flex: 1 1 16rem;
  overflow-wrap: anywhere;
}
.overview-votes {
  color: var(--muted);
  font-variant-numeric: tabular-nums;
}
@media (max-width: 640px) {
  /* Each tenant a card: its name, then two figures a row, each labelled by its column's name. */
  .overview-table tr {
    display: grid;
    grid-template-columns: 1fr 1fr;
    align-items: end;
    gap: 0.4rem;
    padding: 0.6rem;
  }
  .overview-table th[scope='row'] {
    grid-column: 1 / -1;
    padding: 0;
    border: 0;
  }
  .overview-table td {
    display: grid;
    grid-template-columns: 1fr;
    gap: 0.15rem;
    padding: 0;
    min-width: 0;
  }
  .overview-table td::before {
    font-size: 0.8rem;
    line-height: 1.2;
  }
  .overview-figure {
    min-width: 0;
  }
}
`;
