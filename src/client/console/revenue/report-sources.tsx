import { useId, useState } from 'react';
import {
  commissionSourceImportPath,
  commissionSourcePath,
  commissionSourcesPath,
  type CommissionSource,
  type CommissionSourceAnswer,
  type CommissionSourceCreate,
  type CommissionSourceListAnswer,
  type CommissionSourceUpdate,
} from '../../../shared/contract/commission-sources';
import {
  REPORT_FORMAT_NAMES,
  type CommissionImportAnswer,
  type CommissionImportSummary,
} from '../../../shared/contract/revenue';
import { call, ConsoleError } from '../api';
import { fullTime } from '../feeds/feed-words';
import { useLoad } from '../use-load';
import { formatCount } from './revenue-format';
import { ReportSourceForm } from './report-source-form';
import { ImportCounts } from './revenue-import';

// Issue 31, item 2 (docs/revenue.md "Scheduled sources"), admins: the networks' report URLs the server fetches on a
// schedule with the account's credentials and imports as an uploaded report is (nothing counted twice). Each source
// shows its last run: what it imported, or the error that stopped it; "Import now" runs it at once.

const readSources = async (): Promise<CommissionSource[]> =>
  (await call<CommissionSourceListAnswer>(commissionSourcesPath)).data;

async function saveSource(
  source: CommissionSource | null,
  body: CommissionSourceCreate | CommissionSourceUpdate,
): Promise<string> {
  const answer = source
    ? await call<CommissionSourceAnswer>(commissionSourcePath(source.id), { method: 'PATCH', body })
    : await call<CommissionSourceAnswer>(commissionSourcesPath, { method: 'POST', body });
  return answer.message ?? 'Report source saved.';
}

type RunOutcome = { name: string } & ({ summary: CommissionImportSummary; message: string } | { error: string });

async function importNow(source: CommissionSource): Promise<RunOutcome> {
  try {
    const answer = await call<CommissionImportAnswer>(commissionSourceImportPath(source.id), { method: 'POST' });
    return { name: source.name, summary: answer.data, message: answer.message };
  } catch (err) {
    return { name: source.name, error: err instanceof ConsoleError ? err.message : String(err) };
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const schedule = (s: CommissionSource) =>
  !s.enabled ? 'Disabled' : s.every_hours === 0 ? 'Only from here' : `Every ${s.every_hours} h`;

const importWords = (i: CommissionImportSummary) =>
  `${formatCount(i.added)} new, ${formatCount(i.changed)} changed of ${formatCount(i.records)} rows`;

/** The list and what an admin does with it: import now, remove, add or edit. */
function useReportSources(onImported: () => void) {
  const { data: sources, loading, error, load } = useLoad(readSources);
  const [editing, setEditing] = useState<CommissionSource | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function run(source: CommissionSource) {
    setBusy(source.id);
    setOutcome(null);
    const result = await importNow(source);
    setOutcome(result);
    setBusy(null);
    await load();
    if ('summary' in result) onImported();
  }
  async function remove(source: CommissionSource) {
    if (!window.confirm(`Remove the report source “${source.name}”? The transactions it imported stay.`)) return;
    setFailure(null);
    try {
      await call(commissionSourcePath(source.id), { method: 'DELETE' });
      setNotice(`Removed “${source.name}”.`);
      await load();
    } catch (err) {
      setFailure(err instanceof ConsoleError ? err.message : String(err));
    }
  }
  async function save(body: CommissionSourceCreate | CommissionSourceUpdate) {
    const source = editing === 'new' ? null : editing;
    setNotice(await saveSource(source, body));
    setEditing(null);
    await load();
  }

  return { sources, loading, error, load, editing, setEditing, busy, outcome, notice, failure, run, remove, save };
}

export function ReportSources({ onImported }: { onImported: () => void }) {
  const id = useId();
  const { sources, loading, error, load, editing, setEditing, busy, outcome, notice, failure, run, remove, save } =
    useReportSources(onImported);
  return (
    <section className="revenue-import report-sources" aria-labelledby={`${id}-title`}>
      <div className="table-head">
        <h3 id={`${id}-title`}>Scheduled report sources</h3>
        <div className="actions">
          <button type="button" onClick={() => setEditing('new')} disabled={editing !== null}>
            Add a source
          </button>
        </div>
      </div>
      <p className="hint">
        A URL a network publishes its transaction report at, fetched on a schedule with the account&apos;s credentials
        (stored encrypted, never shown again) and imported like a report file: nothing is counted twice.
      </p>
      <p role="status" className="sr-only">
        {loading ? 'Loading the report sources…' : notice}
      </p>
      {error && (
        <p role="alert" className="error">
          The report sources could not be loaded: {error}{' '}
          <button type="button" onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {failure && (
        <p role="alert" className="error">
          The source could not be removed: {failure}
        </p>
      )}
      {editing !== null && (
        <ReportSourceForm
          key={editing === 'new' ? 'new' : editing.id}
          source={editing === 'new' ? null : editing}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {sources && sources.length === 0 && (
        <p className="empty">No report source yet: add one to import on a schedule.</p>
      )}
      {sources && sources.length > 0 && (
        <SourceTable
          sources={sources}
          busy={busy}
          onImport={(s) => void run(s)}
          onEdit={setEditing}
          onRemove={(s) => void remove(s)}
        />
      )}
      <RunResult outcome={outcome} busyName={sources?.find((s) => s.id === busy)?.name ?? null} />
    </section>
  );
}

function SourceTable(props: {
  sources: CommissionSource[];
  busy: number | null;
  onImport: (s: CommissionSource) => void;
  onEdit: (s: CommissionSource) => void;
  onRemove: (s: CommissionSource) => void;
}) {
  return (
    <div className="scroll">
      <table>
        <caption className="sr-only">Report sources</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Format</th>
            <th scope="col">URL host</th>
            <th scope="col">Schedule</th>
            <th scope="col">Last run</th>
            <th scope="col">Last result</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.sources.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.name}</th>
              <td data-label="Format">{REPORT_FORMAT_NAMES[s.format]}</td>
              <td data-label="URL host">{hostOf(s.url)}</td>
              <td data-label="Schedule">{schedule(s)}</td>
              <td data-label="Last run">{s.last_run_at ? fullTime(s.last_run_at) : 'Never'}</td>
              <td data-label="Last result">
                {s.last_error ? (
                  <span className="error">{s.last_error}</span>
                ) : s.last_import ? (
                  importWords(s.last_import)
                ) : (
                  <span className="hint">—</span>
                )}
              </td>
              <td data-label="Actions">
                <div className="actions">
                  <button
                    type="button"
                    onClick={() => props.onImport(s)}
                    disabled={props.busy !== null}
                    aria-busy={props.busy === s.id}
                    aria-label={`Import now: ${s.name}`}
                  >
                    {props.busy === s.id ? 'Importing…' : 'Import now'}
                  </button>
                  <button type="button" onClick={() => props.onEdit(s)} aria-label={`Edit ${s.name}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => props.onRemove(s)}
                    aria-label={`Remove ${s.name}`}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RunResult({ outcome, busyName }: { outcome: RunOutcome | null; busyName: string | null }) {
  if (busyName) return <p role="status">Importing {busyName}…</p>;
  if (!outcome) return <p role="status" className="sr-only" />;
  if ('error' in outcome)
    return (
      <p role="alert" className="error">
        {outcome.name} could not be imported: {outcome.error}
      </p>
    );
  return (
    <div className="revenue-import-summary" role="status">
      <p className="ok">
        {outcome.name}: {outcome.message}
      </p>
      <ImportCounts summary={outcome.summary} />
    </div>
  );
}
