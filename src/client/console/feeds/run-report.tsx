import { useId } from 'react';
import type { FeedRun, FeedRunSample } from '../../../shared/contract/feeds';
import { fullTime, isActive, plural, runKind, runTime, statusWord } from './feed-words';

// Issue 30: what one run did (or, a dry run, would do): its counts, and up to 20 samples of each group, the refused
// records with where and why.

const TILES = [
  { key: 'added', label: 'Added', sign: '+' },
  { key: 'changed', label: 'Changed', sign: '~' },
  { key: 'expired', label: 'Expired', sign: '−' },
  { key: 'refused', label: 'Refused', sign: '⚠' },
  { key: 'unmapped', label: 'Unmapped (held back)', sign: '' },
  { key: 'unchanged', label: 'Unchanged', sign: '' },
] as const;

const GROUPS = [
  { key: 'refused', label: 'Refused', note: 'Where and why' },
  { key: 'added', label: 'Added', note: 'Note' },
  { key: 'changed', label: 'Changed', note: 'What changed' },
  { key: 'expired', label: 'Expired', note: 'Note' },
] as const;

function duration(run: FeedRun): string | null {
  if (!run.started_at || !run.finished_at) return null;
  const s = Math.max(0, Math.round((Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

function Samples(props: {
  label: string;
  note: string;
  count: number;
  samples: readonly FeedRunSample[];
  open: boolean;
}) {
  const { samples, count } = props;
  // A refused record may have no id, advertiser or title yet: such a column is left out.
  const has = {
    offer_id: samples.some((s) => s.offer_id),
    advertiser: samples.some((s) => s.advertiser),
    title: samples.some((s) => s.title),
  };
  return (
    <details className="feed-samples" open={props.open}>
      <summary>
        {props.label}: {count > samples.length ? `${samples.length} of ${count} shown` : plural(count, 'offer')}
      </summary>
      <div className="scroll">
        <table>
          <caption className="sr-only">{props.label} offers</caption>
          <thead>
            <tr>
              {has.offer_id && <th scope="col">Offer id</th>}
              {has.advertiser && <th scope="col">Advertiser</th>}
              {has.title && <th scope="col">Title</th>}
              <th scope="col">{props.note}</th>
            </tr>
          </thead>
          <tbody>
            {samples.map((s, i) => (
              <tr key={`${s.offer_id}-${i}`}>
                {has.offer_id && (
                  <td data-label="Offer id">
                    <code>{s.offer_id || '—'}</code>
                  </td>
                )}
                {has.advertiser && <td data-label="Advertiser">{s.advertiser || '—'}</td>}
                {has.title && <td data-label="Title">{s.title || '—'}</td>}
                <td data-label={props.note}>{s.note || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function RunReport({ run, onMap }: { run: FeedRun; onMap?: () => void }) {
  const id = useId();
  const took = duration(run);
  const time = runTime(run);
  return (
    <article className="feed-run" aria-labelledby={`${id}-title`} data-run={run.id}>
      <h4 id={`${id}-title`}>
        {runKind(run)} #{run.id} · {statusWord(run)} · <time dateTime={time}>{fullTime(time)}</time>
      </h4>
      {run.dry_run && (
        <p className="feed-dry">
          <strong>Dry run: nothing was written.</strong> These are the changes a sync would make now.
        </p>
      )}
      {run.status === 'failed' && (
        <p role="alert" className="error">
          The run failed: {run.error ?? 'no reason given'}
        </p>
      )}
      {/* A run that failed before reading anything has no counts to show. */}
      {(run.status !== 'failed' || run.records > 0) && (
        <>
          <p className="hint">
            {plural(run.records, 'record')} read{took ? ` in ${took}` : ''}
            {isActive(run) ? ' so far' : ''}.
          </p>
          <dl className="feed-counts">
            {TILES.map((t) => (
              <div key={t.key} className={`feed-count feed-count-${t.key}`} data-zero={run[t.key] === 0 || undefined}>
                <dt>{t.label}</dt>
                <dd>
                  <span aria-hidden="true">{t.sign}</span>
                  {run[t.key].toLocaleString('en-GB')}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {run.unmapped > 0 && onMap && (
        <p className="warning">
          {plural(run.unmapped, 'offer')} of unmapped advertisers {run.unmapped === 1 ? 'was' : 'were'} held back.{' '}
          <button type="button" className="link" onClick={onMap}>
            Map the advertisers
          </button>
        </p>
      )}
      {GROUPS.map((g) =>
        run.samples[g.key].length === 0 ? null : (
          <Samples
            key={g.key}
            label={g.label}
            note={g.note}
            count={run[g.key]}
            samples={run.samples[g.key]}
            open={g.key === 'refused'}
          />
        ),
      )}
    </article>
  );
}
