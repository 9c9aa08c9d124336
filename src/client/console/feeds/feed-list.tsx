import type { AdminTenant } from '../../../shared/contract/admin';
import type { Feed, FeedRun } from '../../../shared/contract/feeds';
import {
  COUNTS,
  formatName,
  fullTime,
  plural,
  relativeTime,
  runKind,
  runTime,
  scheduleOf,
  sourceOf,
  statusWord,
  tenantNames,
} from './feed-words';

// Issue 30: the feeds at a glance, one row each (a card each at phone width): where it comes from, whom it feeds,
// when it syncs, how its last run went, and how many of its advertisers still wait for a store.

export type FeedTab = 'runs' | 'advertisers' | 'settings';

/** "+12 ~0 −1 ⚠2": signs for the eye, words for a screen reader. */
export function RunCounts({ run }: { run: FeedRun }) {
  return (
    <span className="feed-run-counts">
      {COUNTS.map((c) => (
        <span key={c.key} className={`feed-count-${c.key}`} data-zero={run[c.key] === 0 || undefined}>
          <span aria-hidden="true">
            {c.sign}
            {run[c.key].toLocaleString('en-GB')}
          </span>
          <span className="sr-only">
            {run[c.key]} {c.word},{' '}
          </span>
        </span>
      ))}
    </span>
  );
}

function LastRun({ run }: { run: FeedRun | null }) {
  if (!run) return <span className="hint">Never run</span>;
  const time = runTime(run);
  return (
    <div className="feed-last-run">
      <span>
        <span className={`feed-status feed-status-${run.status}`}>
          {runKind(run)} {statusWord(run)}
        </span>{' '}
        <time dateTime={time} title={fullTime(time)}>
          {relativeTime(time)}
        </time>
      </span>
      {run.status === 'failed' ? (
        <small className="error">{run.error}</small>
      ) : (
        run.status === 'done' && <RunCounts run={run} />
      )}
    </div>
  );
}

function Tenants({ ids, tenants }: { ids: readonly string[]; tenants: readonly AdminTenant[] }) {
  const names = tenantNames(ids, tenants);
  const shown = names.slice(0, 3);
  return (
    <span>
      {shown.join(', ')}
      {names.length > shown.length && <small> and {names.length - shown.length} more</small>}
    </span>
  );
}

function FeedRow(props: { f: Feed; tenants: readonly AdminTenant[]; onOpen: (f: Feed, tab: FeedTab) => void }) {
  const { f } = props;
  return (
    <tr className={f.enabled ? undefined : 'paused'} data-feed={f.id}>
      <th scope="row" data-label="Feed">
        <button type="button" className="link feed-open" onClick={() => props.onOpen(f, 'runs')}>
          {f.name}
        </button>
      </th>
      <td data-label="Format">{formatName(f)}</td>
      <td data-label="Source" className="feed-source">
        {sourceOf(f)}
      </td>
      <td data-label="Tenants">
        <Tenants ids={f.tenants} tenants={props.tenants} />
      </td>
      <td data-label="Schedule">
        <span>
          {scheduleOf(f.every_hours)}
          {f.enabled && f.every_hours > 0 && f.next_run_at && (
            <small className="feed-next"> · next {relativeTime(f.next_run_at)}</small>
          )}
        </span>
      </td>
      <td data-label="Enabled">{f.enabled ? 'Enabled' : 'Disabled'}</td>
      <td data-label="Last run">
        <LastRun run={f.last_run} />
      </td>
      <td data-label="Advertisers">
        <span className="feed-advertiser-count">
          {f.advertisers}
          {f.unmapped_advertisers > 0 && (
            <button
              type="button"
              className="feed-badge feed-badge-warn"
              aria-label={`${f.unmapped_advertisers} unmapped advertisers of ${f.name}: map them`}
              onClick={() => props.onOpen(f, 'advertisers')}
            >
              {f.unmapped_advertisers} unmapped
            </button>
          )}
        </span>
      </td>
    </tr>
  );
}

export function FeedTable(props: {
  feeds: readonly Feed[];
  tenants: readonly AdminTenant[];
  onOpen: (f: Feed, tab: FeedTab) => void;
}) {
  return (
    <div className="scroll">
      <table className="feed-table">
        <caption className="sr-only">{plural(props.feeds.length, 'feed')}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Feed</th>
            <th scope="col">Format</th>
            <th scope="col">Source</th>
            <th scope="col">Tenants</th>
            <th scope="col">Schedule</th>
            <th scope="col">Enabled</th>
            <th scope="col">Last run</th>
            <th scope="col">Advertisers</th>
          </tr>
        </thead>
        <tbody>
          {props.feeds.map((f) => (
            <FeedRow key={f.id} f={f} tenants={props.tenants} onOpen={props.onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
