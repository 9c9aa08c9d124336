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
/** A stored record a form starts from (the contract's entity), read field by field. */
export interface StoredValues {
  readonly [field: string]: unknown;
}
/** A request body a form builds: its fields' values, typed as the schema says. */
export interface FormBody {
  [field: string]: unknown;
}

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
  row: StoredValues,
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
): FormBody {
  const body: FormBody = {};
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

const labelOf = (schema: ObjectSchema, f: FieldSpec) => f.label ?? fieldLabel(f.name, schema.properties[f.name]);
const requiredOf = (schema: ObjectSchema, f: FieldSpec) => f.required ?? schema.required?.includes(f.name) === true;

/** What is wrong with a field's value, in the server's words (null: nothing, or the field is hidden). */
function problemOf(schema: ObjectSchema, f: FieldSpec, values: FormValues, timeZone: string): string | null {
  if (f.hidden?.(values)) return null;
  const s = schema.properties[f.name] ?? {};
  const v = values[f.name] ?? '';
  const widget = widgetOf(f, s);
  if (widget === 'checkbox') return null;
  if (widget === 'datetime') {
    if (v === '') return null;
    return fromZonedInput(String(v), timeZone) ? null : `${labelOf(schema, f)} is not a date and time.`;
  }
  if (widget === 'number') return fieldProblem(labelOf(schema, f), s, v === '' ? '' : Number(v), requiredOf(schema, f));
  return fieldProblem(labelOf(schema, f), s, String(v), requiredOf(schema, f));
}

/** The form's values, which fields were left (touched), and the submit: checked, then sent. */
function useSchemaForm(props: SchemaFormProps) {
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

  const changed = fields.some((f) => values[f.name] !== props.initial[f.name]);
  const set = (name: string, v: FormValue) => {
    setStatus(null);
    setValues((current) => {
      const next = { ...current, [name]: v };
      return props.onChange ? props.onChange(name, next, current) : next;
    });
  };
  const blur = (name: string) => setTouched((t) => ({ ...t, [name]: true }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const bad = fields.find((f) => problemOf(schema, f, values, timeZone) !== null);
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
  return { base, values, touched, submitted, busy, status, formRef, titleRef, changed, set, blur, submit };
}

type SchemaFormState = ReturnType<typeof useSchemaForm>;

export function SchemaForm(props: SchemaFormProps) {
  const form = useSchemaForm(props);
  const { busy, status } = form;
  const titleId = `${form.base}-title`;
  return (
    <form
      ref={form.formRef}
      className="schema-form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={form.submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && props.onCancel) props.onCancel();
      }}
    >
      <h4 id={titleId} tabIndex={-1} ref={form.titleRef}>
        {props.title}
      </h4>
      <div className="fields">
        {props.fields.map((f) =>
          f.hidden?.(form.values) ? null : (
            <Field key={f.name} f={f} schema={props.schema} timeZone={props.timeZone} form={form} />
          ),
        )}
      </div>
      <div className="actions">
        <button type="submit" disabled={busy || (props.requireChange === true && !form.changed)} aria-busy={busy}>
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

/** One field: its label, its input, its hint and its problem (once left or submitted). */
function Field(p: { f: FieldSpec; schema: ObjectSchema; timeZone: string; form: SchemaFormState }) {
  const { f, schema, timeZone, form } = p;
  const { values } = form;
  const s = schema.properties[f.name] ?? {};
  const id = `${form.base}-${f.name}`;
  const label = labelOf(schema, f);
  const required = requiredOf(schema, f);
  const widget = widgetOf(f, s);
  const problem = form.touched[f.name] || form.submitted ? problemOf(schema, f, values, timeZone) : null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint =
    widget === 'datetime'
      ? `${f.hint ? `${f.hint} ` : ''}In ${timeZone} time.${
          values[f.name] ? ` ${formatZoned(fromZonedInput(String(values[f.name]), timeZone), timeZone)}.` : ''
        }`
      : f.hint;
  const describedBy = [hint ? hintId : '', problem ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common: InputCommon = {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
    onBlur: () => form.blur(f.name),
  };
  return (
    <div className={`field field-${widget}`}>
      {widget === 'image' ? null : (
        <label htmlFor={id}>
          {label}
          {required && widget !== 'checkbox' ? <span aria-hidden="true"> *</span> : null}
        </label>
      )}
      <FieldInput f={f} s={s} widget={widget} label={label} required={required} common={common} form={form} />
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
}

/** The attributes every widget's input takes. */
interface InputCommon {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onBlur: () => void;
}

interface FieldInputProps {
  f: FieldSpec;
  s: FieldSchema;
  widget: NonNullable<FieldSpec['widget']>;
  label: string;
  required: boolean;
  common: InputCommon;
  form: SchemaFormState;
}

/** A field's input, by its widget. */
function FieldInput({ f, s, widget, label, required, common, form }: FieldInputProps) {
  const { values } = form;
  const value = values[f.name] ?? '';
  const set = (v: FormValue) => form.set(f.name, v);
  if (widget === 'checkbox')
    return <input {...common} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />;
  if (widget === 'select') {
    const options = f.options ?? (s.enum ?? []).map((o) => ({ value: String(o), label: String(o) }));
    return (
      <select {...common} required={required} value={String(value)} onChange={(e) => set(e.target.value)}>
        {(!required || value === '') && <option value="">{required ? 'Choose…' : '(none)'}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (widget === 'textarea')
    return (
      <textarea
        {...common}
        rows={3}
        required={required}
        maxLength={s.maxLength}
        value={String(value)}
        onChange={(e) => set(e.target.value)}
      />
    );
  if (widget === 'image')
    return (
      <span onBlur={common.onBlur}>
        <ImageUrlInput
          id={common.id}
          label={label}
          purpose={f.purpose ?? 'store'}
          value={String(value)}
          onChange={(v) => set(v)}
          {...(f.purpose === 'banner' && BANNER_DIMENSIONS.includes(values.banner_dimension as BannerDimension)
            ? { dimension: values.banner_dimension as BannerDimension }
            : {})}
        />
      </span>
    );
  if (widget === 'custom' && f.render)
    return f.render({ id: common.id, value, set, describedBy: common['aria-describedby'] ?? '' });
  return (
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
      onChange={(e) => set(e.target.value)}
    />
  );
}
