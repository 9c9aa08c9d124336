import { materialValue, newItem } from './settings-defaults';
import type { ArrayField, Bound, Field, NumberField, ObjectField } from './settings-fields';
import { getAt, hasAt, moveInList, pathOf, pointerOf, removeAt, sameJson, setAt, type Path } from './settings-paths';

// Issue 29: the layout studio's settings form, without React. A section type's resolved schema is described as a tree
// of fields (settings-fields.ts); formState() is what the form shows of a settings object, node by node (the text of
// each input, which option is selected, which optional settings are absent), and emitValue() turns that back into the
// settings. The rule the property tests hold it to: emitValue(formState(field, v)) is v, key for key and in order, for
// every value of the schema, so opening a section and changing nothing changes nothing. Edits go through writeAt,
// unsetAt and the list operations, which copy only what they change.

export { describeField, describeSettings, humanise } from './settings-fields';
export type * from './settings-fields';
export { resolveSchema, schemaIndex, type JsonSchema, type SchemaIndex } from './settings-schema';
export { getAt, hasAt, pathOf, pointerOf, removeAt, sameJson, setAt, type Path } from './settings-paths';
export { initialValue, isDefaultValue, newItem, nonNullValue, withDefaults } from './settings-defaults';

interface StateOf<F extends Field = Field> {
  readonly field: F;
  readonly path: Path;
  /** JSON pointer of `path`, relative to the settings (what the validators' problems carry). */
  readonly pointer: string;
}

export interface PropertyState {
  readonly key: string;
  readonly required: boolean;
  readonly state: FieldState;
}

/** What the form shows of one value. */
export type FieldState =
  /** An optional property its object leaves out; `shown` is its default as the form shows it (null: no default). */
  | (StateOf & { readonly kind: 'absent'; readonly shown: FieldState | null })
  /** null, on a nullable field: its "None" switch is on. */
  | (StateOf & { readonly kind: 'null' })
  | (StateOf<Field & { kind: 'text' | 'long-text' }> & { readonly kind: 'text'; readonly text: string })
  /** The number as its input shows it. */
  | (StateOf<NumberField> & { readonly kind: 'number'; readonly text: string })
  | (StateOf<Field & { kind: 'boolean' }> & { readonly kind: 'boolean'; readonly checked: boolean })
  /** The selected option's index. */
  | (StateOf<Field & { kind: 'enum' }> & { readonly kind: 'enum'; readonly index: number })
  | (StateOf<Field & { kind: 'const' }> & { readonly kind: 'const' })
  | (StateOf<ArrayField> & { readonly kind: 'array'; readonly items: readonly FieldState[] })
  /** `order`: the value's keys as they were; `extra`: properties the schema does not name (kept as they are). */
  | (StateOf<ObjectField> & {
      readonly kind: 'object';
      readonly properties: readonly PropertyState[];
      readonly order: readonly string[];
      readonly extra: Readonly<Record<string, unknown>>;
    })
  /** `option`: the index of the option the value fits. */
  | (StateOf<Field & { kind: 'union' }> & {
      readonly kind: 'union';
      readonly option: number;
      readonly state: FieldState;
    })
  /** A json field's value, or (mismatch) a value that does not fit its field: shown as JSON, kept as it is. */
  | (StateOf & { readonly kind: 'json' | 'mismatch'; readonly value: unknown });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** A number's text in its input: the shortest text that reads back as the same number. */
export const formatNumber = (n: number): string => String(n);
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The number an input's text stands for, of the field's type, or null while it is none yet ('', '-', '1e', '0x10',
 * '2.5' for a whole number). Bounds are not checked here: a number out of bounds is emitted and the validators say why.
 */
export function parseNumber(field: NumberField, text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n) || (field.kind === 'integer' && !Number.isInteger(n))) return null;
  return n === 0 ? 0 : n;
}

/** What the form shows of `value` (undefined: absent) for `field`, at `path` of the settings. */
export function formState(field: Field, value: unknown, path: Path = []): FieldState {
  const at = { path, pointer: pointerOf(path) };
  if (value === undefined)
    return { ...at, field, kind: 'absent', shown: field.hasDefault ? formState(field, field.default, path) : null };
  if (value === null && field.nullable && !(field.kind === 'enum' && field.options.includes(null)))
    return { ...at, field, kind: 'null' };
  return valueState(field, value, path, at) ?? { ...at, field, kind: 'mismatch', value };
}

