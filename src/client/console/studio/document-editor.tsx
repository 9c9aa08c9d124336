import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { AdminTenant } from '../../../shared/contract/admin';
import type { StudioDocumentAnswer, StudioProblem } from '../../../shared/contract/layout-studio';
import {
  addSection,
  documentText,
  isObject,
  parseDocumentText,
  sectionsOf,
  type JsonObject,
} from '../../../shared/console/studio-document';
import { admin } from '../admin-client';
import { ConsoleError } from '../api';
import { AudienceForm } from './audience-form';
import { ExperimentPanel } from './experiment-report';
import { SectionPalette } from './section-palette';
import { StudioPreview } from './studio-preview';

// dnd-kit, Prism and jsdiff load with their tab: no console chunk over the lazy-chunk budget (40 KB gzip, issue 6).
const SectionList = lazy(() => import('./section-list').then((m) => ({ default: m.SectionList })));
const JsonEditor = lazy(() => import('./json-editor').then((m) => ({ default: m.JsonEditor })));
const VersionDiff = lazy(() => import('./version-diff').then((m) => ({ default: m.VersionDiff })));

// One document in the studio (issue 29). Its text is the truth: the section list, the audience form and the JSON tab
// all edit it, so the three stay in step, and an edit made in one shows in the others at once. Every edit is saved as
// the document's draft half a second after the last keystroke; the server answers with every problem layouts:check
// would print (the same checks, against the published set), and the preview frames load the saved draft again.
// Publishing sends the text; the server checks it once more and refuses with the problems.

const SAVE_AFTER_MS = 500;

type Tab = 'sections' | 'audience' | 'experiment' | 'json' | 'history';
const TABS: { id: Tab; label: string }[] = [
  { id: 'sections', label: 'Sections' },
  { id: 'audience', label: 'Audience & schedule' },
  { id: 'experiment', label: 'Experiment' },
  { id: 'json', label: 'JSON' },
  { id: 'history', label: 'History' },
];

type Loaded = StudioDocumentAnswer['data'];

type Params = { kind: 'home'; file: string };
type Outcome = { ok: boolean; message: string } | null;

const messageOf = (err: unknown, fallback: string) => (err instanceof ConsoleError ? err.message : fallback);

/** The document as loaded, its text being edited, and the draft saved half a second after each edit. */
function useStudioDocument(path: string, onDraftChanged: () => void) {
  const [kind, file] = path.split('/') as [string, string];
  const params: Params = { kind: kind as 'home', file };
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const saved = useRef('');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [problems, setProblems] = useState<StudioProblem[]>([]);
  const [revision, setRevision] = useState(0);
  // A draft is stored (loaded with one, or saved since).
  const [hasDraft, setHasDraft] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const res = await admin('getLayoutDocument', { params });
      const body = res.data.draft?.body ?? res.data.published?.body ?? '';
      saved.current = body;
      setText(body);
      setLoaded(res.data);
      setHasDraft(res.data.draft !== null);
      // The problems of what was saved: checked again, as the published set may have moved on since.
      if (body) setProblems((await admin('checkLayout', { body: { path, body } })).data.problems);
    } catch (err) {
      setLoadError(messageOf(err, 'The document could not be loaded.'));
    }
    // params is derived from path
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!loaded || text === saved.current || !text.trim()) return;
    const timer = setTimeout(() => {
      const body = text;
      setSaving(true);
      admin('saveLayoutDraft', { params, body: { body } })
        .then((res) => {
          saved.current = body;
          setHasDraft(true);
          setProblems(res.data.problems);
          setSaveError(null);
          setRevision((r) => r + 1);
          onDraftChanged();
        })
        .catch((err: unknown) => setSaveError(messageOf(err, 'The draft could not be saved.')))
        .finally(() => setSaving(false));
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, loaded]);

  return {
    params,
    loaded,
    loadError,
    load,
    text,
    setText,
    unsaved: text !== saved.current,
    hasDraft,
    markSaved: (body: string) => (saved.current = body),
    saving,
    saveError,
    problems,
    setProblems,
    revision,
    reloadPreview: () => setRevision((r) => r + 1),
  };
}

