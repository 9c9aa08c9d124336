import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminTenant } from '../../shared/contract/admin';
import { formatZoned, zoneOf } from '../../shared/console/zoned-date';
import { call, ConsoleError, qs } from './api';
import { CatalogueForm, type FormKind } from './catalogue-forms';

// The catalogue tables (stores, coupons, categories, banners): search, paging, delete with a confirmation. Stores,
// coupons and banners are added and edited with full forms of every field (catalogue-forms.tsx, issue 26); categories
// inline (Edit → fields in the row → Save / Cancel, Escape cancels) with a short "add" form. Coupons and banners also
// have a Pause / Resume button (is_paused: hidden from shoppers), their state in the row's Status column. Dates are
// shown in the tenant's time zone.
type Row = Record<string, unknown>;
type Kind = 'text' | 'bool' | 'number' | 'select';

interface Column {
  key: string;
  label: string;
  edit?: Kind;
  options?: readonly string[];
  /** How the cell shows its value (e.g. a date in the tenant's zone). */
  show?: (value: unknown, tenant: AdminTenant) => string;
}
const zoned = (v: unknown, t: AdminTenant) => (typeof v === 'string' ? formatZoned(v, zoneOf(t.data.time_zone)) : '—');

interface TableSpec {
  id: string;
  title: string;
  list: (tenant: AdminTenant, q: string, page: number) => string;
  rowId: (r: Row) => string;
  path: (r: Row) => string;
  columns: Column[];
  create?: { fields: Column[]; url: string; body: (v: Record<string, string>, tenant: AdminTenant) => object };
  adminOnly?: boolean;
  /** The row has is_paused: a Status column and a Pause / Resume button. */
  pausable?: boolean;
  /** Added and edited with the full form of its kind (no inline edit). */
  form?: FormKind;
}

