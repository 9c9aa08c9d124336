import { useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  duplicateSection,
  isObject,
  moveSection,
  removeSection,
  replaceSection,
  sectionsOf,
  type Json,
  type JsonObject,
} from '../../../shared/console/studio-document';
import type { StudioProblem } from '../../../shared/contract/layout-studio';
import { catalogueEntry } from './section-catalogue';
import { SettingsForm } from './settings-form';

// The document's sections in order (issue 29): drag a row by its handle (pointer, or keyboard: Space picks it up, the
// arrow keys move it, Space drops it; dnd-kit announces each step to screen readers), or use its Move up / Move down
// buttons; duplicate, remove, and open a section to edit its id, placement and settings (a form generated from its
// type's schema). Each row shows the problems the server's check found in it.

/** A section's problems: `pointer` relative to its settings ('' = the section itself). */
function problemsOf(problems: readonly StudioProblem[], index: number) {
  const prefix = `/sections/${index}`;
  const own: StudioProblem[] = [];
  const settings: { pointer: string; message: string }[] = [];
  for (const p of problems) {
    if (p.pointer !== prefix && !p.pointer.startsWith(`${prefix}/`)) continue;
    const rest = p.pointer.slice(prefix.length);
    if (rest === '/settings' || rest.startsWith('/settings/'))
      settings.push({ pointer: rest.slice('/settings'.length), message: p.message });
    else own.push(p);
  }
  return { own, settings, count: own.length + settings.length };
}

/** dnd-kit needs an id per row: the section's own when it is unique in the draft, else its place. */
function rowIds(sections: readonly Json[]): string[] {
  const ids = sections.map((s) => (isObject(s) && typeof s.id === 'string' && s.id ? s.id : ''));
  return ids.map((id, i) => (id && ids.indexOf(id) === ids.lastIndexOf(id) ? `s:${id}` : `#${i}`));
}

