import type { ArrayField, Field, ObjectField } from './settings-fields';
import { sameJson } from './settings-paths';

// Issue 29: the values the layout studio starts from. A new section gets its schema's defaults (as validation would
// fill them in) plus the smallest valid value of every required setting that has none, so it passes the validators
// whenever its schema allows: the least count, the first option of a select, false, an empty list or as few items as
// the list needs, a text made of its own label (or "/" for a path).

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of a new `field`: its default (completed), else null when it may be null, else its smallest valid value. */
export function initialValue(field: Field): unknown {
  if (field.hasDefault) return completeValue(field, structuredClone(field.default));
  if (field.nullable) return null;
  return smallestValue(field);
}

/** The first value that is not null: for turning a "None" switch off. */
export function nonNullValue(field: Field): unknown {
  if (field.hasDefault && field.default !== null) return completeValue(field, structuredClone(field.default));
  return smallestValue(field);
}

/** What the form writes when an absent container gets its first edit: what it showed (its default), else a new one. */
export function materialValue(field: Field): unknown {
  return field.hasDefault ? structuredClone(field.default) : initialValue(field);
}

function smallestValue(field: Field): unknown {
  switch (field.kind) {
    case 'text':
    case 'long-text':
      return textCandidates(field).find((t) => textFits(field, t)) ?? ''.padEnd(field.minLength ?? 0, 'a');
    case 'integer':
    case 'number':
      return smallestNumber(field.minimum, field.maximum);
    case 'boolean':
      return false;
    case 'enum':
      return field.options[0] ?? null;
    case 'const':
      return field.value;
    case 'array':
      return itemsUpTo(field, [], field.minItems);
    case 'object':
      return completeValue(field, {});
    case 'union':
      return field.options[0] ? initialValue(field.options[0]) : null;
    case 'json':
      return null;
  }
}

/** The least number inside fixed bounds (0 when none says otherwise); a bound read from another value is left out. */
function smallestNumber(minimum: unknown, maximum: unknown): number {
  if (typeof minimum === 'number') return minimum;
  if (typeof maximum === 'number' && maximum < 0) return maximum;
  return 0;
}

function textFits(field: Field & { kind: 'text' | 'long-text' }, text: string): boolean {
  const length = Array.from(text).length;
  if (field.minLength !== undefined && length < field.minLength) return false;
  if (field.maxLength !== undefined && length > field.maxLength) return false;
  return field.pattern === undefined || new RegExp(field.pattern, 'u').test(text);
}

function textCandidates(field: Field & { kind: 'text' | 'long-text' }): string[] {
  const slug = field.label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return [field.label, '', '/', `/${slug}`, slug, 'a'.repeat(Math.max(1, field.minLength ?? 1))];
}

/** `value` with every absent property that has a default or is required filled in, all the way down. */
export function completeValue(field: Field, value: unknown): unknown {
  if (field.kind === 'object' && isRecord(value)) return completeObject(field, value);
  if (field.kind === 'array' && Array.isArray(value)) return value.map((item) => completeValue(field.item, item));
  return value;
}

function completeObject(field: ObjectField, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const { key, required, field: child } of field.properties) {
    if (Object.prototype.hasOwnProperty.call(value, key)) out[key] = completeValue(child, value[key]);
    else if (required || child.hasDefault) out[key] = initialValue(child);
  }
  return out;
}

/** `value` as validation leaves it: every absent property that has a default given it, all the way down (ajv's useDefaults). */
export function withDefaults(field: Field, value: unknown): unknown {
  if (field.kind === 'array' && Array.isArray(value)) return value.map((item) => withDefaults(field.item, item));
  if (field.kind !== 'object' || !isRecord(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const { key, field: child } of field.properties) {
    if (Object.prototype.hasOwnProperty.call(value, key)) out[key] = withDefaults(child, value[key]);
    else if (child.hasDefault) out[key] = withDefaults(child, child.default);
  }
  return out;
}

/** Whether a value means the same as its field's default once validation has filled both in (e.g. {} and a full object). */
export function isDefaultValue(field: Field, value: unknown): boolean {
  return field.hasDefault && sameJson(withDefaults(field, value), withDefaults(field, field.default));
}

/** Values an item could take, the new item's first: a list of unique items takes the first one not in it yet. */
function itemCandidates(field: Field): unknown[] {
  const first = initialValue(field);
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const from = typeof first === 'number' ? first : 0;
      const to = typeof field.maximum === 'number' ? field.maximum : from + 1000;
      return Array.from({ length: Math.max(1, Math.min(1000, to - from + 1)) }, (_, i) => from + i);
    }
    case 'enum':
      return [first, ...field.options];
    case 'boolean':
      return [false, true];
    case 'text':
    case 'long-text':
      return [first, ...Array.from({ length: 50 }, (_, i) => `${String(first)} ${i + 2}`)];
    default:
      return [first];
  }
}

/** The item the form adds to a list holding `items`: a new one, and one not in the list when items must be unique. */
export function newItem(field: ArrayField, items: readonly unknown[]): unknown {
  if (!field.uniqueItems) return initialValue(field.item);
  const free = itemCandidates(field.item).find((c) => !items.some((item) => sameJson(item, c)));
  return free === undefined ? initialValue(field.item) : structuredClone(free);
}

function itemsUpTo(field: ArrayField, items: readonly unknown[], length: number): unknown[] {
  const out = [...items];
  while (out.length < length) out.push(newItem(field, out));
  return out;
}
