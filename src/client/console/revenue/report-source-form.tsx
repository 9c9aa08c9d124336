import { useId, useState, type FormEvent } from 'react';
import type {
  CommissionSource,
  CommissionSourceCreate,
  CommissionSourceUpdate,
} from '../../../shared/contract/commission-sources';
import type { Feed, FeedAuth } from '../../../shared/contract/feeds';
import { REPORT_FORMAT_NAMES, REPORT_FORMATS, type ReportFormat } from '../../../shared/contract/revenue';
import { ConsoleError } from '../api';
import { CredentialFields } from '../feeds/feed-credentials';
import { Field, type FormParts } from '../feeds/feed-field';
import {
  credentialsOf,
  initialValues,
  problemsOf,
  type FeedFormValues,
  type FeedProblems,
} from '../feeds/feed-form-state';

// Issue 31, item 2: a report source's form (add or edit). The credentials are the voucher feeds' (issue 30): the same
// fields (CredentialFields), the same rules and the same write-only handling (feed-form-state.ts), fed through an
// adapter that shows them a feed with only the source's auth. A source's secrets are never sent back: the fields start
// empty and a stored one is only said to exist.

export interface SourceValues {
  name: string;
  format: ReportFormat;
  url: string;
  auth: FeedAuth;
  credName: string;
  credSecret: string;
  everyHours: string;
  enabled: boolean;
}

export const sourceValues = (s: CommissionSource | null): SourceValues => ({
  name: s?.name ?? '',
  format: s?.format ?? 'awin-json',
  url: s?.url ?? '',
  auth: s?.has_credentials ? s.auth : 'none',
  credName: '',
  credSecret: '',
  everyHours: String(s?.every_hours ?? 24),
  enabled: s?.enabled ?? true,
});

/** What the feeds' credential helpers see: a feed's form values and a feed with the source's stored auth only. */
const asFeedValues = (v: SourceValues): FeedFormValues => ({
  ...initialValues(null, ''),
  auth: v.auth,
  credName: v.credName,
  credSecret: v.credSecret,
});
const asFeed = (s: CommissionSource | null): Feed | null =>
  s ? ({ auth: s.has_credentials ? s.auth : 'none' } as Feed) : null;

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

export function sourceProblems(v: SourceValues, source: CommissionSource | null): FeedProblems {
  const feedProblems = problemsOf(asFeedValues(v), asFeed(source));
  const p: FeedProblems = {
    ...(feedProblems.credName ? { credName: feedProblems.credName } : {}),
    ...(feedProblems.credSecret ? { credSecret: feedProblems.credSecret } : {}),
  };
  if (!v.name.trim()) p.name = 'Give the source a name.';
  if (!isHttpUrl(v.url.trim()))
    p.url = v.url.trim() ? 'An absolute http(s) URL, e.g. https://…' : "Give the report's URL.";
  const hours = Number(v.everyHours);
  if (v.everyHours.trim() === '' || !Number.isInteger(hours) || hours < 0 || hours > 168)
    p.everyHours = 'A whole number of hours from 0 to 168.';
  return p;
}

export function sourceBody(v: SourceValues, source: CommissionSource | null): CommissionSourceCreate {
  const credentials = credentialsOf(asFeedValues(v), asFeed(source));
  return {
    name: v.name.trim(),
    format: v.format,
    url: v.url.trim(),
    every_hours: Number(v.everyHours),
    enabled: v.enabled,
    ...(credentials ? { credentials } : {}),
  };
}

export function ReportSourceForm(props: {
  source: CommissionSource | null;
  onSave: (body: CommissionSourceCreate | CommissionSourceUpdate) => Promise<void>;
  onCancel: () => void;
}) {
  const base = useId();
  const [values, setValues] = useState(() => sourceValues(props.source));
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = sourceProblems(values, props.source);
  const set = <K extends keyof SourceValues>(key: K, value: SourceValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const parts: FormParts = {
    base,
    values: asFeedValues(values),
    set: (key, value) => {
      if (key === 'auth' || key === 'credName' || key === 'credSecret') set(key, value as never);
    },
    problems: sent ? problems : {},
    feed: asFeed(props.source),
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(true);
    if (Object.keys(problems).length > 0) return setError('Check the fields marked below.');
    setBusy(true);
    setError(null);
    try {
      await props.onSave(sourceBody(values, props.source));
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  const title = props.source ? `Edit “${props.source.name}”` : 'Add a report source';
  return (
    <form className="report-source-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${base}-title`} noValidate>
      <h4 id={`${base}-title`}>{title}</h4>
      <SourceFields parts={parts} values={values} set={set} />
      <CredentialFields parts={parts} />
      {error && (
        <p role="alert" className="error">
          The source could not be saved: {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : props.source ? 'Save source' : 'Add source'}
        </button>
        <button type="button" onClick={props.onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function SourceFields(props: {
  parts: FormParts;
  values: SourceValues;
  set: <K extends keyof SourceValues>(key: K, value: SourceValues[K]) => void;
}) {
  const { parts, values, set } = props;
  return (
    <div className="fields">
      <Field parts={parts} name="name" label="Name">
        {(a) => <input {...a} maxLength={120} value={values.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field parts={parts} name="format" label="Report format">
        {(a) => (
          <select {...a} value={values.format} onChange={(e) => set('format', e.target.value as ReportFormat)}>
            {REPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {REPORT_FORMAT_NAMES[f]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field parts={parts} name="url" label="Report URL" hint="Where the network publishes the report, e.g. its API.">
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
      <Field parts={parts} name="everyHours" label="Every (hours)" hint="0: only when imported from here.">
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
          id={`${parts.base}-enabled`}
          type="checkbox"
          checked={values.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
        />
        <label htmlFor={`${parts.base}-enabled`}>Enabled</label>
        <p className="hint">A disabled source is not imported on its schedule.</p>
      </div>
    </div>
  );
}