/** Tabs with the arrow keys moving between them (the WAI-ARIA tabs pattern). */
function EditorTabs(props: { id: string; tab: Tab; onTab: (tab: Tab) => void; children: ReactNode }) {
  const { id, tab } = props;
  return (
    <>
      <div role="tablist" aria-label="Edit the document" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => props.onTab(t.id)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const i = TABS.findIndex((x) => x.id === tab);
              const next = TABS[(i + step + TABS.length) % TABS.length]!;
              props.onTab(next.id);
              document.getElementById(`${id}-tab-${next.id}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="studio-tabpanel">
        {props.children}
      </div>
    </>
  );
}

/** Every problem of the document as a whole, and publishing with a note. */
function CheckAndPublish(props: {
  problems: readonly StudioProblem[];
  canPublish: boolean;
  canUse: boolean;
  hasDraft: boolean;
  onPublish: (note: string) => Promise<boolean>;
  onDiscard: () => void;
  outcome: Outcome;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [publishing, setPublishing] = useState(false);
  const { problems } = props;
  const whole = problems.filter((p) => !/^\/sections\/\d+/.test(p.pointer));
  return (
    <section className="studio-check" aria-labelledby={`${id}-check`}>
      <h3 id={`${id}-check`}>
        Check{' '}
        <small>
          {problems.length === 0 ? 'no problems' : `${problems.length} problem${problems.length === 1 ? '' : 's'}`}
        </small>
      </h3>
      {whole.length > 0 && (
        <ul className="studio-problems">
          {whole.map((p) => (
            <li key={`${p.file}${p.pointer}:${p.message}`}>
              <code>
                {p.file} {p.pointer || '/'}
              </code>{' '}
              {p.message}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <label htmlFor={`${id}-note`} className="sr-only">
          What changed (for the history)
        </label>
        <input
          id={`${id}-note`}
          placeholder="What changed (optional)"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <button
          type="button"
          className="primary"
          disabled={!props.canPublish || publishing || !props.canUse}
          aria-busy={publishing}
          onClick={() => {
            setPublishing(true);
            void props
              .onPublish(note)
              .then((ok) => ok && setNote(''))
              .finally(() => setPublishing(false));
          }}
        >
          {publishing ? 'Publishing…' : 'Publish'}
        </button>
        <button type="button" onClick={props.onDiscard} disabled={!props.hasDraft}>
          Discard draft
        </button>
      </div>
      {!props.canPublish && (
        <p className="hint">
          This server serves its layouts from files (LAYOUTS_SOURCE=files): drafts are kept, and publishing needs
          LAYOUTS_SOURCE=db.
        </p>
      )}
      {props.outcome && (
        <p role={props.outcome.ok ? 'status' : 'alert'} className={props.outcome.ok ? 'ok' : 'error'}>
          {props.outcome.message}
        </p>
      )}
    </section>
  );
}

/** Publishing the text being edited, and discarding the draft, with what came of it. */
function useEditorActions(
  d: ReturnType<typeof useStudioDocument>,
  onPublished: () => void,
  onDraftChanged: () => void,
) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function publish(note: string): Promise<boolean> {
    setOutcome(null);
    const body = d.text;
    try {
      const res = await admin('publishLayout', { params: d.params, body: { body, ...(note ? { note } : {}) } });
      d.markSaved(body);
      d.setProblems([]);
      setOutcome({ ok: true, message: `Published as version ${res.data.version}. Shoppers see it now.` });
      onPublished();
      await d.load();
      return true;
    } catch (err) {
      const answer = err instanceof ConsoleError ? (err.body as { problems?: StudioProblem[] } | null) : null;
      if (answer?.problems) d.setProblems(answer.problems);
      setOutcome({ ok: false, message: messageOf(err, 'Not published.') });
      return false;
    }
  }
  async function discard() {
    try {
      await admin('discardLayoutDraft', { params: d.params });
      onDraftChanged();
      await d.load();
      d.reloadPreview();
    } catch (err) {
      setOutcome({ ok: false, message: messageOf(err, 'The draft was not discarded.') });
    }
  }
  return { outcome, setOutcome, publish, discard: () => void discard() };
}

/** The text as a document object, or why it is not one. */
function readText(text: string): { doc: JsonObject | null; parseMessage: string | null } {
  const parsed = parseDocumentText(text);
  if (!parsed.ok) return { doc: null, parseMessage: `Line ${parsed.line}, column ${parsed.column}: ${parsed.message}` };
  return isObject(parsed.value)
    ? { doc: parsed.value, parseMessage: null }
    : { doc: null, parseMessage: 'A layout document is a JSON object.' };
}

function saveState(d: ReturnType<typeof useStudioDocument>, loaded: Loaded): string {
  if (d.saving) return 'Saving the draft…';
  if (d.unsaved) return 'Unsaved changes';
  if (d.hasDraft) return 'Draft saved';
  return loaded.published ? 'Published, no draft' : '';
}

export function DocumentEditor(props: {
  path: string;
  tenant: AdminTenant;
  tenants: readonly AdminTenant[];
  homePages: readonly string[];
  /** The server publishes (LAYOUTS_SOURCE=db); with files it can only keep drafts. */
  canPublish: boolean;
  onPublished: () => void;
  onDraftChanged: () => void;
}) {
  const { path } = props;
  const id = useId();
  const d = useStudioDocument(path, props.onDraftChanged);
  const [tab, setTab] = useState<Tab>('sections');
  const { outcome, setOutcome, publish, discard } = useEditorActions(d, props.onPublished, props.onDraftChanged);
  const { loaded, text } = d;

  if (d.loadError)
    return (
      <p role="alert" className="error">
        {d.loadError}{' '}
        <button type="button" onClick={() => void d.load()}>
          Try again
        </button>
      </p>
    );
  if (!loaded) return <p className="loading">Loading {path}…</p>;

  const { doc, parseMessage } = readText(text);
  const edit = (next: string) => {
    setOutcome(null);
    d.setText(next);
  };

  return (
    <div className="studio-editor">
      <div className="studio-editor-head">
        <h2>
          {doc && typeof doc.title === 'string' && doc.title ? doc.title : path} <small>{path}</small>
        </h2>
        <p className="studio-save-state" role="status">
          {saveState(d, loaded)}
        </p>
        {d.saveError && (
          <p role="alert" className="error">
            {d.saveError}
          </p>
        )}
      </div>
      <div className="studio-columns">
        <div className="studio-compose">
          <EditorTabs id={id} tab={tab} onTab={setTab}>
            <TabContent
              tab={tab}
              id={id}
              path={path}
              text={text}
              doc={doc}
              parseMessage={parseMessage}
              onText={edit}
              loaded={loaded}
              problems={d.problems}
              tenant={props.tenant}
              tenants={props.tenants}
              homePages={props.homePages}
            />
          </EditorTabs>
          <CheckAndPublish
            problems={d.problems}
            canPublish={props.canPublish}
            canUse={doc !== null}
            hasDraft={d.hasDraft || d.unsaved}
            onPublish={publish}
            onDiscard={discard}
            outcome={outcome}
          />
        </div>
        <StudioPreview tenant={props.tenant} path={path} revision={d.revision} pending={d.unsaved || d.saving} />
      </div>
    </div>
  );
}

const TabContent = (props: Parameters<typeof TabBody>[0]) => (
  <Suspense fallback={<p role="status">Loading…</p>}>
    <TabBody {...props} />
  </Suspense>
);

/** The chosen tab: the sections and the palette, the audience form, the JSON, or the history. */
function TabBody(props: {
  tab: Tab;
  id: string;
  path: string;
  text: string;
  doc: JsonObject | null;
  parseMessage: string | null;
  onText: (text: string) => void;
  loaded: Loaded;
  problems: readonly StudioProblem[];
  tenant: AdminTenant;
  tenants: readonly AdminTenant[];
  homePages: readonly string[];
}) {
  const { tab, id, doc, path } = props;
  const edit = (next: JsonObject) => props.onText(documentText(next));
  if (tab === 'json')
    return (
      <JsonEditor
        id={`${id}-json`}
        label={`${path} as JSON`}
        value={props.text}
        onChange={props.onText}
        error={props.parseMessage}
      />
    );
  if (tab === 'history') return <VersionDiff path={path} versions={props.loaded.versions} current={props.text} />;
  if (!doc)
    return (
      <p role="alert" className="warning">
        The JSON does not parse ({props.parseMessage}). Fix it in the JSON tab to use the form again.
      </p>
    );
  if (tab === 'experiment') return <ExperimentPanel doc={doc} />;
  if (tab === 'audience')
    return (
      <AudienceForm
        doc={doc}
        onChange={edit}
        tenants={props.tenants}
        homePages={props.homePages}
        tenant={props.tenant}
        problems={props.problems}
      />
    );
  const kind = typeof doc.kind === 'string' ? doc.kind : path.split('/')[0]!;
  return (
    <>
      <SectionList doc={doc} onChange={edit} problems={props.problems} idPrefix={`${id}-s`} />
      <SectionPalette
        kind={kind}
        onAdd={(entry) => edit(addSection(doc, entry.type, entry.defaults() as JsonObject))}
      />
      <p className="hint">{sectionsOf(doc).length} sections.</p>
    </>
  );
}
