import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../shared/contract/admin';
import { ConsoleError } from './api';
import { admin } from './admin-client';
import { Pager } from './pager';

// Every admin write, newest first: who, when, what, and the row before and after. Named as an operator knows them
// (issue 26): the store, coupon, tenant or user by name (the id stays in the details), the operator by name.
const PER_PAGE = 25;

export default function AuditList() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      admin('listAudit', { query: { q, page, per_page: PER_PAGE } })
        .then((res) => {
          if (!live) return;
          setRows(res.data);
          setTotal(res.total);
        })
        .catch((err: unknown) => live && setError(err instanceof ConsoleError ? err.message : String(err)));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q, page]);

  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <section className="panel audit" aria-labelledby="audit-title">
      <div className="table-head">
        <h2 id="audit-title">
          Audit <small>({total})</small>
        </h2>
        <label>
          <span className="sr-only">Search the audit</span>
          <input
            type="search"
            placeholder="Search names, email, entity, id"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <ol className="audit-list">
        {rows.map((r) => (
          <Entry key={r.id} r={r} />
        ))}
      </ol>
      <Pager page={page} pages={pages} setPage={setPage} />
    </section>
  );
}

/** One write: who did what to which row, with the row before and after. */
function Entry({ r }: { r: AuditEntry }) {
  return (
    <li>
      <p>
        <time dateTime={r.at}>{new Date(r.at).toLocaleString()}</time> ·{' '}
        {r.user_name !== r.user_email && <>{r.user_name} · </>}
        <strong>{r.user_email}</strong> {r.action} {r.entity}{' '}
        {r.entity_name ? <q>{r.entity_name}</q> : r.entity_id ? <code>{r.entity_id}</code> : null}
        {r.tenant_name && r.entity !== 'tenant' ? <> on {r.tenant_name}</> : null}
      </p>
      <details>
        <summary>Before / after{r.entity_id ? <span className="sr-only"> (id {r.entity_id})</span> : null}</summary>
        {r.entity_id && <p className="hint">id {r.entity_id}</p>}
        <div className="diff">
          <pre aria-label="Before">{JSON.stringify(r.before, null, 2) ?? 'null'}</pre>
          <pre aria-label="After">{JSON.stringify(r.after, null, 2) ?? 'null'}</pre>
        </div>
      </details>
    </li>
  );
}
