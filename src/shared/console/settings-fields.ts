import type { DataRef, JsonSchema } from './settings-schema';

// Issue 29: what the layout studio's settings form shows for a (resolved) settings schema: one field per schema node,
// each with its label, help text and input kind. Every construct schemas/sections/*.schema.json and
// schemas/common.schema.json use has a kind (strings, long texts, integers with fixed or $data bounds, booleans, enums,
// `type: [x, 'null']`, arrays of values and of objects, nested objects, defaults); anyOf/oneOf, const and type lists
// (none used today) have one too, and a node the form cannot edit field by field is edited as JSON text.

interface FieldBase {
  /** The schema's title, else the property's name in words ("bannerPositions" → "Banner positions"). */
  readonly label: string;
  readonly description?: string;
  /** The value may also be null: the form shows a "None" switch beside the input. */
  readonly nullable: boolean;
  /** The schema's default ('default' in schema), filled in by validation when the property is absent. */
  readonly hasDefault: boolean;
  readonly default?: unknown;
  /** The resolved schema node the field was made from. */
  readonly schema: JsonSchema;
}

/** Text; 'long-text' when it may be longer than a line (maxLength over 200): a text area. */
export interface TextField extends FieldBase {
  readonly kind: 'text' | 'long-text';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** A bound: a number, or another value of the settings named by a relative JSON pointer ('1/expanded'). */
export type Bound = number | { readonly from: string };

export interface NumberField extends FieldBase {
  readonly kind: 'integer' | 'number';
  readonly minimum?: Bound;
  readonly maximum?: Bound;
}

export interface BooleanField extends FieldBase {
  readonly kind: 'boolean';
}

/** One of a list of values: a select. */
export interface EnumField extends FieldBase {
  readonly kind: 'enum';
  readonly options: readonly unknown[];
}

/** A value that can be only one thing (`const`, `type: 'null'`): shown, not edited. */
export interface ConstField extends FieldBase {
  readonly kind: 'const';
  readonly value: unknown;
}

export interface ArrayField extends FieldBase {
  readonly kind: 'array';
  readonly item: Field;
  readonly minItems: number;
  readonly maxItems?: number;
  readonly uniqueItems: boolean;
}

export interface Property {
  readonly key: string;
  /** In the schema's `required`: the form offers no way to remove it. */
  readonly required: boolean;
  readonly field: Field;
}

export interface ObjectField extends FieldBase {
  readonly kind: 'object';
  /** In the schema's order. */
  readonly properties: readonly Property[];
}

/** One of several schemas (anyOf / oneOf, or a type list such as ['string', 'integer']): pick one, then its input. */
export interface UnionField extends FieldBase {
  readonly kind: 'union';
  readonly options: readonly Field[];
}

/** A node with no input of its own (no type, or an open object without properties): edited as JSON text. */
export interface JsonField extends FieldBase {
  readonly kind: 'json';
}

export type Field =
  TextField | NumberField | BooleanField | EnumField | ConstField | ArrayField | ObjectField | UnionField | JsonField;

export type FieldKind = Field['kind'];

/** Longer than this many characters: a text area rather than a line. */
const LINE_LENGTH = 200;
const UNITS: Readonly<Record<string, string>> = { ms: 'ms', px: 'px' };

/** A property name in words: 'listHeightPx' → 'List height (px)', 'banner_dimension' → 'Banner dimension'. */
export function humanise(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  const last = words.at(-1);
  const unit = words.length > 1 && last !== undefined ? UNITS[last] : undefined;
  if (unit) words[words.length - 1] = `(${unit})`;
  const text = words.join(' ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'Value';
}

const isDataRef = (v: unknown): v is DataRef =>
  typeof v === 'object' && v !== null && typeof (v as DataRef).$data === 'string';

function bound(value: number | DataRef | undefined): Bound | undefined {
  if (typeof value === 'number') return value;
  return isDataRef(value) ? { from: value.$data } : undefined;
}

function base(schema: JsonSchema, name: string, nullable: boolean): FieldBase {
  return {
    label: schema.title ?? humanise(name),
    ...(schema.description !== undefined ? { description: schema.description } : {}),
    nullable,
    hasDefault: 'default' in schema,
    ...('default' in schema ? { default: schema.default } : {}),
    schema,
  };
}

const typesOf = (schema: JsonSchema): readonly string[] =>
  typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);

/** A schema without a `type` says what it is by its other keywords. */
function impliedType(schema: JsonSchema): string | undefined {
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** The field of a resolved schema node; `name` is its property's name (or what it is, for a root or an item). */
export function describeField(schema: JsonSchema, name: string): Field {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return describeChoices(schema, choices, name);
  if ('const' in schema) return { ...base(schema, name, false), kind: 'const', value: schema.const };
  const types = typesOf(schema);
  const nullable = types.includes('null');
  if (schema.enum) return { ...base(schema, name, false), kind: 'enum', options: schema.enum };
  const others = types.filter((t) => t !== 'null');
  if (others.length > 1) {
    const options = others.map((t) => describeField({ ...schema, type: t, title: humanise(t) }, t));
    return { ...base(schema, name, nullable), kind: 'union', options };
  }
  const type = others[0] ?? (nullable ? 'null' : impliedType(schema));
  return describeTyped(schema, name, type, nullable);
}

function describeTyped(schema: JsonSchema, name: string, type: string | undefined, nullable: boolean): Field {
  const common = base(schema, name, nullable);
  switch (type) {
    case 'string':
      return {
        ...common,
        kind: (schema.maxLength ?? Infinity) > LINE_LENGTH ? 'long-text' : 'text',
        ...(schema.minLength !== undefined ? { minLength: schema.minLength } : {}),
        ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
        ...(schema.pattern !== undefined ? { pattern: schema.pattern } : {}),
      };
    case 'integer':
    case 'number':
      return { ...common, kind: type, ...numberBounds(schema, type === 'integer') };
    case 'boolean':
      return { ...common, kind: 'boolean' };
    case 'null':
      return { ...common, nullable: false, kind: 'const', value: null };
    case 'array':
      return {
        ...common,
        kind: 'array',
        item: describeField(schema.items ?? {}, `${common.label} item`),
        minItems: schema.minItems ?? 0,
        ...(schema.maxItems !== undefined ? { maxItems: schema.maxItems } : {}),
        uniqueItems: schema.uniqueItems === true,
      };
    case 'object':
      return schema.properties
        ? { ...common, kind: 'object', properties: describeProperties(schema) }
        : jsonField(common);
    default:
      return jsonField(common);
  }
}

const jsonField = (common: FieldBase): JsonField => ({ ...common, kind: 'json' });

/** Integer bounds with exclusive ones folded in (5 < x is 6 <= x); a number keeps its inclusive bounds only. */
function numberBounds(schema: JsonSchema, integer: boolean): Pick<NumberField, 'minimum' | 'maximum'> {
  let minimum = bound(schema.minimum);
  let maximum = bound(schema.maximum);
  if (integer && typeof schema.exclusiveMinimum === 'number') {
    const m = Math.floor(schema.exclusiveMinimum) + 1;
    minimum = typeof minimum === 'number' ? Math.max(minimum, m) : m;
  }
  if (integer && typeof schema.exclusiveMaximum === 'number') {
    const m = Math.ceil(schema.exclusiveMaximum) - 1;
    maximum = typeof maximum === 'number' ? Math.min(maximum, m) : m;
  }
  return { ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) };
}

function describeProperties(schema: JsonSchema): Property[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, child]) => ({
    key,
    required: required.has(key),
    field: describeField(child, key),
  }));
}

/** anyOf/oneOf: `[X, {type: 'null'}]` is a nullable X; anything else a union of its options. */
function describeChoices(schema: JsonSchema, choices: readonly JsonSchema[], name: string): Field {
  const { anyOf: _a, oneOf: _o, ...rest } = schema;
  const isNull = (c: JsonSchema) => c.type === 'null' || ('const' in c && c.const === null);
  const others = choices.filter((c) => !isNull(c));
  const nullable = others.length < choices.length;
  if (others.length === 1 && nullable) {
    const only = describeField({ ...others[0], ...rest }, name);
    return { ...only, nullable: true };
  }
  const options = choices.map((c, i) => describeField(c, c.title ?? `Option ${i + 1}`));
  return { ...base(rest, name, false), kind: 'union', options };
}

/** The form of a section type's settings: the root field of its resolved schema. */
export function describeSettings(schema: JsonSchema): Field {
  return describeField(schema, 'settings');
}
