import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fieldLabel, fieldProblem, htmlPattern, type FieldSchema } from '../../shared/console/field-rules';
import { formatZoned, fromZonedInput, toZonedInput } from '../../shared/console/zoned-date';
import { BANNER_DIMENSIONS, type BannerDimension } from '../../shared/contract/values';
import { ConsoleError } from './api';
import { ImageField } from './image-field';

// Issue 26: one small form renderer for the console's add and edit forms. Each field is a property of the contract's
// admin schema (src/shared/contract/admin.ts): its label is the schema's title, its input follows its type (an enum is
// a select, a boolean a checkbox, an integer a number, long text a textarea), and its rules (required, pattern,
// min/max length and value) are checked in the browser with the words the server answers with
// (src/shared/console/field-rules.ts). The HTML attributes carry the same rules (patterns rewritten for the `v` flag).

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

export interface FieldSpec {
  /** The schema property. */
  name: string;
  /** Else the schema's title. */
  label?: string;
  widget?: 'text' | 'textarea' | 'select' | 'checkbox' | 'number' | 'image' | 'datetime' | 'custom';
  /** A select's choices (default: the schema's enum, each its own label). */
  options?: readonly { value: string; label: string }[];
  hint?: string;
  /** Else required when the schema requires it. */
  required?: boolean;
  /** An image field's use (the uploader the integrator swaps in sizes by it). */
  purpose?: ImagePurpose;
  /** Hidden while this says so (e.g. the code of a deal). */
  hidden?: (values: FormValues) => boolean;
  /** A widget of the form's own ('custom'). */
  render?: (p: { id: string; value: FormValue; set: (v: FormValue) => void; describedBy: string }) => ReactNode;
}

export type ImagePurpose = 'logo' | 'favicon' | 'store' | 'banner';

/**
 * An image field (issue 26): the console's uploader (image-field.tsx) — drop or pick a file, or type an address, checked
 * with the server's rule. `label` is the schema's ("Image URL"): the uploader's group takes it without " URL" and names
 * its address input with it. Banners pass their size, so an upload is made for it.
 */
export function ImageUrlInput(props: {
  id: string;
  label: string;
  purpose: ImagePurpose;
  value: string;
  onChange: (value: string) => void;
  dimension?: BannerDimension;
}) {
  return (
    <ImageField
      id={props.id}
      label={props.label.replace(/ URL$/, '')}
      purpose={props.purpose}
      value={props.value}
      onChange={props.onChange}
      {...(props.dimension ? { dimension: props.dimension } : {})}
    />
  );
}

interface ObjectSchema {
  properties: Record<string, FieldSchema>;
  required?: readonly string[];
}

const isNullable = (s: FieldSchema) => Array.isArray(s.type) && s.type.includes('null');

/** What a field's widget is when its spec does not say. */
function widgetOf(spec: FieldSpec, s: FieldSchema): NonNullable<FieldSpec['widget']> {
  if (spec.widget) return spec.widget;
  if (spec.options || s.enum) return 'select';
  if (s.type === 'boolean') return 'checkbox';
  if (s.type === 'integer' || s.type === 'number') return 'number';
  if ((s.maxLength ?? 0) > 2000) return 'textarea';
  return 'text';
}

/** The form's text of a stored value. */
export function initialValues(
  schema: ObjectSchema,
  fields: readonly FieldSpec[],
  row: Record<string, unknown>,
  timeZone: string,
): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const s = schema.properties[f.name] ?? {};
    const v = row[f.name];
    if (widgetOf(f, s) === 'checkbox') out[f.name] = v === true;
    else if (widgetOf(f, s) === 'datetime') out[f.name] = toZonedInput(typeof v === 'string' ? v : null, timeZone);
    else out[f.name] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/**
 * The request body of the form: numbers as numbers, dates as instants, empty nullable text as null. With `only`
 * (an edit), just the fields whose value changed; else every field but optional ones left empty.
 */