export function SectionList(props: {
  doc: JsonObject;
  onChange: (doc: JsonObject) => void;
  problems: readonly StudioProblem[];
  idPrefix: string;
}) {
  const { doc, onChange } = props;
  const sections = sectionsOf(doc);
  const ids = rowIds(sections);
  const [open, setOpen] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length || from === to) return;
    onChange(moveSection(doc, from, to));
    setAnnouncement(`${nameOf(sections[from])} moved to position ${to + 1} of ${sections.length}.`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  if (sections.length === 0)
    return <p className="empty">No sections yet: add the first one from the list of section types.</p>;
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={dragWords(ids, sections)}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="studio-sections" aria-label="Sections, in page order">
            {sections.map((section, index) => (
              <SectionRow
                key={ids[index]}
                rowId={ids[index]!}
                section={section}
                index={index}
                count={sections.length}
                kind={typeof doc.kind === 'string' ? doc.kind : ''}
                open={open === ids[index]}
                onToggle={() => setOpen(open === ids[index] ? null : ids[index]!)}
                problems={problemsOf(props.problems, index)}
                idPrefix={`${props.idPrefix}-${index}`}
                onMove={(to) => move(index, to)}
                onDuplicate={() => {
                  onChange(duplicateSection(doc, index));
                  setAnnouncement(`${nameOf(section)} duplicated.`);
                }}
                onRemove={() => {
                  onChange(removeSection(doc, index));
                  setAnnouncement(`${nameOf(section)} removed.`);
                }}
                onReplace={(next) => onChange(replaceSection(doc, index, next))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="sr-only" role="status">
        {announcement}
      </p>
    </>
  );
}

/** What dnd-kit tells screen readers while a row moves: the section's name and its place, not internal ids. */
function dragWords(ids: readonly string[], sections: readonly Json[]) {
  const n = sections.length;
  const at = (id: string | number) => ids.indexOf(String(id));
  const name = (id: string | number) => nameOf(sections[at(id)]);
  type Moved = { active: { id: string | number }; over: { id: string | number } | null };
  return {
    screenReaderInstructions: {
      draggable:
        'To move a section, press Space or Enter to pick it up, the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
    },
    announcements: {
      onDragStart: ({ active }: { active: { id: string | number } }) =>
        `Picked up ${name(active.id)}, position ${at(active.id) + 1} of ${n}.`,
      onDragOver: ({ active, over }: Moved) =>
        over
          ? `${name(active.id)} is over position ${at(over.id) + 1} of ${n}.`
          : `${name(active.id)} is outside the list.`,
      onDragEnd: ({ active, over }: Moved) =>
        over ? `${name(active.id)} dropped at position ${at(over.id) + 1} of ${n}.` : `${name(active.id)} dropped.`,
      onDragCancel: ({ active }: { active: { id: string | number } }) => `Moving ${name(active.id)} was cancelled.`,
    },
  };
}

function nameOf(section: Json | undefined): string {
  if (!isObject(section)) return 'Section';
  const type = typeof section.type === 'string' ? section.type : '';
  const title = catalogueEntry(type)?.title ?? (type || 'Section');
  return typeof section.id === 'string' && section.id ? `${title} “${section.id}”` : title;
}

type RowProps = {
  rowId: string;
  section: Json;
  index: number;
  count: number;
  kind: string;
  open: boolean;
  onToggle: () => void;
  problems: ReturnType<typeof problemsOf>;
  idPrefix: string;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onReplace: (next: Json) => void;
};

function SectionRow(props: RowProps) {
  const { section, problems, idPrefix } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.rowId,
  });
  const value: JsonObject = isObject(section) ? section : {};
  const name = nameOf(section);
  return (
    <li
      ref={setNodeRef}
      className={`studio-section${isDragging ? ' dragging' : ''}${problems.count ? ' has-problems' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <div className="studio-section-row">
        <button
          type="button"
          className="drag-handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name} (position ${props.index + 1} of ${props.count})`}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <RowHead {...props} value={value} name={name} />
      </div>
      {problems.own.length > 0 && (
        <ul className="studio-problems" aria-label={`Problems of ${name}`}>
          {problems.own.map((p) => (
            <li key={`${p.pointer}:${p.message}`}>
              <code>{p.pointer}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
      {props.open && (
        <SectionBody
          id={`${idPrefix}-body`}
          idPrefix={idPrefix}
          value={value}
          kind={props.kind}
          problems={problems.settings}
          onReplace={props.onReplace}
        />
      )}
    </li>
  );
}

/** The row's name (opens the section), its problem count and its buttons. */
function RowHead(props: RowProps & { value: JsonObject; name: string }) {
  const { value, name, index, count, problems } = props;
  const type = typeof value.type === 'string' ? value.type : '';
  return (
    <>
      <button
        type="button"
        className="section-toggle"
        aria-expanded={props.open}
        aria-controls={`${props.idPrefix}-body`}
        onClick={props.onToggle}
      >
        <span className="section-name">{catalogueEntry(type)?.title ?? (type || 'Section without a type')}</span>
        <small>{typeof value.id === 'string' ? value.id : ''}</small>
      </button>
      {problems.count > 0 && (
        <span className="problem-count">
          {problems.count} problem{problems.count === 1 ? '' : 's'}
        </span>
      )}
      <div className="row-actions">
        <button
          type="button"
          onClick={() => props.onMove(index - 1)}
          disabled={index === 0}
          aria-label={`Move ${name} up`}
        >
          ↑
        </button>
        <button
          type="button"
          onClick={() => props.onMove(index + 1)}
          disabled={index === count - 1}
          aria-label={`Move ${name} down`}
        >
          ↓
        </button>
        <button type="button" onClick={props.onDuplicate} aria-label={`Duplicate ${name}`}>
          Duplicate
        </button>
        <button type="button" className="danger" onClick={props.onRemove} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </div>
    </>
  );
}

/** An open section: its description, id, placement (homes) and the settings form generated from its type's schema. */
function SectionBody(props: {
  id: string;
  idPrefix: string;
  value: JsonObject;
  kind: string;
  problems: { pointer: string; message: string }[];
  onReplace: (next: Json) => void;
}) {
  const { value, idPrefix } = props;
  const type = typeof value.type === 'string' ? value.type : '';
  const entry = catalogueEntry(type);
  const set = (key: string, v: Json | undefined) => {
    const next: JsonObject = { ...value };
    if (v === undefined) delete next[key];
    else next[key] = v;
    props.onReplace(next);
  };
  return (
    <div id={props.id} className="studio-section-body">
      {entry?.description && <p className="hint">{entry.description}</p>}
      <div className="field">
        <label htmlFor={`${idPrefix}-id`}>Section id</label>
        <input
          id={`${idPrefix}-id`}
          value={typeof value.id === 'string' ? value.id : ''}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          maxLength={60}
          onChange={(e) => set('id', e.target.value)}
          aria-describedby={`${idPrefix}-id-hint`}
        />
        <small id={`${idPrefix}-id-hint`} className="hint">
          kebab-case, unique in the document (shoppers' analytics name the section by it)
        </small>
      </div>
      {props.kind === 'home' && (
        <div className="field">
          <label htmlFor={`${idPrefix}-placement`}>Placement</label>
          <select
            id={`${idPrefix}-placement`}
            value={value.placement === 'sidebar' ? 'sidebar' : 'main'}
            onChange={(e) => set('placement', e.target.value === 'sidebar' ? 'sidebar' : undefined)}
          >
            <option value="main">Main column</option>
            <option value="sidebar">Side column</option>
          </select>
        </div>
      )}
      {entry ? (
        <SettingsForm
          schema={entry.schema}
          value={isObject(value.settings) ? value.settings : {}}
          onChange={(settings) => set('settings', settings as Json)}
          problems={props.problems}
          idPrefix={`${idPrefix}-settings`}
        />
      ) : (
        <p className="warning">
          “{type}” is not a section type this console knows: edit it in the JSON tab, or remove it.
        </p>
      )}
    </div>
  );
}
