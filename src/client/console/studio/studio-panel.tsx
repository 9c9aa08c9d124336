import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { AdminMe, AdminTenant, TenantList } from '../../../shared/contract/admin';
import type { StudioOverview } from '../../../shared/contract/layout-studio';
import {
  documentText,
  LAYOUT_KINDS,
  newDocument,
  newDocumentFile,
  type StudioKind,
} from '../../../shared/console/studio-document';
import { admin } from '../admin-client';
import { ConsoleError } from '../api';
import { DocumentEditor } from './document-editor';
import { STUDIO_STYLES } from './studio-styles';

// The layout studio (issue 29), the console's lazily loaded panel: the layout documents (published, drafts), a new
// variant from nothing, one document composed beside its live preview, and the published versions of the whole set,
// any of which can be restored. Loaded only when an operator opens it: neither the shop nor the console's first
// screen carries it.

type Overview = StudioOverview['data'];

const KIND_LABELS: Record<StudioKind, string> = {
  home: 'Home pages',
  header: 'Headers',
  footer: 'Footers',
  email: 'Emails',
};

/** The studio's list of documents and versions, and restoring a version (with what came of it). */
function useOverview() {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const refresh = useCallback(async () => {
    try {
      setOverview((await admin('studioOverview')).data);
      setError(null);
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : 'The layout documents could not be loaded.');
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  async function rollback(version: number): Promise<boolean> {
    if (!window.confirm(`Restore every layout document as it was in version ${version}? Shoppers see it at once.`))
      return false;
    try {
      const res = await admin('rollbackLayouts', { body: { version } });
      setNotice({ ok: true, message: `Version ${version} restored as version ${res.data.version}.` });
      await refresh();
      return true;
    } catch (err) {
      setNotice({ ok: false, message: err instanceof ConsoleError ? err.message : 'Not restored.' });
      return false;
    }
  }
  return { overview, error, notice, refresh, rollback };
}

export default function StudioPanel(props: { me: AdminMe; tenants: TenantList; tenant: AdminTenant }) {
  const { tenant, tenants } = props;
  const { overview, error, notice, refresh, rollback } = useOverview();
  const [open, setOpen] = useState<string | null>(null);
  // Moves on after a rollback: the open document is loaded again (its text may have changed).
  const [generation, setGeneration] = useState(0);
  const id = useId();
  return (
    <section className="panel studio" aria-labelledby={`${id}-title`}>
      <style>{STUDIO_STYLES}</style>
      <h2 id={`${id}-title`}>
        Layout studio <small>{overview ? sourceLine(overview) : ''}</small>
      </h2>
      {error && (
        <p role="alert" className="error">
          {error}{' '}
          <button type="button" onClick={() => void refresh()}>
            Try again
          </button>
        </p>
      )}
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ok' : 'error'}>
          {notice.message}
        </p>
      )}
      {!overview ? (
        !error && <p className="loading">Loading the layout documents…</p>
      ) : (
        <div className="studio-layout">
          <nav className="studio-nav" aria-label="Layout documents">
            <NewVariant
              overview={overview}
              tenant={tenant}
              onCreated={async (path) => {
                await refresh();
                setOpen(path);
              }}
            />
            <DocumentList overview={overview} open={open} onOpen={setOpen} />
            <Versions
              overview={overview}
              onRollback={(v) => void rollback(v).then((done) => done && setGeneration((g) => g + 1))}
            />
          </nav>
          <div className="studio-main">
            {open ? (
              <DocumentEditor
                key={`${open}#${generation}`}
                path={open}
                tenant={tenant}
                tenants={tenants.data}
                homePages={tenants.home_pages}
                canPublish={overview.source === 'db'}
                onPublished={() => void refresh()}
                onDraftChanged={() => void refresh()}
              />
            ) : (
              <p className="empty">
                Open a document on the left, or start a new variant. The preview shows it on {tenant.data.name}; pick
                another tenant at the top to preview it there.
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function sourceLine(overview: Overview): string {
  if (overview.source !== 'db') return 'drafts only: this server serves layouts from files';
  return `publishing to the database · version ${overview.version || 'none yet (serving the files)'}`;
}

function DocumentList(props: { overview: Overview; open: string | null; onOpen: (path: string) => void }) {
  return LAYOUT_KINDS.map((kind) => {
    const docs = props.overview.documents.filter((d) => d.kind === kind);
    if (docs.length === 0) return null;
    return (
      <div key={kind} className="studio-kind">
        <h3>{KIND_LABELS[kind]}</h3>
        <ul role="list">
          {docs.map((d) => (
            <li key={d.path}>
              <button
                type="button"
                aria-current={props.open === d.path ? 'true' : undefined}
                onClick={() => props.onOpen(d.path)}
              >
                <span>{d.title || d.path}</span>
                <small>
                  {d.path.split('/')[1]}
                  {d.published ? '' : ' · new'}
                  {d.draft ? ' · draft' : ''}
                </small>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  });
}

function NewVariant(props: { overview: Overview; tenant: AdminTenant; onCreated: (path: string) => Promise<void> }) {
  const id = useId();
  const [kind, setKind] = useState<StudioKind>('home');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(e: FormEvent) {
    e.preventDefault();
    const name = title.trim();
    if (!name) return;
    setBusy(true);
    setError(null);
    try {
      const taken = props.overview.documents.filter((d) => d.kind === kind).map((d) => d.path.split('/')[1]!);
      const file = newDocumentFile(name, taken);
      // For the tenant being previewed: it wins over their home page value, and serves no one else until widened.
      const doc = newDocument(kind, name, props.tenant.hosts.slice(0, 1));
      await admin('saveLayoutDraft', { params: { kind, file }, body: { body: documentText(doc) } });
      setTitle('');
      await props.onCreated(`${kind}/${file}`);
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : 'The document was not created.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="studio-new" onSubmit={(e) => void create(e)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>New variant</h3>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Kind</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as StudioKind)}>
          {LAYOUT_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>Title</label>
        <input
          id={`${id}-name`}
          value={title}
          maxLength={200}
          required
          placeholder="e.g. Black Friday home"
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <button type="submit" disabled={busy || !title.trim()} aria-busy={busy}>
        {busy ? 'Creating…' : 'Create draft'}
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}

function Versions(props: { overview: Overview; onRollback: (version: number) => void }) {
  const { versions, version: current } = props.overview;
  if (versions.length === 0) return null;
  return (
    <div className="studio-kind studio-set-versions">
      <h3>Published versions</h3>
      <ol role="list">
        {versions.map((v) => (
          <li key={v.version}>
            <div>
              <strong>Version {v.version}</strong>
              {v.version === current && <small> · in force</small>}
            </div>
            <small>
              {v.action} by {v.author}, <time dateTime={v.created_at}>{new Date(v.created_at).toLocaleString()}</time>
            </small>
            {v.note && <small className="studio-note">“{v.note}”</small>}
            {v.changed.length > 0 && <small>Changed: {v.changed.join(', ')}</small>}
            {v.version !== current && (
              <button type="button" onClick={() => props.onRollback(v.version)}>
                Roll back to version {v.version}
              </button>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