export function bodyOf(
  schema: ObjectSchema,
  fields: readonly FieldSpec[],
  values: FormValues,
  timeZone: string,
  only?: FormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.hidden?.(values) && !only) continue;
    const s = schema.properties[f.name] ?? {};
    const v = values[f.name] ?? '';
    if (only && only[f.name] === v) continue;
    const widget = widgetOf(f, s);
    if (widget === 'checkbox') body[f.name] = v === true;
    else if (widget === 'number') {
      if (v !== '') body[f.name] = Number(v);
    } else if (widget === 'datetime') body[f.name] = v === '' ? null : fromZonedInput(String(v), timeZone);
    else if (v === '' && isNullable(s)) body[f.name] = null;
    else if (v === '' && !only && !schema.required?.includes(f.name)) continue;
    else body[f.name] = v;
  }
  return body;
}

export interface SchemaFormProps {
  /** The heading (also the form's accessible name). */
  title: string;
  schema: ObjectSchema;
  fields: readonly FieldSpec[];
  initial: FormValues;
  /** The tenant's zone: datetime fields are entered and shown in it. */
  timeZone: string;
  submitLabel: string;
  /** Sends the form; its message (or the server's refusal) is shown under the button. */
  onSubmit: (values: FormValues) => Promise<string>;
  onCancel?: () => void;
  /** Called as a field changes (e.g. the slug following the key). */
  onChange?: (name: string, next: FormValues, previous: FormValues) => FormValues;
  /** Edit forms: Save stays off until something changed. */
  requireChange?: boolean;
  /** Add forms: empty again after a success (its message stays). */
  resetOnSuccess?: boolean;
  /** Moves focus to the form's heading when it opens. */
  focusOnOpen?: boolean;
}

