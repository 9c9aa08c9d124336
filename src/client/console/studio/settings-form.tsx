import { useMemo, type ReactNode } from 'react';
import {
  describeSettings,
  formState,
  initialValue,
  shownPointers,
  type FieldState,
  type JsonSchema,
  type ObjectField,
  type UnionField,
} from '../../../shared/console/settings-model';
import {
  idOf,
  problemsByPointer,
  shownOf,
  write,
  type FormContext,
  type NodeProps,
  type SettingsProblem,
} from './settings-form-context';
import { SETTINGS_FORM_STYLES } from './settings-form-styles';
import { FieldNotes, fieldIds, UnsetButton, ValueField } from './settings-inputs';
import { ListField } from './settings-list';

export type { SettingsProblem } from './settings-form-context';

// Issue 29: a section's settings form, generated from its type's schema (src/shared/console/settings-model.ts), so a
// section type added to the contract gets a form with no studio code. Controlled: it shows `value` and hands every
// edit to onChange as new settings; opening it and changing nothing emits nothing. An optional setting left out of the
// settings shows its default and stays out until the operator sets it. The validators' problems show beside their
// fields; a problem of a setting the form does not show is listed above it.

export interface SettingsFormProps {
  /** The section type's settings schema, every $ref resolved (CatalogueEntry.schema). */
  schema: JsonSchema;
  /** The section's settings as they are (not yet validated: no defaults filled in). */
  value: unknown;
  /** New settings after an edit; the value given stays untouched. */
  onChange: (next: unknown) => void;
  /** What the validators say, pointers relative to the settings ('/collapsed', '/grids/0/count'). */
  problems: readonly SettingsProblem[];
  /** Prefix of every element id: unique on the page. */
  idPrefix: string;
}

export function SettingsForm(props: SettingsFormProps) {
  const root = useMemo(() => describeSettings(props.schema), [props.schema]);
  const state = formState(root, props.value);
  const shown = shownPointers(state);
  const stray = props.problems.filter((p) => !shown.has(p.pointer) || (p.pointer === '' && state.kind === 'object'));
  const ctx: FormContext = {
    root,
    settings: props.value,
    change: props.onChange,
    problems: problemsByPointer(props.problems.filter((p) => !stray.includes(p))),
    idPrefix: props.idPrefix,
    node: FieldNode,
  };
  return (
    <div className="settings-form">
      <style>{SETTINGS_FORM_STYLES}</style>
      {stray.length > 0 && (
        <div className="settings-stray" role="group" aria-label="Problems of the settings">
          <p className="error">Problems of the settings:</p>
          <ul>
            {stray.map((p, i) => (
              <li key={i}>
                {p.pointer ? <code>{p.pointer}</code> : null} {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.kind === 'object' ? <Properties state={state} ctx={ctx} /> : <FieldNode state={state} ctx={ctx} />}
    </div>
  );
}

function Properties(props: { state: FieldState & { kind: 'object' }; ctx: FormContext }): ReactNode {
  const { state, ctx } = props;
  if (state.properties.length === 0) return <p className="hint">This section has no settings.</p>;
  return (
    <div className="settings-fields">
      {state.properties.map((p) => (
        <FieldNode key={p.key} state={p.state} ctx={ctx} optional={!p.required} />
      ))}
    </div>
  );
}

/** One setting, drawn by its field's kind (a value that does not fit its field is shown as JSON). */
function FieldNode(props: NodeProps): ReactNode {
  const { state } = props;
  const { shown } = shownOf(state);
  if (shown?.kind === 'mismatch') return <ValueField {...props} />;
  switch (state.field.kind) {
    case 'array':
      return <ListField {...props} state={state as FieldState & { field: typeof state.field }} />;
    case 'object':
      return <ObjectGroup {...props} state={state as FieldState & { field: typeof state.field }} />;
    case 'union':
      return <UnionGroup {...props} state={state as FieldState & { field: typeof state.field }} />;
    default:
      return <ValueField {...props} />;
  }
}

/** A nested object: its settings in a group named by it; one left out without a default has an Add button. */
function ObjectGroup(props: NodeProps & { state: FieldState & { field: ObjectField } }) {
  const { state, ctx, tools } = props;
  const field = state.field;
  const label = props.label ?? field.label;
  const { shown } = shownOf(state);
  const hint = field.description ?? '';
  const ids = fieldIds(ctx, state, hint);
  return (
    <fieldset className="settings-object" id={ids.id} aria-describedby={ids.describedBy}>
      <legend>{label}</legend>
      <FieldNotes ids={ids} hint={hint} />
      {shown?.kind === 'object' ? (
        <Properties state={shown} ctx={ctx} />
      ) : (
        <button type="button" onClick={() => write(ctx, state.path, initialValue(field))}>
          Add {label}
        </button>
      )}
      {(tools || props.optional) && (
        <div className="settings-tools">
          {tools}
          <UnsetButton state={state} ctx={ctx} label={label} optional={props.optional} />
        </div>
      )}
    </fieldset>
  );
}

/** One of several shapes: a select of the shape (or None), then the value's own field (which shows its problems). */
function UnionGroup(props: NodeProps & { state: FieldState & { field: UnionField } }) {
  const { state, ctx, tools } = props;
  const field = state.field;
  const label = props.label ?? field.label;
  const { shown } = shownOf(state);
  const choice = shown?.kind === 'union' ? String(shown.option) : shown?.kind === 'null' ? 'none' : '';
  const id = idOf(ctx, state.pointer, 'kind');
  const choose = (value: string) => {
    const chosen = field.options[Number(value)];
    if (value === 'none') write(ctx, state.path, null);
    else if (chosen) write(ctx, state.path, initialValue(chosen));
  };
  return (
    <fieldset className="settings-object" aria-describedby={field.description ? `${id}-hint` : undefined}>
      <legend>{label}</legend>
      {field.description && (
        <p id={`${id}-hint`} className="hint">
          {field.description}
        </p>
      )}
      <div className="field settings-field">
        <label htmlFor={id}>Kind of {label}</label>
        <select id={id} value={choice} onChange={(e) => choose(e.target.value)}>
          {choice === '' && <option value="">Choose…</option>}
          {field.nullable && <option value="none">None</option>}
          {field.options.map((o, i) => (
            <option key={i} value={String(i)}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {shown?.kind === 'union' && (
        <FieldNode state={shown.state} ctx={ctx} label={field.options[shown.option]?.label ?? label} />
      )}
      {(tools || props.optional) && (
        <div className="settings-tools">
          {tools}
          <UnsetButton state={state} ctx={ctx} label={label} optional={props.optional} />
        </div>
      )}
    </fieldset>
  );
}
