import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AdminTenant } from '../../../shared/contract/admin';
import { FEED_FORMAT_NAMES, FEED_FORMATS, type Feed, type FeedFormat } from '../../../shared/contract/feeds';
import { admin } from '../admin-client';
import { useLoad } from '../use-load';
import { createBody, initialValues, problemsOf, updateBody } from './feed-form-state';
import { CredentialFields } from './feed-credentials';
import { Field, type FormParts, type SetValue } from './feed-field';
import { messageOf, sizeOf, tenantLabel } from './feed-words';

// Issue 30: adding or changing a feed. One form for both; what is sent is built by feed-form-state.ts (only what
// changed; credentials only when typed). A file is uploaded after the feed is saved, as the raw body.

export interface Saved {
  feed: Feed;
  ok: boolean;
  text: string;
}

const readCategories = async () => (await admin('listCategories', { query: { per_page: 200 } })).data;

/** Uploads the chosen file to the saved feed; the message says what came of it. */
async function withFile(feed: Feed, file: File | null, done: string): Promise<Saved> {
  if (!file) return { feed, ok: true, text: done };
  try {
    const res = await admin('uploadFeedFile', {
      params: { id: feed.id },
      text: { body: file, type: 'application/octet-stream' },
    });
    return { feed: res.data, ok: true, text: `${done} ${file.name} (${sizeOf(file.size)}) uploaded.` };
  } catch (err) {
    return { feed, ok: false, text: `${done} The file was not uploaded: ${messageOf(err)}` };
  }
}

function useFeedForm(feed: Feed | null, tenantId: string, onSaved: (s: Saved) => void) {
  const base = useId();
  const [values, setValues] = useState(() => initialValues(feed, tenantId));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const all = problemsOf(values, feed);
  const set: SetValue = (key, value) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const bad = Object.keys(all)[0];
    if (bad) {
      setStatus({ ok: false, text: 'Please correct the fields marked below.' });
      const field =
        document.getElementById(`${base}-${bad}`) ??
        formRef.current?.querySelector<HTMLElement>(`[data-field='${bad}'] input`);
      field?.focus();
      return;
    }
    setStatus(null);
    try {
      if (!feed) {
        setBusy(values.file ? `Adding the feed, then uploading ${sizeOf(values.file.size)}…` : 'Adding the feed…');
        const res = await admin('createFeed', { body: createBody(values) });
        return onSaved(await withFile(res.data, values.file, res.message ?? 'Feed added.'));
      }
      const body = updateBody(values, feed);
      const file = values.source === 'file' ? values.file : null;
      if (Object.keys(body).length === 0 && !file) return setStatus({ ok: true, text: 'Nothing changed.' });
      setBusy(file ? `Saving, then uploading ${sizeOf(file.size)}…` : 'Saving…');
      const saved = Object.keys(body).length ? await admin('updateFeed', { params: { id: feed.id }, body }) : null;
      onSaved(await withFile(saved?.data ?? feed, file, saved?.message ?? 'Feed saved.'));
    } catch (err) {
      setStatus({ ok: false, text: messageOf(err) });
    } finally {
      setBusy(null);
    }
  }
  const parts: FormParts = { base, values, set, problems: submitted ? all : {}, feed };
  return { parts, busy, status, submit, formRef };
}