function valueState(field: Field, value: unknown, path: Path, at: { path: Path; pointer: string }): FieldState | null {
  switch (field.kind) {
    case 'text':
    case 'long-text':
      return typeof value === 'string' ? { ...at, field, kind: 'text', text: value } : null;
    case 'integer':
    case 'number':
      return typeof value === 'number' && parseNumber(field, formatNumber(value)) === value
        ? { ...at, field, kind: 'number', text: formatNumber(value) }
        : null;
    case 'boolean':
      return typeof value === 'boolean' ? { ...at, field, kind: 'boolean', checked: value } : null;
    case 'enum': {
      const index = field.options.findIndex((option) => sameJson(option, value));
      return index < 0 ? null : { ...at, field, kind: 'enum', index };
    }
    case 'const':
      return sameJson(field.value, value) ? { ...at, field, kind: 'const' } : null;
    case 'array':
      return Array.isArray(value)
        ? { ...at, field, kind: 'array', items: value.map((item, i) => formState(field.item, item, [...path, i])) }
        : null;
    case 'object':
      return isRecord(value) ? objectState(field, value, path, at) : null;
    case 'union': {
      const option = field.options.findIndex((o) => fits(o, value));
      return option < 0
        ? null
        : { ...at, field, kind: 'union', option, state: formState(field.options[option]!, value, path) };
    }
    case 'json':
      return { ...at, field, kind: 'json', value };
  }
}

function objectState(
  field: ObjectField,
  value: Record<string, unknown>,
  path: Path,
  at: { path: Path; pointer: string },
): FieldState {
  const named = new Set(field.properties.map((p) => p.key));
  const properties = field.properties.map(({ key, required, field: child }) => ({
    key,
    required,
    state: formState(child, has(value, key) ? value[key] : undefined, [...path, key]),
  }));
  const extra = Object.fromEntries(Object.entries(value).filter(([key]) => !named.has(key)));
  return { ...at, field, kind: 'object', properties, order: Object.keys(value), extra };
}

/** Whether `value` is one `field` can show field by field (every required property there, nothing that mismatches). */
export function fits(field: Field, value: unknown): boolean {
  const state = formState(field, value);
  return state.kind !== 'absent' && fitsState(state);
}

function fitsState(state: FieldState): boolean {
  switch (state.kind) {
    case 'mismatch':
      return false;
    case 'array':
      return state.items.every(fitsState);
    case 'union':
      return fitsState(state.state);
    case 'object':
      return state.properties.every((p) => (p.state.kind === 'absent' ? !p.required : fitsState(p.state)));
    default:
      return true;
  }
}

/** The value a state stands for; undefined for an absent property (its object leaves the key out). */
export function emitValue(state: FieldState): unknown {
  switch (state.kind) {
    case 'absent':
      return undefined;
    case 'null':
      return null;
    case 'text':
      return state.text;
    case 'number':
      return parseNumber(state.field, state.text);
    case 'boolean':
      return state.checked;
    case 'enum':
      return state.field.options[state.index];
    case 'const':
      return state.field.value;
    case 'array':
      return state.items.map(emitValue);
    case 'object':
      return emitObject(state);
    case 'union':
      return emitValue(state.state);
    case 'json':
    case 'mismatch':
      return state.value;
  }
}

