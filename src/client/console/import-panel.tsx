import { useState } from 'react';
import type { ImportKind, ImportReport } from '../../shared/contract/admin';
import { ConsoleError } from './api';
import { admin } from './admin-client';

// CSV import of an affiliate feed: a dry run first (every refused row with its line), then the import itself, which
// writes all rows or none.
const COLUMNS: Record<ImportKind, string> = {
  coupons:
    'offer_id, advertiser, title, category, deeplink (required); description, code, start_date, end_date, exclusive',
  stores: 'store_key, name (required); slug, website_url, description, image, tenants (hosts separated by |)',
};

/** The CSV (a file's or pasted), its kind, and the dry run or import of it with its report. */
function useImport() {
  const [kind, setKind] = useState<ImportKind>('coupons');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(dryRun: boolean) {
    setBusy(true);
    setError(null);
    try {
      const res = await admin('importRows', {
        params: { kind },
        query: dryRun ? { dry_run: '1' } : {},
        text: { body: text, type: 'text/csv' },
        accept: [422],
      });
      setReport(res);
    } catch (err) {
      setReport(null);
      setError(err instanceof ConsoleError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  // A new CSV: its report is gone (the Import button waits for its own dry run).
  async function loadFile(file: File) {
    setFileName(file.name);
    setText(await file.text());
    setReport(null);
  }
  const paste = (csv: string) => {
    setText(csv);
    setFileName('');
    setReport(null);
  };
  return { kind, setKind, text, fileName, busy, report, error, run, loadFile, paste };
}

export default function ImportPanel() {
  const { kind, setKind, text, fileName, busy, report, error, run, loadFile, paste } = useImport();
  return (
    <section className="panel import" aria-labelledby="import-title">
      <h2 id="import-title">CSV import</h2>
      <label>
        What the file holds
        <select value={kind} onChange={(e) => setKind(e.target.value as ImportKind)}>
          <option value="coupons">Coupons (affiliate feed)</option>
          <option value="stores">Stores</option>
        </select>
      </label>
      <p className="hint">Columns: {COLUMNS[kind]}. Dates: YYYY-MM-DD or ISO 8601. Rows are matched by their id.</p>
      <label>
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            await loadFile(file);
          }}
        />
      </label>
      <label>
        Or paste the CSV
        <textarea rows={6} className="code" value={text} onChange={(e) => paste(e.target.value)} />
      </label>
      <div className="actions">
        <button type="button" disabled={busy || !text.trim()} onClick={() => void run(true)}>
          Dry run
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || !text.trim() || !report?.success || !report.data.dry_run}
          onClick={() => void run(false)}
        >
          Import{fileName ? ` ${fileName}` : ''}
        </button>
        {busy && <span role="status">Working…</span>}
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {report && <Report report={report} />}
    </section>
  );
}

/** The run's message and the rows it refused, each with its line. */
function Report({ report }: { report: ImportReport }) {
  return (
    <div className="report" role="status">
      <p className={report.success ? 'ok' : 'error'}>{report.message}</p>
      {report.data.errors.length > 0 && (
        <table>
          <caption>Refused rows</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {report.data.errors.map((e, i) => (
              <tr key={i}>
                <td>{e.line}</td>
                <td>{e.column ?? '—'}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