export function FeedForm(props: {
  feed: Feed | null;
  tenants: readonly AdminTenant[];
  tenantId: string;
  onSaved: (s: Saved) => void;
  onCancel: () => void;
}) {
  const { feed } = props;
  const { parts, busy, status, submit, formRef } = useFeedForm(feed, props.tenantId, props.onSaved);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const titleId = `${parts.base}-title`;
  return (
    <form
      ref={formRef}
      className="schema-form feed-form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onCancel();
      }}
    >
      <h3 id={titleId} tabIndex={-1} ref={titleRef}>
        {feed ? `Settings of ${feed.name}` : 'Add a feed'}
      </h3>
      <NameAndFormat parts={parts} />
      <SourceFields parts={parts} />
      <CredentialFields parts={parts} />
      <TenantFields parts={parts} tenants={props.tenants} />
      <ScheduleFields parts={parts} />
      <div className="actions">
        <button type="submit" disabled={busy !== null} aria-busy={busy !== null}>
          {feed ? 'Save feed' : 'Add feed'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
        {busy && <span role="status">{busy}</span>}
        {status && (
          <p role={status.ok ? 'status' : 'alert'} className={status.ok ? 'ok' : 'error'}>
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}

function NameAndFormat({ parts }: { parts: FormParts }) {
  const { values, set } = parts;
  return (
    <div className="fields">
      <Field parts={parts} name="name" label="Name" hint="For you, e.g. “Awin UK”.">
        {(a) => <input {...a} maxLength={120} value={values.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field parts={parts} name="format" label="Format" hint="As the network publishes it.">
        {(a) => (
          <select {...a} value={values.format} onChange={(e) => set('format', e.target.value as FeedFormat)}>
            {FEED_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FEED_FORMAT_NAMES[f]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

/** The feed's URL, or a file uploaded once the feed is saved (it replaces the URL). */
function SourceFields({ parts }: { parts: FormParts }) {
  const { values, set, feed, base } = parts;
  const stored = feed?.file_bytes != null ? `Stored: uploaded file, ${sizeOf(feed.file_bytes)}. ` : '';
  return (
    <fieldset>
      <legend>Source</legend>
      <div className="radios">
        {(['url', 'file'] as const).map((s) => (
          <label key={s}>
            <input
              type="radio"
              name={`${base}-source`}
              checked={values.source === s}
              onChange={() => set('source', s)}
            />
            {s === 'url' ? 'A URL the network gives' : 'Upload a file'}
          </label>
        ))}
      </div>
      {values.source === 'url' ? (
        <Field parts={parts} name="url" label="Feed URL" hint="Fetched on each run; credentials are added below.">
          {(a) => (
            <input
              {...a}
              type="url"
              inputMode="url"
              spellCheck={false}
              maxLength={2000}
              value={values.url}
              onChange={(e) => set('url', e.target.value)}
            />
          )}
        </Field>
      ) : (
        <Field
          parts={parts}
          name="file"
          label={feed?.file_bytes != null ? 'Replace the file (optional)' : 'Feed file'}
          hint={`${stored}Up to 200 MB; gzip accepted. It replaces the URL.`}
        >
          {(a) => (
            <input
              {...a}
              type="file"
              accept=".csv,.xml,.json,.gz,.txt"
              onChange={(e) => set('file', e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}

function TenantFields({ parts, tenants }: { parts: FormParts; tenants: readonly AdminTenant[] }) {
  const { values, set, base, problems } = parts;
  const errorId = `${base}-tenants-error`;
  return (
    <fieldset
      data-field="tenants"
      aria-describedby={problems.tenants ? errorId : undefined}
      aria-invalid={problems.tenants ? true : undefined}
    >
      <legend>Tenants whose shoppers see its offers</legend>
      <div className="feed-checks">
        {tenants.map((t) => (
          <label key={t._id} className="inline">
            <input
              type="checkbox"
              checked={values.tenants.includes(t._id)}
              onChange={(e) =>
                set(
                  'tenants',
                  e.target.checked ? [...values.tenants, t._id] : values.tenants.filter((x) => x !== t._id),
                )
              }
            />
            {t.data.name} <small>({tenantLabel(t)})</small>
          </label>
        ))}
      </div>
      {problems.tenants && (
        <p id={errorId} className="field-error">
          {problems.tenants}
        </p>
      )}
    </fieldset>
  );
}

function ScheduleFields({ parts }: { parts: FormParts }) {
  const { values, set, base } = parts;
  const categories = useLoad(readCategories);
  return (
    <div className="fields">
      <Field
        parts={parts}
        name="category"
        label="Default category"
        hint={
          categories.error
            ? `The categories could not be loaded: ${categories.error}`
            : 'For offers whose network category matches none of yours.'
        }
      >
        {(a) => (
          <select {...a} value={values.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">{categories.loading && !categories.data ? 'Loading…' : 'Choose…'}</option>
            {/* The stored one stays choosable while the list loads. */}
            {values.category && !categories.data?.some((c) => c.name === values.category) && (
              <option value={values.category}>{values.category}</option>
            )}
            {categories.data?.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field parts={parts} name="everyHours" label="Sync every (hours)" hint="0: only when run from here (manual).">
        {(a) => (
          <input
            {...a}
            type="number"
            min={0}
            max={168}
            step={1}
            value={values.everyHours}
            onChange={(e) => set('everyHours', e.target.value)}
          />
        )}
      </Field>
      <div className="field field-checkbox">
        <input
          id={`${base}-enabled`}
          type="checkbox"
          checked={values.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
        />
        <label htmlFor={`${base}-enabled`}>Enabled</label>
        <p className="hint">A disabled feed is not synced on its schedule.</p>
      </div>
    </div>
  );
}