function emitObject(state: FieldState & { kind: 'object' }): Record<string, unknown> {
  const byKey = new Map(state.properties.map((p) => [p.key, p.state]));
  const keys = [...state.order, ...state.properties.map((p) => p.key).filter((k) => !state.order.includes(k))];
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const child = byKey.get(key);
    const value = child ? emitValue(child) : state.extra[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Every pointer the form shows a field at (a problem elsewhere goes in the list above the form). */
export function shownPointers(state: FieldState, out = new Set<string>()): Set<string> {
  out.add(state.pointer);
  if (state.kind === 'absent' && state.shown) shownPointers(state.shown, out);
  if (state.kind === 'array') for (const item of state.items) shownPointers(item, out);
  if (state.kind === 'object') for (const p of state.properties) shownPointers(p.state, out);
  if (state.kind === 'union') shownPointers(state.state, out);
  return out;
}

/** The field of the value at `path` (a union's option is the one the value there fits); undefined when none. */
export function fieldAt(root: Field, settings: unknown, path: Path): Field | undefined {
  let field: Field | undefined = root;
  for (let depth = 0; field && depth <= path.length; depth++) {
    if (field.kind === 'union') {
      const value = getAt(settings, path.slice(0, depth));
      field = field.options.find((o) => fits(o, value)) ?? field.options[0];
    }
    if (!field || depth === path.length) break;
    const token: string | number = path[depth]!;
    if (field.kind === 'array') field = field.item;
    else if (field.kind === 'object') field = field.properties.find((p) => p.key === String(token))?.field;
    else field = undefined;
  }
  return field;
}

const isContainer = (v: unknown) => typeof v === 'object' && v !== null;

/**
 * The settings with `value` at `path`. An object or list on the way that is absent (the form showed its default) is
 * first written as the form showed it, its default, else a new value of its field, so the edit lands in it.
 */
export function writeAt(root: Field, settings: unknown, path: Path, value: unknown): unknown {
  let next = settings;
  for (let depth = 0; depth < path.length; depth++) {
    const at = path.slice(0, depth);
    if (isContainer(getAt(next, at))) continue;
    const field = fieldAt(root, next, at);
    next = setAt(next, at, field ? materialValue(field) : typeof path[depth] === 'number' ? [] : {});
  }
  return setAt(next, path, value);
}

/** The settings without the optional property at `path` (back to its default, or not set). */
export function unsetAt(settings: unknown, path: Path): unknown {
  return removeAt(settings, path);
}

/** The list at `path` as the form shows it: its items, else its default's, else none. */
function listAt(root: Field, settings: unknown, path: Path): { field: ArrayField; items: readonly unknown[] } | null {
  const field = fieldAt(root, settings, path);
  if (field?.kind !== 'array') return null;
  const value = getAt(settings, path);
  const items = Array.isArray(value) ? value : hasAt(settings, path) ? null : materialValue(field);
  return Array.isArray(items) ? { field, items } : null;
}

export const canAddItem = (field: ArrayField, length: number) =>
  field.maxItems === undefined || length < field.maxItems;
export const canRemoveItem = (field: ArrayField, length: number) => length > field.minItems;

/** A new item at the end of the list at `path` (unchanged at maxItems). */
export function addItem(root: Field, settings: unknown, path: Path): unknown {
  const list = listAt(root, settings, path);
  if (!list || !canAddItem(list.field, list.items.length)) return settings;
  return writeAt(root, settings, path, [...list.items, newItem(list.field, list.items)]);
}

/** The list at `path` without its item `index` (unchanged at minItems). */
export function removeItem(root: Field, settings: unknown, path: Path, index: number): unknown {
  const list = listAt(root, settings, path);
  if (!list || index < 0 || index >= list.items.length || !canRemoveItem(list.field, list.items.length))
    return settings;
  return writeAt(root, settings, path, [...list.items.slice(0, index), ...list.items.slice(index + 1)]);
}

/** The list at `path` with its item `from` moved to `to`. */
export function moveItem(root: Field, settings: unknown, path: Path, from: number, to: number): unknown {
  const list = listAt(root, settings, path);
  if (!list || from < 0 || from >= list.items.length || to < 0 || to >= list.items.length || from === to)
    return settings;
  return writeAt(root, settings, path, moveInList(list.items, from, to));
}

/**
 * A bound's value for the field at `path`: a number, or the value its relative pointer names ('1/expanded': the
 * sibling expanded), that value's default when it is absent; undefined when there is none.
 */
export function boundAt(root: Field, settings: unknown, path: Path, bound: Bound | undefined): number | undefined {
  if (bound === undefined || typeof bound === 'number') return bound;
  const match = /^(\d+)(\/.*)?$/.exec(bound.from);
  if (!match) return undefined;
  const up = Number(match[1]);
  if (up > path.length) return undefined;
  const target = [...path.slice(0, path.length - up), ...pathOf(match[2] ?? '')];
  const value = hasAt(settings, target) ? getAt(settings, target) : fieldAt(root, settings, target)?.default;
  return typeof value === 'number' ? value : undefined;
}