export function SchemaForm(props: SchemaFormProps) {
  const { schema, fields, timeZone } = props;
  const base = useId();
  const [values, setValues] = useState<FormValues>(props.initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Opened by a button: the keyboard and a screen reader land on the form's heading.
  useEffect(() => {
    if (props.focusOnOpen) titleRef.current?.focus();
  }, [props.focusOnOpen]);

  const labelOf = (f: FieldSpec) => f.label ?? fieldLabel(f.name, schema.properties[f.name]);
  const requiredOf = (f: FieldSpec) => f.required ?? schema.required?.includes(f.name) === true;
  const problemOf = (f: FieldSpec): string | null => {
    if (f.hidden?.(values)) return null;
    const s = schema.properties[f.name] ?? {};
    const v = values[f.name] ?? '';
    const widget = widgetOf(f, s);
    if (widget === 'checkbox') return null;
    if (widget === 'datetime') {
      if (v === '') return null;
      return fromZonedInput(String(v), timeZone) ? null : `${labelOf(f)} is not a date and time.`;
    }
    if (widget === 'number') return fieldProblem(labelOf(f), s, v === '' ? '' : Number(v), requiredOf(f));
    return fieldProblem(labelOf(f), s, String(v), requiredOf(f));
  };
  const changed = fields.some((f) => values[f.name] !== props.initial[f.name]);

  const set = (name: string, v: FormValue) => {
    setStatus(null);
    setValues((current) => {
      const next = { ...current, [name]: v };
      return props.onChange ? props.onChange(name, next, current) : next;
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const bad = fields.find((f) => problemOf(f) !== null);
    if (bad) {
      setStatus({ kind: 'error', text: 'Please correct the fields marked below.' });
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${base}-${bad.name}`)}`)?.focus();
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const message = await props.onSubmit(values);
      if (props.resetOnSuccess) {
        setValues(props.initial);
        setTouched({});
        setSubmitted(false);
      }
      setStatus({ kind: 'ok', text: message });
    } catch (err) {
      setStatus({ kind: 'error', text: err instanceof ConsoleError ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  const titleId = `${base}-title`;
  return (
    <form
      ref={formRef}
      className="schema-form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && props.onCancel) props.onCancel();
      }}
    >
      <h4 id={titleId} tabIndex={-1} ref={titleRef}>
        {props.title}
      </h4>
      <div className="fields">
        {fields.map((f) => {
          if (f.hidden?.(values)) return null;
          const s = schema.properties[f.name] ?? {};
          const id = `${base}-${f.name}`;
          const label = labelOf(f);
          const required = requiredOf(f);
          const widget = widgetOf(f, s);
          const problem = touched[f.name] || submitted ? problemOf(f) : null;
          const hintId = `${id}-hint`;
          const errorId = `${id}-error`;
          const hint =
            widget === 'datetime'
              ? `${f.hint ? `${f.hint} ` : ''}In ${timeZone} time.${
                  values[f.name] ? ` ${formatZoned(fromZonedInput(String(values[f.name]), timeZone), timeZone)}.` : ''
                }`
              : f.hint;
          const describedBy = [hint ? hintId : '', problem ? errorId : ''].filter(Boolean).join(' ') || undefined;
          const common = {
            id,
            'aria-invalid': problem ? true : undefined,
            'aria-describedby': describedBy,
            onBlur: () => setTouched((t) => ({ ...t, [f.name]: true })),
          };
          const value = values[f.name] ?? '';
          let input: ReactNode;
          if (widget === 'checkbox')
            input = (
              <input
                {...common}
                type="checkbox"
                checked={value === true}
                onChange={(e) => set(f.name, e.target.checked)}
              />
            );
          else if (widget === 'select') {
            const options = f.options ?? (s.enum ?? []).map((o) => ({ value: String(o), label: String(o) }));
            input = (
              <select
                {...common}
                required={required}
                value={String(value)}
                onChange={(e) => set(f.name, e.target.value)}
              >
                {(!required || value === '') && <option value="">{required ? 'Choose…' : '(none)'}</option>}
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            );
          } else if (widget === 'textarea')
            input = (
              <textarea
                {...common}
                rows={3}
                required={required}
                maxLength={s.maxLength}
                value={String(value)}
                onChange={(e) => set(f.name, e.target.value)}
              />
            );
          else if (widget === 'image')
            input = (
              <span onBlur={common.onBlur}>
                <ImageUrlInput
                  id={id}
                  label={label}
                  purpose={f.purpose ?? 'store'}
                  value={String(value)}
                  onChange={(v) => set(f.name, v)}
                  {...(f.purpose === 'banner' && BANNER_DIMENSIONS.includes(values.banner_dimension as BannerDimension)
                    ? { dimension: values.banner_dimension as BannerDimension }
                    : {})}
                />
              </span>
            );
          else if (widget === 'custom' && f.render)
            input = f.render({ id, value, set: (v) => set(f.name, v), describedBy: describedBy ?? '' });
          else
            input = (
              <input
                {...common}
                type={widget === 'number' ? 'number' : widget === 'datetime' ? 'datetime-local' : 'text'}
                required={required}
                minLength={s.minLength && s.minLength > 1 ? s.minLength : undefined}
                maxLength={s.maxLength}
                min={s.minimum}
                max={s.maximum}
                step={widget === 'number' && s.type === 'integer' ? 1 : undefined}
                pattern={s.pattern ? htmlPattern(s.pattern) : undefined}
                spellCheck={s.pattern ? false : undefined}
                value={String(value)}
                onChange={(e) => set(f.name, e.target.value)}
              />
            );
          return (
            <div key={f.name} className={`field field-${widget}`}>
              {widget === 'image' ? null : (
                <label htmlFor={id}>
                  {label}
                  {required && widget !== 'checkbox' ? <span aria-hidden="true"> *</span> : null}
                </label>
              )}
              {input}
              {hint && (
                <p id={hintId} className="hint">
                  {hint}
                </p>
              )}
              {problem && (
                <p id={errorId} className="field-error">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="actions">
        <button type="submit" disabled={busy || (props.requireChange === true && !changed)} aria-busy={busy}>
          {busy ? 'Saving…' : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        {status && (
          <p role={status.kind === 'error' ? 'alert' : 'status'} className={status.kind === 'error' ? 'error' : 'ok'}>
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}
