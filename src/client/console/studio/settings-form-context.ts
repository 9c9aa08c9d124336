import type { ReactNode } from 'react';
import { boundAt, writeAt, type Field, type FieldState, type Path } from '../../../shared/console/settings-model';

// What every part of the settings form (settings-form.tsx) shares: the settings being edited, how to write into them,
// the validators' problems by pointer, and stable element ids. The form draws its nodes through `node`, so the list and
// input parts draw nested fields without importing the form back.

/** A problem of the settings, as `layouts:check` words it; `pointer` is relative to the settings ('/grids/0/count'). */
export interface SettingsProblem {
  readonly pointer: string;
  readonly message: string;
}

export interface NodeProps {
  readonly state: FieldState;
  readonly ctx: FormContext;
  /** Else the field's own label (an item is "Links 2"). */
  readonly label?: string;
  /** An optional property: it can be reset to its default or removed. */
  readonly optional?: boolean;
  /** An item's buttons (move, remove), drawn with its field. */
  readonly tools?: ReactNode;
  /** An item of a list of values: its description and rule are said once, by the list. */
  readonly item?: boolean;
}

export interface FormContext {
  readonly root: Field;
  readonly settings: unknown;
  readonly change: (next: unknown) => void;
  readonly problems: ReadonlyMap<string, readonly string[]>;
  readonly idPrefix: string;
  readonly node: (props: NodeProps) => ReactNode;
}

/** Problems grouped by pointer, in their order. */
export function problemsByPointer(problems: readonly SettingsProblem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of problems) out.set(p.pointer, [...(out.get(p.pointer) ?? []), p.message]);
  return out;
}

/** An element id for a pointer: every character but letters, digits and '-' spelled out, so two pointers never meet. */
export const idOf = (ctx: FormContext, pointer: string, part = 'field') =>
  `${ctx.idPrefix}-${part}${pointer.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(36)}`)}`;

/** Writes `value` at `path` and hands the new settings to the form's owner. */
export function write(ctx: FormContext, path: Path, value: unknown) {
  ctx.change(writeAt(ctx.root, ctx.settings, path, value));
}

/** What the form shows for a state: its value's state (an absent one's default), and whether it is set. */
export function shownOf(state: FieldState): { shown: FieldState | null; presence: 'set' | 'default' | 'unset' } {
  if (state.kind !== 'absent') return { shown: state, presence: 'set' };
  return state.shown ? { shown: state.shown, presence: 'default' } : { shown: null, presence: 'unset' };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const between = (low: string | undefined, high: string | undefined) =>
  low !== undefined && high !== undefined
    ? `from ${low} to ${high}`
    : low !== undefined
      ? `${low} or more`
      : `up to ${high}`;

function boundWords(
  ctx: FormContext,
  path: Path,
  field: Field & { kind: 'integer' | 'number' },
  which: 'minimum' | 'maximum',
) {
  const bound = field[which];
  if (bound === undefined) return undefined;
  const value = boundAt(ctx.root, ctx.settings, path, bound);
  if (typeof bound === 'number') return String(bound);
  const name = bound.from.split('/').at(-1) ?? bound.from;
  return value === undefined ? `the value of ${name}` : `${value} (${name})`;
}

/** The rule a field's input follows, in words ("A whole number from 1 to 100."), or ''. */
export function ruleWords(ctx: FormContext, path: Path, field: Field): string {
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const what = field.kind === 'integer' ? 'A whole number' : 'A number';
      const low = boundWords(ctx, path, field, 'minimum');
      const high = boundWords(ctx, path, field, 'maximum');
      return low === undefined && high === undefined ? `${what}.` : `${what} ${between(low, high)}.`;
    }
    case 'text':
    case 'long-text': {
      const low = field.minLength ? String(field.minLength) : undefined;
      const high = field.maxLength !== undefined ? String(field.maxLength) : undefined;
      return low === undefined && high === undefined
        ? ''
        : `${between(low, high)} characters.`.replace(/^./, (c) => c.toUpperCase());
    }
    case 'array': {
      if (field.maxItems === undefined && field.minItems === 0) return field.uniqueItems ? 'Each entry different.' : '';
      const range =
        field.maxItems === undefined
          ? `At least ${count(field.minItems, 'entry', 'entries')}`
          : field.minItems === 0
            ? `Up to ${count(field.maxItems, 'entry', 'entries')}`
            : `${field.minItems} to ${count(field.maxItems, 'entry', 'entries')}`;
      return `${range}${field.uniqueItems ? ', each different' : ''}.`;
    }
    default:
      return '';
  }
}

/** A default worth naming beside its field (a value, not an object or a list). */
export function defaultWords(field: Field): string {
  if (!field.hasDefault || typeof field.default === 'object')
    return field.hasDefault && field.default === null ? 'Default: none.' : '';
  return `Default: ${typeof field.default === 'string' ? `“${field.default}”` : String(field.default)}.`;
}
