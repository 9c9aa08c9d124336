import { useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  boundAt,
  emitValue,
  initialValue,
  nonNullValue,
  parseNumber,
  formatNumber,
  isDefaultValue,
  unsetAt,
  type Field,
  type FieldState,
  type NumberField,
} from '../../../shared/console/settings-model';
import {
  defaultWords,
  idOf,
  ruleWords,
  shownOf,
  write,
  type FormContext,
  type NodeProps,
} from './settings-form-context';

// The settings form's inputs for one value each (issue 29): text, a text area, a number, a checkbox, a select, a fixed
// value, and JSON text for what has no input of its own. Each has its label, its rule and default in words, the
// validators' problems beside it (aria-invalid, aria-describedby), a "None" switch when it may be null, and, for an
// optional setting that is set, a button that resets it to its default or leaves it unset again.

/** The ids and attributes of a field's input, its hint and its problems. */
export interface FieldIds {
  readonly id: string;
  readonly hintId: string;
  readonly problemId: string;
  readonly problems: readonly string[];
  readonly describedBy: string | undefined;
}

export function fieldIds(ctx: FormContext, state: FieldState, hint: string, extra: string[] = []): FieldIds {
  const id = idOf(ctx, state.pointer);
  const problems = ctx.problems.get(state.pointer) ?? [];
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [hint ? hintId : '', problems.length ? problemId : '', ...extra].filter(Boolean).join(' ');
  return { id, hintId, problemId, problems, describedBy: describedBy || undefined };
}

/** A field's hint and its problems, under its input. */
export function FieldNotes(props: { ids: FieldIds; hint: string }) {
  const { ids, hint } = props;
  return (
    <>
      {hint && (
        <p id={ids.hintId} className="hint">
          {hint}
        </p>
      )}
      {ids.problems.length > 0 && (
        <div id={ids.problemId} className="field-error">
          {ids.problems.map((message, i) => (
            <p key={i}>{message}</p>
          ))}
        </div>
      )}
    </>
  );
}

/** Reset (to the default) or Remove (leave unset) for an optional setting that is set; nothing otherwise. */
export function UnsetButton(props: { state: FieldState; ctx: FormContext; label: string; optional?: boolean }) {
  const { state, ctx, label } = props;
  const field = state.field;
  if (!props.optional || state.kind === 'absent') return null;
  if (isDefaultValue(field, emitValue(state))) return null;
  const reset = field.hasDefault;
  return (
    <button
      type="button"
      className="settings-unset"
      aria-label={reset ? `Reset ${label} to its default` : `Remove ${label} (leave it unset)`}
      onClick={() => ctx.change(unsetAt(ctx.settings, state.path))}
    >
      {reset ? 'Reset' : 'Remove'}
    </button>
  );
}

/** One value's field: label, input, "None" switch, notes, and the item's or property's buttons. */
export function ValueField(props: NodeProps) {
  const { state, ctx, tools } = props;
  const field = state.field;
  const label = props.label ?? field.label;
  const { shown } = shownOf(state);
  const isNull = shown?.kind === 'null';
  const mismatch = shown?.kind === 'mismatch';
  const words = props.item ? [] : [field.description, ruleWords(ctx, state.path, field), defaultWords(field)];
  const hint = words.filter(Boolean).join(' ');
  const ids = fieldIds(ctx, state, hint);
  const checkbox = field.kind === 'boolean' && !mismatch;
  const input = <ValueInput state={state} ctx={ctx} ids={ids} disabled={isNull} />;
  return (
    <div className={`field settings-field settings-${checkbox ? 'checkbox' : field.kind}`}>
      {checkbox ? input : null}
      <label htmlFor={ids.id}>{label}</label>
      {checkbox ? null : input}
      {field.nullable && (
        <label className="inline settings-none">
          <input
            type="checkbox"
            checked={isNull}
            aria-label={`${label}: none`}
            onChange={(e) => write(ctx, state.path, e.target.checked ? null : nonNullValue(field))}
          />
          None
        </label>
      )}
      <FieldNotes ids={ids} hint={hint} />
      {(tools || props.optional) && (
        <div className="settings-tools">
          {tools}
          <UnsetButton state={state} ctx={ctx} label={label} optional={props.optional} />
        </div>
      )}
    </div>
  );
}

interface InputProps {
  state: FieldState;
  ctx: FormContext;
  ids: FieldIds;
  disabled: boolean;
}

function common(ids: FieldIds, disabled: boolean) {
  return {
    id: ids.id,
    disabled,
    'aria-invalid': ids.problems.length > 0 ? true : undefined,
    'aria-describedby': ids.describedBy,
  } as const;
}

