import { useEffect, useRef } from 'react';
import {
  addItem,
  canAddItem,
  canRemoveItem,
  moveItem,
  removeItem,
  type ArrayField,
  type FieldState,
} from '../../../shared/console/settings-model';
import { idOf, ruleWords, shownOf, type NodeProps } from './settings-form-context';
import { FieldNotes, fieldIds, UnsetButton } from './settings-inputs';

// A list setting (issue 29): its items in order, each with Move up, Move down and Remove (named after the item, e.g.
// "Move Links 2 up"), and an Add button; at minItems Remove is off, at maxItems Add is. The keyboard stays on the item
// it acted on: a moved item's button keeps the focus, a new item's first input takes it.

const CONTAINERS = new Set(['object', 'array', 'union']);
const lowerFirst = (text: string) => text.replace(/^./, (c) => c.toLowerCase());

/** Focus, after the next render, the element with an id (or the first input inside it): set before an edit. */
function useFocusAfterChange() {
  const next = useRef<string | null>(null);
  useEffect(() => {
    if (!next.current) return;
    const target = document.getElementById(next.current);
    const focusable = target?.matches('button, input, select, textarea')
      ? target
      : target?.querySelector<HTMLElement>('input, select, textarea, output, button');
    focusable?.focus();
    next.current = null;
  });
  return next;
}

interface ItemToolsProps {
  index: number;
  count: number;
  itemLabel: string;
  canRemove: boolean;
  toolId: (index: number, what: string) => string;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ItemTools({ index, count, itemLabel, canRemove, toolId, onMove, onRemove }: ItemToolsProps) {
  return (
    <span className="settings-item-tools">
      <button
        type="button"
        id={toolId(index, 'up')}
        disabled={index === 0}
        aria-label={`Move ${itemLabel} up`}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        id={toolId(index, 'down')}
        disabled={index === count - 1}
        aria-label={`Move ${itemLabel} down`}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="danger"
        disabled={!canRemove}
        aria-label={`Remove ${itemLabel}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </span>
  );
}

export function ListField(props: NodeProps & { state: FieldState & { field: ArrayField } }) {
  const { state, ctx, tools } = props;
  const field = state.field;
  const label = props.label ?? field.label;
  const { shown } = shownOf(state);
  const items = shown?.kind === 'array' ? shown.items : [];
  const values = !CONTAINERS.has(field.item.kind);
  const each = values ? ruleWords(ctx, [...state.path, 0], field.item) : '';
  const hint = [field.description, ruleWords(ctx, state.path, field), each && `Each: ${lowerFirst(each)}`]
    .filter(Boolean)
    .join(' ');
  const ids = fieldIds(ctx, state, hint);
  const focusNext = useFocusAfterChange();
  const itemLabel = (i: number) => `${label} ${i + 1}`;
  const toolId = (i: number, what: string) => `${idOf(ctx, `${state.pointer}/${i}`, 'item')}-${what}`;
  const change = (next: unknown, focus: string) => {
    focusNext.current = focus;
    ctx.change(next);
  };
  // A moved item's button keeps the focus; at the list's end that button is off, so its other one takes it.
  const move = (from: number, to: number) => {
    const button = to === 0 ? 'down' : to === items.length - 1 ? 'up' : to < from ? 'up' : 'down';
    change(moveItem(ctx.root, ctx.settings, state.path, from, to), toolId(to, button));
  };
  const itemTools = (i: number) => (
    <ItemTools
      index={i}
      count={items.length}
      itemLabel={itemLabel(i)}
      canRemove={canRemoveItem(field, items.length)}
      toolId={toolId}
      onMove={(to) => move(i, to)}
      onRemove={() => change(removeItem(ctx.root, ctx.settings, state.path, i), toolId(0, 'add'))}
    />
  );
  return (
    <fieldset className="settings-list" aria-describedby={ids.describedBy}>
      <legend>{label}</legend>
      <FieldNotes ids={ids} hint={hint} />
      {items.length > 0 && (
        <ol className={values ? 'settings-items settings-values' : 'settings-items'}>
          {items.map((item, i) => (
            <li key={i} id={idOf(ctx, item.pointer, 'item')}>
              {ctx.node({ state: item, ctx, label: itemLabel(i), tools: itemTools(i), item: values })}
            </li>
          ))}
        </ol>
      )}
      <div className="settings-tools">
        <button
          type="button"
          id={toolId(0, 'add')}
          disabled={!canAddItem(field, items.length)}
          onClick={() =>
            change(addItem(ctx.root, ctx.settings, state.path), idOf(ctx, `${state.pointer}/${items.length}`, 'item'))
          }
        >
          Add to {label}
        </button>
        {tools}
        <UnsetButton state={state} ctx={ctx} label={label} optional={props.optional} />
      </div>
    </fieldset>
  );
}
