// The Feeds tab's styles (issue 30). Like the layout studio (studio-styles.ts), the tab is a lazy chunk that carries
// its rules in a <style> element of its own, on top of the console page's (admin.html): tables that become a card per
// row at phone width, the run's counts as tiles, the store search's list, a loading skeleton.
export const FEEDS_STYLES = `
.feeds button.link {
  border: 0;
  background: none;
  color: var(--accent);
  text-decoration: underline;
  padding: 0.25rem 0;
  min-height: 1.75rem;
  text-align: left;
}
.feeds tbody th[scope='row'] {
  background: #fff;
  color: var(--ink);
  font-size: 1rem;
}
.feeds .feed-open {
  font-weight: 700;
  min-width: 6rem;
}
.feeds td small,
.feeds th small,
.feed-detail h2 small {
  color: var(--muted);
}
.feeds .actions {
  margin: 0.5rem 0;
}
.feed-detail > .link {
  margin-bottom: 0.25rem;
}
.feed-detail h2 {
  margin-bottom: 0.25rem;
}
.feed-tabpanel {
  padding-top: 0.25rem;
}
.feed-empty ol {
  margin: 0.5rem 0 1rem;
  padding-left: 1.25rem;
}
.feed-empty p {
  margin: 0;
}
.feed-badge {
  display: inline-block;
  border: 1px solid var(--line);
  border-radius: 999px;
  padding: 0.05rem 0.55rem;
  font-size: 0.8rem;
  font-weight: 600;
  background: #fff;
  color: var(--ink);
  min-height: 0;
  white-space: nowrap;
}
.feed-badge-warn {
  background: #fef3c7;
  border-color: #f59e0b;
  color: #92400e;
}
button.feed-badge {
  min-height: 1.75rem;
  cursor: pointer;
}
button.feed-badge-warn:hover:not(:disabled) {
  border-color: #92400e;
}
.feed-advertiser-count {
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
}
.feed-suggestion {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 0.75rem;
}
.feed-last-run,
.feed-advertiser,
.feed-prefer {
  display: grid;
  gap: 0.2rem;
  justify-items: start;
}
.feed-advertiser small {
  font-weight: 400;
  overflow-wrap: anywhere;
}
.feed-status {
  font-weight: 600;
}
.feed-status-failed {
  color: var(--danger);
}
.feed-status-done {
  color: var(--ok);
}
.feed-source {
  overflow-wrap: break-word;
  min-width: 9rem;
}
.feed-last-run small {
  max-width: 24rem;
  overflow-wrap: anywhere;
}
.feed-run-counts {
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0 0.6rem;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
}
.feed-count-added { color: var(--ok); }
.feed-count-changed { color: var(--accent); }
.feed-count-expired { color: #374151; }
.feed-count-refused { color: #92400e; }
.feed-run-counts [data-zero] {
  color: var(--muted);
  font-weight: 400;
}
tr.feed-unmapped > th {
  box-shadow: inset 4px 0 0 #f59e0b;
}
.feed-advertisers-box {
  overflow: visible;
}
.feed-advertisers td.number {
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
}
.feed-store {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.5rem;
  align-items: center;
}
.store-picker {
  position: relative;
  flex: 1 1 12rem;
  min-width: 10rem;
}
.store-picker [role='listbox'] {
  position: absolute;
  z-index: 10;
  left: 0;
  right: 0;
  top: calc(100% + 2px);
  margin: 0;
  padding: 0.25rem 0;
  list-style: none;
  background: #fff;
  border: 1px solid #9ca3af;
  border-radius: 6px;
  box-shadow: 0 8px 24px rgb(0 0 0 / 0.12);
  max-height: 16rem;
  overflow-y: auto;
}
.store-picker [role='option'] {
  padding: 0.4rem 0.6rem;
  cursor: pointer;
  display: grid;
  overflow-wrap: anywhere;
}
.store-picker [role='option'] small {
  color: var(--muted);
}
.store-picker [role='option']:hover,
.store-picker [role='option'][aria-selected='true'] {
  background: #dbeafe;
}
.feed-save-bar[data-dirty] {
  position: sticky;
  bottom: 0;
  z-index: 5;
  background: var(--bg);
  padding: 0.5rem 0;
  border-top: 1px solid var(--line);
}
.feed-save-bar p {
  margin: 0;
}
.feed-progress {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.5rem 0.75rem;
  margin-bottom: 0.75rem;
}
.feed-progress p {
  margin: 0;
}
.feed-progress progress {
  width: 10rem;
}
.feed-run {
  background: #fff;
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
}
.feed-run h4 {
  margin: 0 0 0.5rem;
  font-size: 1.05rem;
}
.feed-dry {
  background: #eff6ff;
  border: 1px solid #bfdbfe;
  border-radius: 6px;
  padding: 0.4rem 0.6rem;
  margin: 0 0 0.75rem;
}
.feed-counts {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 8.5rem), 1fr));
  gap: 0.5rem;
  margin: 0 0 0.75rem;
}
.feed-count {
  border: 1px solid var(--line);
  border-radius: 8px;
  padding: 0.4rem 0.6rem;
  background: #f9fafb;
}
.feed-count dt {
  font-size: 0.85rem;
  color: var(--muted);
}
.feed-count dd {
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
}
.feed-count[data-zero] dd {
  color: var(--muted);
  font-weight: 400;
}
.feed-samples {
  margin: 0.5rem 0;
}
.feed-samples summary {
  cursor: pointer;
  font-weight: 600;
  padding: 0.25rem 0;
}
.feed-history h4 {
  margin: 1rem 0 0.25rem;
}
.feed-history tr[aria-current='true'] td {
  background: #eff6ff;
}
.feed-checks {
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1.25rem;
  padding-bottom: 0.75rem;
}
.feed-checks small {
  color: var(--muted);
}
.feed-form fieldset .fields {
  margin-top: 0.5rem;
}
.feed-form .radios {
  margin-bottom: 0.5rem;
}
.feed-form fieldset > .hint {
  font-size: 0.875rem;
}
.feed-skeleton {
  display: grid;
  gap: 0.5rem;
  margin: 0.5rem 0;
}
.feed-skeleton span {
  display: block;
  height: 2.5rem;
  border-radius: 6px;
  background: linear-gradient(90deg, #e5e7eb 25%, #f3f4f6 50%, #e5e7eb 75%) 0 0 / 200% 100%;
  animation: feed-shimmer 1.4s linear infinite;
}
@keyframes feed-shimmer {
  to { background-position: -200% 0; }
}
@media (prefers-reduced-motion: reduce) {
  .feed-skeleton span { animation: none; }
}
@media (max-width: 640px) {
  .feeds tbody th[scope='row'] {
    background: transparent;
    display: grid;
    grid-template-columns: 8.5rem minmax(0, 1fr);
    gap: 0.5rem;
    border: 0;
    padding: 0.35rem 0.6rem 0.2rem;
    overflow-wrap: anywhere;
  }
  .feeds tbody th[scope='row']::before {
    content: attr(data-label);
    font-weight: 600;
    color: var(--muted);
  }
  tr.feed-unmapped > th {
    box-shadow: none;
  }
  tr.feed-unmapped {
    box-shadow: inset 4px 0 0 #f59e0b;
  }
  .feed-save-bar {
    padding: 0.5rem 0.25rem;
  }
  .store-picker {
    min-width: 0;
  }
  .feed-badge {
    white-space: normal;
  }
}
`;
