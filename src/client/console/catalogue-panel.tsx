import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from 'react';
import type { AdminTenant } from '../../shared/contract/admin';
import { ConsoleError } from './api';
import { Pager } from './pager';
import { CatalogueForm } from './catalogue-forms';
import { cell, field, nameOf, PER_PAGE, SPECS } from './catalogue-specs';
import type { CatalogueRow, CellValues, Column, TableSpec } from './catalogue-specs';

// The catalogue tables (stores, coupons, categories, banners): search, paging, delete with a confirmation. Stores,
// coupons and banners are added and edited with full forms of every field (catalogue-forms.tsx, issue 26); categories
// inline (Edit → fields in the row → Save / Cancel, Escape cancels) with a short "add" form. Coupons and banners also
// have a Pause / Resume button (is_paused: hidden from shoppers), their state in the row's Status column. Dates are
// shown in the tenant's time zone. The tables' specs are in catalogue-specs.ts.
type Message = { kind: 'ok' | 'error'; text: string } | null;
type SetMessage = Dispatch<SetStateAction<Message>>;
type Editing = { id: string; values: CellValues } | null;
/** The full form open: 'new' (add) or the row being edited. */
type Open = 'new' | CatalogueRow | null;

/** The full form's open state, and focus back to the button that opened it once it closes. */
function useFormFocus() {
  /** The full form open: 'new' (add) or the row being edited. */
  const [open, setOpen] = useState<Open>(null);
  /** The button that opened it, to take focus back when it closes. */
  const opener = useRef<HTMLElement | null>(null);
  const openForm = (what: 'new' | CatalogueRow) => {
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
  return { open, openForm, closeForm, addButton };
}

/** The page of rows for the search, loaded 200 ms after the search or the page changes. */
function useTableLoad(spec: TableSpec, tenant: AdminTenant, setMessage: SetMessage) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<CatalogueRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await spec.list(tenant, q, page);
      setRows(res.data);
      setTotal(res.total);
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof ConsoleError ? err.message : String(err) });
    } finally {
      setLoading(false);
    }
  }, [spec, tenant, q, page, setMessage]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 200);
    return () => clearTimeout(timer);
  }, [load]);
  return { q, setQ, page, setPage, rows, total, loading, load };
}

/** What the rows' buttons and the short "add" form do: save an inline edit, delete, pause / resume, add. */
function useRowActions(spec: TableSpec, tenant: AdminTenant, load: () => Promise<void>, setMessage: SetMessage) {
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});

  /** The server's reason, after what was attempted on which row (e.g. a shared store only an admin may change). */
  const fail = (attempt: string, err: unknown) =>
    setMessage({ kind: 'error', text: `${attempt}. ${err instanceof ConsoleError ? err.message : String(err)}` });

  async function save(row: CatalogueRow) {
    if (!editing) return;
    const body: CellValues = {};
    for (const c of spec.columns) {
      if (!c.edit || editing.values[c.key] === field(row, c.key)) continue;
      const v = editing.values[c.key];
      body[c.key] =
        c.edit === 'number' ? Number(v) : c.key === 'expiry_date' || c.key === 'code' ? (v === '' ? null : v) : v;
    }
    try {
      if (Object.keys(body).length) await spec.update(row, body);
      setEditing(null);
      setMessage({ kind: 'ok', text: 'Saved.' });
      await load();
    } catch (err) {
      fail(`Could not save ${nameOf(spec, row)}`, err);
    }
  }

  async function remove(row: CatalogueRow) {
    if (!window.confirm(`Delete ${nameOf(spec, row)}?`)) return;
    try {
      await spec.remove(row);
      setMessage({ kind: 'ok', text: 'Deleted.' });
      await load();
    } catch (err) {
      fail(`Could not delete ${nameOf(spec, row)}`, err);
    }
  }

  async function setPaused(row: CatalogueRow, paused: boolean) {
    try {
      await spec.update(row, { is_paused: paused });
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
      await spec.create.send(draft, tenant);
      setDraft({});
      setMessage({ kind: 'ok', text: 'Added.' });
      await load();
    } catch (err) {
      fail('Could not add', err);
    }
  }
  return { editing, setEditing, draft, setDraft, save, remove, setPaused, create };
}