const PER_PAGE = 20;
const storeSpec: TableSpec = {
  id: 'stores',
  title: 'Stores',
  list: (t, q, page) => `/api/admin/stores${qs({ tenant: t._id, q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r._id),
  path: (r) => `/api/admin/stores/${String(r._id)}`,
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'slug', label: 'Slug' },
    { key: 'website_url', label: 'Website' },
    { key: 'coupons', label: 'Coupons' },
    { key: 'is_paused', label: 'Paused' },
    { key: 'is_archived', label: 'Archived' },
  ],
  form: 'stores',
};
const couponSpec: TableSpec = {
  id: 'coupons',
  title: 'Coupons',
  list: (t, q, page) => `/api/admin/coupons${qs({ tenant: t._id, q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r._id),
  path: (r) => `/api/admin/coupons/${String(r._id)}`,
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'store_name', label: 'Store' },
    { key: 'category', label: 'Category' },
    { key: 'code', label: 'Code', show: (v) => (v === null ? 'deal' : String(v)) },
    { key: 'start_date', label: 'Starts', show: zoned },
    { key: 'expiry_date', label: 'Ends', show: (v, t) => (v === null ? 'never' : zoned(v, t)) },
    { key: 'is_recommended', label: 'Exclusive' },
  ],
  pausable: true,
  form: 'coupons',
};
const categorySpec: TableSpec = {
  id: 'categories',
  title: 'Categories',
  adminOnly: true,
  list: (_t, q, page) => `/api/admin/categories${qs({ q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r.name),
  path: (r) => `/api/admin/categories/${encodeURIComponent(String(r.name))}`,
  columns: [
    { key: 'name', label: 'Name', edit: 'text' },
    { key: 'position', label: 'Position', edit: 'number' },
    { key: 'coupons', label: 'Coupons' },
  ],
  create: { url: '/api/admin/categories', fields: [{ key: 'name', label: 'Name' }], body: (v) => ({ name: v.name }) },
};
const bannerSpec: TableSpec = {
  id: 'banners',
  title: 'Banners',
  list: (t, q, page) => `/api/admin/banners${qs({ tenant: t._id, q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r._id),
  path: (r) => `/api/admin/banners/${String(r._id)}`,
  columns: [
    { key: 'kind', label: 'Kind' },
    { key: 'banner_dimension', label: 'Size' },
    { key: 'image_upload', label: 'Image' },
    { key: 'redirect_url', label: 'Link' },
    { key: 'position', label: 'Position' },
  ],
  pausable: true,
  form: 'banners',
};
const SPECS = [storeSpec, couponSpec, categorySpec, bannerSpec];

const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);
const cell = (c: Column, row: Row, tenant: AdminTenant) => (c.show ? c.show(row[c.key], tenant) : show(row[c.key]));
/** How a row is named to a screen reader (its name, else its link, else its id). */
const nameOf = (spec: TableSpec, row: Row): string => show(row.name ?? row.redirect_url ?? spec.rowId(row));

function Table({ spec, tenant }: { spec: TableSpec; tenant: AdminTenant }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<{ id: string; values: Row } | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  /** The full form open: 'new' (add) or the row being edited. */
  const [open, setOpen] = useState<'new' | Row | null>(null);
  /** The button that opened it, to take focus back when it closes. */
  const opener = useRef<HTMLElement | null>(null);
  const searchId = useId();
  const openForm = (what: 'new' | Row) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(what);
  };
  const addButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const closeForm = () => {
    refocus.current = true;
    setOpen(null);
  };
  // Once the form is gone: back to its opener (the Add button is drawn anew when its form closes: the new one).
  useEffect(() => {
    if (open !== null || !refocus.current) return;
    refocus.current = false;
    const back = opener.current;
    (back?.isConnected ? back : addButton.current)?.focus();
  }, [open]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<{ data: Row[]; total: number }>(spec.list(tenant, q, page));
      setRows(res.data);
      setTotal(res.total);
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof ConsoleError ? err.message : String(err) });
    } finally {
      setLoading(false);
    }
  }, [spec, tenant, q, page]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 200);
    return () => clearTimeout(timer);
  }, [load]);

  /** The server's reason, after what was attempted on which row (e.g. a shared store only an admin may change). */
  const fail = (attempt: string, err: unknown) =>
    setMessage({ kind: 'error', text: `${attempt}. ${err instanceof ConsoleError ? err.message : String(err)}` });

  async function save(row: Row) {
    if (!editing) return;
    const body: Row = {};
    for (const c of spec.columns) {
      if (!c.edit || editing.values[c.key] === row[c.key]) continue;
      const v = editing.values[c.key];
      body[c.key] =
        c.edit === 'number' ? Number(v) : c.key === 'expiry_date' || c.key === 'code' ? (v === '' ? null : v) : v;
    }
    try {
      if (Object.keys(body).length) await call(spec.path(row), { method: 'PATCH', body });
      setEditing(null);
      setMessage({ kind: 'ok', text: 'Saved.' });
      await load();
    } catch (err) {
      fail(`Could not save ${nameOf(spec, row)}`, err);
    }
  }

  async function remove(row: Row) {
    if (!window.confirm(`Delete ${nameOf(spec, row)}?`)) return;
    try {
      await call(spec.path(row), { method: 'DELETE' });
      setMessage({ kind: 'ok', text: 'Deleted.' });
      await load();
    } catch (err) {
      fail(`Could not delete ${nameOf(spec, row)}`, err);
    }
  }

  async function setPaused(row: Row, paused: boolean) {
    try {
      await call(spec.path(row), { method: 'PATCH', body: { is_paused: paused } });
      setMessage({ kind: 'ok', text: `${paused ? 'Paused' : 'Resumed'} ${nameOf(spec, row)}.` });
      await load();
    } catch (err) {
      fail(`Could not ${paused ? 'pause' : 'resume'} ${nameOf(spec, row)}`, err);
    }
  }

  async function create(e: FormEvent) {
    e.preventDefault();
    if (!spec.create) return;
    try {
      await call(spec.create.url, { method: 'POST', body: spec.create.body(draft, tenant) });
      setDraft({});
      setMessage({ kind: 'ok', text: 'Added.' });
      await load();
    } catch (err) {
      fail('Could not add', err);
    }
  }

  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <section className="table-panel" aria-labelledby={`${spec.id}-title`}>
      <div className="table-head">
        <h3 id={`${spec.id}-title`}>
          {spec.title} <small>({total})</small>
        </h3>
        <label htmlFor={searchId} className="sr-only">
          Search {spec.title.toLowerCase()}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={`Search ${spec.title.toLowerCase()}`}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {spec.form && open !== 'new' && (
        <button type="button" className="add-open" ref={addButton} onClick={() => openForm('new')}>
          Add {spec.form.slice(0, -1)}
        </button>
      )}
      {spec.form && open !== null && (
        <CatalogueForm
          kind={spec.form}
          tenant={tenant}
          row={open === 'new' ? null : open}
          onCancel={closeForm}
          onDone={async (text) => {
            closeForm();
            setMessage({ kind: 'ok', text });
            await load();
          }}
        />
      )}
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'error' : 'ok'}>
          {message.text}
        </p>
      )}
      <div className="scroll">
        <table aria-busy={loading}>
          <thead>
            <tr>
              {spec.columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
              {spec.pausable && <th scope="col">Status</th>}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const id = spec.rowId(row);
              const isEditing = editing?.id === id;
              const paused = row.is_paused === true;
              return (
                <tr
                  key={id}
                  className={paused ? 'paused' : undefined}
                  onKeyDown={(e) => {
                    if (isEditing && e.key === 'Escape') setEditing(null);
                  }}
                >
                  {spec.columns.map((c) => (
                    <td key={c.key} data-label={c.label}>
                      {isEditing && c.edit ? (
                        <Cell
                          column={c}
                          value={editing.values[c.key]}
                          onChange={(v) => setEditing({ id, values: { ...editing.values, [c.key]: v } })}
                        />
                      ) : (
                        cell(c, row, tenant)
                      )}
                    </td>
                  ))}
                  {spec.pausable && <td data-label="Status">{paused ? 'Paused' : 'Live'}</td>}
                  <td className="row-actions">
                    {isEditing ? (
                      <>
                        <button type="button" onClick={() => void save(row)}>
                          Save
                        </button>
                        <button type="button" onClick={() => setEditing(null)}>
                          Cancel
                        </button>
                      </>
                    ) : (
                      <>
                        <button
                          type="button"
                          onClick={() => (spec.form ? openForm(row) : setEditing({ id, values: { ...row } }))}
                          aria-label={`Edit ${nameOf(spec, row)}`}
                          aria-expanded={
                            spec.form ? open !== null && open !== 'new' && spec.rowId(open) === id : undefined
                          }
                        >
                          Edit
                        </button>
                        {spec.pausable && (
                          <button
                            type="button"
                            onClick={() => void setPaused(row, !paused)}
                            aria-label={`${paused ? 'Resume' : 'Pause'} ${nameOf(spec, row)}`}
                          >
                            {paused ? 'Resume' : 'Pause'}
                          </button>
                        )}
                        <button
                          type="button"
                          className="danger"
                          onClick={() => void remove(row)}
                          aria-label={`Delete ${nameOf(spec, row)}`}
                        >
                          Delete
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="pager">
        <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next
        </button>
      </div>
      {spec.create && (
        <form className="add" onSubmit={create}>
          <strong>Add</strong>
          {spec.create.fields.map((f) => (
            <label key={f.key}>
              {f.label}
              <input
                required
                value={draft[f.key] ?? ''}
                onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
              />
            </label>
          ))}
          <button type="submit">Add</button>
        </form>
      )}
    </section>
  );
}

function Cell({ column, value, onChange }: { column: Column; value: unknown; onChange: (v: unknown) => void }) {
  const label = `${column.label}`;
  if (column.edit === 'bool')
    return (
      <input type="checkbox" aria-label={label} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
    );
  if (column.edit === 'select')
    return (
      <select aria-label={label} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
        {column.options?.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  return (
    <input
      aria-label={label}
      type={column.edit === 'number' ? 'number' : 'text'}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export default function CataloguePanel({
  tenant,
  isAdmin,
  initialTable,
}: {
  tenant: AdminTenant;
  isAdmin: boolean;
  /** The table shown first (the console's overview opens Coupons or Stores); the first one otherwise. */
  initialTable?: string;
}) {
  const specs = SPECS.filter((s) => isAdmin || !s.adminOnly);
  const [current, setCurrent] = useState(specs.find((s) => s.id === initialTable)?.id ?? specs[0]!.id);
  const spec = specs.find((s) => s.id === current) ?? specs[0]!;
  return (
    <div className="panel">
      <div role="tablist" aria-label="Catalogue" className="tabs">
        {specs.map((s) => (
          <button key={s.id} role="tab" type="button" aria-selected={s.id === spec.id} onClick={() => setCurrent(s.id)}>
            {s.title}
          </button>
        ))}
      </div>
      <Table key={`${spec.id}-${tenant._id}`} spec={spec} tenant={tenant} />
    </div>
  );
}
