import { useId, useState, type FormEvent } from 'react';
import {
  REPORT_FORMAT_NAMES,
  REPORT_FORMATS,
  type CommissionImportSummary,
  type ReportFormat,
} from '../../../shared/contract/revenue';
import { ConsoleError } from '../api';
import { importReport } from './revenue-api';
import { formatCount } from './revenue-format';

// Admins: a network's transaction report (docs/revenue.md names each format's fields) read into the transactions;
// what the import did comes back as counts and the rows it could not take, each with where it is in the file.

const acceptOf = (format: ReportFormat) => (format.endsWith('-csv') ? '.csv,text/csv' : '.json,application/json');

function useReportImport(onImported: () => void) {
  const [format, setFormat] = useState<ReportFormat>(REPORT_FORMATS[0]);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ summary: CommissionImportSummary; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError('Choose the report file first.');
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await importReport(format, file));
      onImported();
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return { format, setFormat, file, setFile, busy, result, error, submit };
}

export function RevenueImport({ onImported }: { onImported: () => void }) {
  const id = useId();
  const { format, setFormat, file, setFile, busy, result, error, submit } = useReportImport(onImported);
  return (
    <section className="revenue-import" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Import a transaction report</h3>
      <p className="hint">
        A network&apos;s report of transactions: each finds its click by the sub-ID it carries. Importing a report again
        updates the transactions it holds (their state, their amounts); nothing is counted twice.
      </p>
      <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
        <label>
          Report format
          <select value={format} onChange={(e) => setFormat(e.target.value as ReportFormat)}>
            {REPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {REPORT_FORMAT_NAMES[f]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Report file
          <input type="file" accept={acceptOf(format)} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <div className="actions">
          <button type="submit" disabled={busy || !file} aria-busy={busy}>
            {busy ? 'Importing…' : 'Import report'}
          </button>
          <span role="status">{busy ? `Importing ${file?.name ?? 'the report'}…` : ''}</span>
        </div>
      </form>
      {error && (
        <p role="alert" className="error">
          The report could not be imported: {error}
        </p>
      )}
      {result && <ImportSummary summary={result.summary} message={result.message} />}
    </section>
  );
}

type CountKey = 'records' | 'added' | 'changed' | 'unchanged' | 'refused' | 'unmatched';
const COUNTS: readonly { key: CountKey; label: string }[] = [
  { key: 'records', label: 'Rows read' },
  { key: 'added', label: 'Added' },
  { key: 'changed', label: 'Changed' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'refused', label: 'Refused' },
  { key: 'unmatched', label: 'Unmatched (no click)' },
];

/** What an import did, count by count (the upload's summary and a scheduled source's run show the same). */
export function ImportCounts({ summary }: { summary: CommissionImportSummary }) {
  return (
    <dl className="revenue-counts">
      {COUNTS.map((c) => (
        <div key={c.key}>
          <dt>{c.label}</dt>
          <dd>{formatCount(summary[c.key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function ImportSummary({ summary, message }: { summary: CommissionImportSummary; message: string }) {
  const nothing = summary.records === summary.refused;
  return (
    <div className="revenue-import-summary" role="status">
      <p className={nothing ? 'error' : 'ok'}>
        {summary.file_name} ({REPORT_FORMAT_NAMES[summary.format]}): {message}
      </p>
      <ImportCounts summary={summary} />
      {summary.problems.length > 0 && (
        <div className="scroll">
          <table>
            <caption>
              Rows not taken{summary.refused > summary.problems.length ? ` (the first ${summary.problems.length})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Where</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {summary.problems.map((p, i) => (
                <tr key={i}>
                  <td data-label="Where">{p.where}</td>
                  <td data-label="Problem">{p.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
