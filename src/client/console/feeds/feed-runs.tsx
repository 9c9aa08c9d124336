import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Feed, FeedRun } from '../../../shared/contract/feeds';
import { admin } from '../admin-client';
import { useLoad } from '../use-load';
import { Skeleton } from './advertiser-map';
import { RunCounts } from './feed-list';
import { fullTime, isActive, messageOf, plural, relativeTime, runKind, runTime, statusWord } from './feed-words';
import { RunReport } from './run-report';

// Issue 30: a feed's runs. "Dry run" and "Sync now" queue one (202); the tab then asks for it every second until it
// is done or failed (and stops asking when the tab goes), shows its diff, and lists the last runs.

export const POLL_MS = 1000;

/** The run being watched: started here, or one already under way when the tab opened. */
function useRunWatch(feed: Feed, onFinished: (run: FeedRun) => void) {
  const [run, setRun] = useState<FeedRun | null>(feed.last_run);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [retry, setRetry] = useState(0);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    if (!run || !isActive(run)) return;
    let live = true;
    const timer = setTimeout(() => {
      admin('getFeedRun', { params: { id: run.feed_id, run: run.id } })
        .then((res) => {
          if (!live) return;
          setError(null);
          setRun(res.data);
          if (!isActive(res.data)) finished.current(res.data);
        })
        .catch((err: unknown) => {
          if (!live) return;
          setError(`Lost touch with the run (${messageOf(err)}); asking again…`);
          setRetry((n) => n + 1);
        });
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [run, retry]);

  async function start(dryRun: boolean) {
    setStarting(true);
    setError(null);
    try {
      const res = await admin('startFeedRun', { params: { id: feed.id }, body: { dry_run: dryRun } });
      setRun(res.data);
      if (!isActive(res.data)) finished.current(res.data);
    } catch (err) {
      setError(`${dryRun ? 'The dry run' : 'The sync'} could not start: ${messageOf(err)}`);
    } finally {
      setStarting(false);
    }
  }
  return { run, starting, error, start, busy: starting || (run !== null && isActive(run)) };
}

function endedText(r: FeedRun): string {
  const what = `${runKind(r)} #${r.id}`;
  if (r.status === 'failed') return `${what} failed: ${r.error ?? 'no reason given'}`;
  return `${what} done: ${r.added} added, ${r.changed} changed, ${r.expired} expired, ${r.refused} refused.`;
}

function Progress({ run }: { run: FeedRun }) {
  const what = run.dry_run ? 'Dry run' : 'Sync';
  return (
    <div className="feed-progress">
      <progress aria-label={`${what} in progress`} />
      <p role="status">
        {run.status === 'queued'
          ? `${what} queued: waiting for a worker…`
          : `${what} running: ${plural(run.records, 'record')} read so far…`}
      </p>
    </div>
  );
}

export function RunsTab(props: { feed: Feed; onFinished: () => void; onMap: () => void }) {
  const { feed } = props;
  const read = useCallback(async () => (await admin('listFeedRuns', { params: { id: feed.id } })).data, [feed.id]);
  const history = useLoad(read);
  const reloadHistory = history.load;
  const { onFinished } = props;
  // Said once a watched run ends (the progress line it replaces goes with it).
  const [ended, setEnded] = useState('');
  const watch = useRunWatch(
    feed,
    useCallback(
      (r: FeedRun) => {
        setEnded(endedText(r));
        void reloadHistory();
        onFinished();
      },
      [reloadHistory, onFinished],
    ),
  );
  const { run } = watch;
  // A past run chosen from the list; the watched one (latest) otherwise, and again once a run starts.
  const [picked, setPicked] = useState<FeedRun | null>(null);
  const shown = picked ?? run;
  const start = (dryRun: boolean) => {
    setPicked(null);
    void watch.start(dryRun);
  };
  return (
    <>
      <div className="actions">
        <button type="button" disabled={watch.busy} onClick={() => start(true)}>
          Dry run
        </button>
        <button type="button" className="primary" disabled={watch.busy} onClick={() => start(false)}>
          Sync now
        </button>
        <span className="hint">A dry run reads the feed and shows what a sync would change; nothing is written.</span>
      </div>
      {watch.starting && <p role="status">Queuing…</p>}
      {run && isActive(run) && <Progress run={run} />}
      {watch.error && (
        <p role="alert" className="error">
          {watch.error}
        </p>
      )}
      <p role="status" className="sr-only">
        {ended}
      </p>
      {shown && isActive(shown) ? null : shown ? (
        <RunReport run={shown} onMap={props.onMap} />
      ) : (
        <p className="empty">
          No run yet. Start with a <strong>Dry run</strong>: it reads the feed, lists its advertisers for you to map,
          and shows what a sync would do, without writing anything.
        </p>
      )}
      <RunHistory history={history} shown={shown?.id ?? null} onShow={(r) => setPicked(r.id === run?.id ? null : r)} />
    </>
  );
}

function RunHistory(props: {
  history: ReturnType<typeof useLoad<FeedRun[]>>;
  shown: number | null;
  onShow: (run: FeedRun) => void;
}) {
  const { data: runs, error, loading } = props.history;
  const id = useId();
  return (
    <section className="feed-history" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Last runs</h4>
      {error && (
        <p role="alert" className="error">
          The runs could not be loaded: {error}
        </p>
      )}
      {loading && !runs && <Skeleton rows={2} />}
      {runs?.length === 0 && <p className="hint">None yet.</p>}
      {runs && runs.length > 0 && (
        <div className="scroll">
          <table>
            <caption className="sr-only">The feed&apos;s last runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Run</th>
                <th scope="col">Status</th>
                <th scope="col">Result</th>
                <th scope="col">
                  <span className="sr-only">Diff</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} aria-current={r.id === props.shown ? 'true' : undefined}>
                  <td data-label="When">
                    <time dateTime={runTime(r)} title={fullTime(runTime(r))}>
                      {relativeTime(runTime(r))}
                    </time>
                  </td>
                  <td data-label="Run">
                    <span>
                      {runKind(r)} #{r.id} <small>({r.trigger})</small>
                    </span>
                  </td>
                  <td data-label="Status">{statusWord(r)}</td>
                  <td data-label="Result">
                    {r.status === 'done' || r.records > 0 ? <RunCounts run={r} /> : <span className="hint">—</span>}
                  </td>
                  <td className="row-actions">
                    <button type="button" disabled={r.id === props.shown} onClick={() => props.onShow(r)}>
                      {r.id === props.shown ? 'Shown above' : `Show run #${r.id}`}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