function useCatalogueTable(spec: TableSpec, tenant: AdminTenant) {
  const [message, setMessage] = useState<Message>(null);
  const form = useFormFocus();
  const list = useTableLoad(spec, tenant, setMessage);
  const actions = useRowActions(spec, tenant, list.load, setMessage);
  return { message, setMessage, form, list, actions };
}

type TableState = ReturnType<typeof useCatalogueTable>;

function Table({ spec, tenant }: { spec: TableSpec; tenant: AdminTenant }) {
  const table = useCatalogueTable(spec, tenant);
  const { message, setMessage, form, list, actions } = table;
  const { open, openForm, closeForm, addButton } = form;
  return (
    <section className="table-panel" aria-labelledby={`${spec.id}-title`}>
      <TableHead spec={spec} list={list} />
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
            await list.load();
          }}
        />
      )}
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'error' : 'ok'}>
          {message.text}
        </p>
      )}
      <div className="scroll">
        <table aria-busy={list.loading}>
          <HeaderRow spec={spec} />
          <tbody>
            {list.rows.map((row) => (
              <TableRow key={spec.rowId(row)} spec={spec} tenant={tenant} row={row} table={table} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pages={Math.max(1, Math.ceil(list.total / PER_PAGE))} setPage={list.setPage} />
      {spec.create && <AddForm fields={spec.create.fields} actions={actions} />}
    </section>
  );
}

function TableHead({ spec, list }: { spec: TableSpec; list: TableState['list'] }) {
  const searchId = useId();
  return (
    <div className="table-head">
      <h3 id={`${spec.id}-title`}>
        {spec.title} <small>({list.total})</small>
      </h3>
      <label htmlFor={searchId} className="sr-only">
        Search {spec.title.toLowerCase()}
      </label>
      <input
        id={searchId}
        type="search"
        placeholder={`Search ${spec.title.toLowerCase()}`}
        value={list.q}
        onChange={(e) => {
          list.setQ(e.target.value);
          list.setPage(1);
        }}
      />
    </div>
  );
}

function HeaderRow({ spec }: { spec: TableSpec }) {
  return (
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
  );
}

function TableRow({
  spec,
  tenant,
  row,
  table,
}: {
  spec: TableSpec;
  tenant: AdminTenant;
  row: CatalogueRow;
  table: TableState;
}) {
  const { editing, setEditing } = table.actions;
  const id = spec.rowId(row);
  const isEditing = editing?.id === id;
  const paused = 'is_paused' in row && row.is_paused;
  return (
    <tr
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
            <button type="button" onClick={() => void table.actions.save(row)}>
              Save
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </>
        ) : (
          <RowButtons spec={spec} row={row} paused={paused} table={table} />
        )}
      </td>
    </tr>
  );
}

function RowButtons({
  spec,
  row,
  paused,
  table,
}: {
  spec: TableSpec;
  row: CatalogueRow;
  paused: boolean;
  table: TableState;
}) {
  const { open, openForm } = table.form;
  const { setEditing, setPaused, remove } = table.actions;
  const id = spec.rowId(row);
  return (
    <>
      <button
        type="button"
        onClick={() => (spec.form ? openForm(row) : setEditing({ id, values: { ...row } }))}
        aria-label={`Edit ${nameOf(spec, row)}`}
        aria-expanded={spec.form ? open !== null && open !== 'new' && spec.rowId(open) === id : undefined}
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
  );
}

function AddForm({ fields, actions }: { fields: Column[]; actions: TableState['actions'] }) {
  const { draft, setDraft, create } = actions;
  return (
    <form className="add" onSubmit={create}>
      <strong>Add</strong>
      {fields.map((f) => (
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