function ValueInput(props: InputProps): ReactNode {
  const { state, ctx, ids, disabled } = props;
  const { shown } = shownOf(state);
  const field = state.field;
  if (shown?.kind === 'mismatch' || shown?.kind === 'json') return <JsonInput {...props} />;
  const set = (value: unknown) => write(ctx, state.path, value);
  switch (field.kind) {
    case 'text':
      return (
        <input
          {...common(ids, disabled)}
          type="text"
          maxLength={field.maxLength}
          value={shown?.kind === 'text' ? shown.text : ''}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'long-text':
      return (
        <textarea
          {...common(ids, disabled)}
          rows={3}
          maxLength={field.maxLength}
          value={shown?.kind === 'text' ? shown.text : ''}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'integer':
    case 'number':
      return <NumberInput {...props} field={field} />;
    case 'boolean':
      return (
        <input
          {...common(ids, disabled)}
          type="checkbox"
          checked={shown?.kind === 'boolean' && shown.checked}
          onChange={(e) => set(e.target.checked)}
        />
      );
    case 'enum':
      return <EnumSelect {...props} field={field} />;
    case 'const':
      return (
        <output id={ids.id} aria-describedby={ids.describedBy} className="settings-const">
          {optionText(field.value)}
        </output>
      );
    default:
      return <JsonInput {...props} />;
  }
}

/** How an option of a select reads: a string as it is, null as "None", anything else as JSON. */
export const optionText = (value: unknown) =>
  typeof value === 'string' ? value : value === null ? 'None' : JSON.stringify(value);

function EnumSelect(props: InputProps & { field: Field & { kind: 'enum' } }) {
  const { state, ctx, ids, disabled, field } = props;
  const { shown } = shownOf(state);
  const index = shown?.kind === 'enum' ? shown.index : -1;
  return (
    <select
      {...common(ids, disabled)}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => e.target.value !== '' && write(ctx, state.path, field.options[Number(e.target.value)])}
    >
      {index < 0 && <option value="">Choose…</option>}
      {field.options.map((option, i) => (
        <option key={i} value={String(i)}>
          {optionText(option)}
        </option>
      ))}
    </select>
  );
}

/**
 * A number as text the operator types freely: what they type stays in the box while it is not a number yet ('', '-',
 * '1e'), with a note that the setting keeps its value; once it reads as a number of the field's type it is written.
 * ArrowUp/ArrowDown step by one inside the bounds.
 */
function NumberInput(props: InputProps & { field: NumberField }) {
  const { state, ctx, ids, disabled, field } = props;
  const { shown } = shownOf(state);
  const text = shown?.kind === 'number' ? shown.text : '';
  // The typed text, and the value's text it was typed over: a value changed from elsewhere replaces it.
  const [draft, setDraft] = useState<{ text: string; over: string } | null>(null);
  const showing = draft && draft.over === text ? draft.text : text;
  const pending = showing !== text && parseNumber(field, showing) === null;
  const noteId = `${ids.id}-pending`;
  const type = (typed: string) => {
    const n = parseNumber(field, typed);
    setDraft({ text: typed, over: n === null ? text : formatNumber(n) });
    if (n !== null) write(ctx, state.path, n);
  };
  const step = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const current =
      parseNumber(field, showing) ?? (typeof initialValue(field) === 'number' ? Number(initialValue(field)) : 0);
    const min = boundAt(ctx.root, ctx.settings, state.path, field.minimum);
    const max = boundAt(ctx.root, ctx.settings, state.path, field.maximum);
    let next = current + (e.key === 'ArrowUp' ? 1 : -1);
    if (max !== undefined) next = Math.min(next, max);
    if (min !== undefined) next = Math.max(next, min);
    type(formatNumber(next));
  };
  const describedBy = [ids.describedBy, pending ? noteId : ''].filter(Boolean).join(' ') || undefined;
  const nonNegative = typeof field.minimum === 'number' && field.minimum >= 0;
  return (
    <>
      <input
        {...common(ids, disabled)}
        aria-invalid={ids.problems.length > 0 || pending ? true : undefined}
        aria-describedby={describedBy}
        type="text"
        inputMode={field.kind === 'integer' ? (nonNegative ? 'numeric' : 'text') : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        value={disabled ? '' : showing}
        onChange={(e) => type(e.target.value)}
        onKeyDown={step}
      />
      {pending && !disabled && (
        <p id={noteId} className="field-error">
          Not {field.kind === 'integer' ? 'a whole number' : 'a number'} yet: the setting keeps{' '}
          {text === '' ? 'no value' : text}.
        </p>
      )}
    </>
  );
}

/** JSON text, for a value with no input of its own or one that does not fit its field (kept until replaced). */
function JsonInput(props: InputProps) {
  const { state, ctx, ids, disabled } = props;
  const { shown } = shownOf(state);
  const value = shown ? emitValue(shown) : undefined;
  const text = value === undefined ? '' : JSON.stringify(value, null, 2);
  const [draft, setDraft] = useState<{ text: string; over: string } | null>(null);
  const showing = draft && draft.over === text ? draft.text : text;
  const type = (typed: string) => {
    try {
      const parsed: unknown = JSON.parse(typed);
      setDraft({ text: typed, over: JSON.stringify(parsed, null, 2) });
      write(ctx, state.path, parsed);
    } catch {
      setDraft({ text: typed, over: text });
    }
  };
  return (
    <>
      {shown?.kind === 'mismatch' && (
        <p className="warning">
          This value does not fit the setting.{' '}
          <button type="button" onClick={() => write(ctx, state.path, initialValue(state.field))}>
            Replace it with a new value
          </button>
        </p>
      )}
      <textarea
        {...common(ids, disabled)}
        className="code"
        rows={Math.min(8, text.split('\n').length + 1)}
        spellCheck={false}
        value={showing}
        onChange={(e) => type(e.target.value)}
      />
    </>
  );
}
