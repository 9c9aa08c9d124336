import { parse as parseWithLocations } from '@humanwhocodes/momoa';

// Issue 29, the layout studio: what the console does to a layout document while an operator composes it, as pure
// functions on its JSON value (sections added, removed, moved, duplicated; the document written back as text). The
// studio keeps the document as a plain JSON value: a draft may be invalid, and nothing here drops what it does not
// know. Checking is the validators' job (src/client/engine/check-document.ts and the server's layouts:check).

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A section as the studio edits it: id and type, optional placement, settings object. */
export interface DraftSection extends JsonObject {
  id: string;
  type: string;
  settings: JsonObject;
}

export const LAYOUT_KINDS = ['home', 'header', 'footer', 'email'] as const;
export type StudioKind = (typeof LAYOUT_KINDS)[number];

/** A section id: kebab-case, at most 60 characters (layout-envelope.schema.json). */
export const SECTION_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SECTION_ID_MAX = 60;
/** A document's file name under its kind folder. */
export const DOCUMENT_FILE_PATTERN = /^[a-z0-9][a-z0-9-]*\.json$/;
const FILE_STEM_MAX = 60;

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sections of a draft (an empty list when it has none or they are not a list). */
export function sectionsOf(doc: JsonObject): Json[] {
  return Array.isArray(doc.sections) ? doc.sections : [];
}

/** kebab-case of any text ('Summer Sale 2026!' → 'summer-sale-2026'), cut to `max`; '' when nothing is left. */
export function kebab(text: string, max = SECTION_ID_MAX): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let out = '';
  for (const w of words) {
    const next = out ? `${out}-${w}` : w;
    if (next.length > max) break;
    out = next;
  }
  return out || (words[0]?.slice(0, max) ?? '');
}

/** An id like `base` that no section of the document has yet: base, base-2, base-3… (kebab-case, ≤ 60). */
export function uniqueSectionId(taken: Iterable<string>, base: string): string {
  const used = new Set(taken);
  const stem = kebab(base) || 'section';
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = `${kebab(stem, SECTION_ID_MAX - suffix.length) || 's'}${suffix}`;
    if (!used.has(id)) return id;
  }
}

function idsOf(doc: JsonObject): string[] {
  return sectionsOf(doc).flatMap((s) => (isObject(s) && typeof s.id === 'string' ? [s.id] : []));
}

function withSections(doc: JsonObject, sections: Json[]): JsonObject {
  return { ...doc, sections };
}

/** A new section of `type` with `settings` at the end (or at `at`), under an id not yet used. */
export function addSection(doc: JsonObject, type: string, settings: JsonObject, at?: number): JsonObject {
  const sections = [...sectionsOf(doc)];
  const section: DraftSection = { id: uniqueSectionId(idsOf(doc), type), type, settings };
  sections.splice(at === undefined ? sections.length : clamp(at, 0, sections.length), 0, section);
  return withSections(doc, sections);
}

export function removeSection(doc: JsonObject, index: number): JsonObject {
  const sections = sectionsOf(doc);
  if (index < 0 || index >= sections.length) return doc;
  return withSections(doc, [...sections.slice(0, index), ...sections.slice(index + 1)]);
}

/** The section at `from` moved to `to` (both clamped into the list); the others keep their order. */
export function moveSection(doc: JsonObject, from: number, to: number): JsonObject {
  const sections = [...sectionsOf(doc)];
  if (from < 0 || from >= sections.length) return doc;
  const [moved] = sections.splice(from, 1);
  sections.splice(clamp(to, 0, sections.length), 0, moved!);
  return withSections(doc, sections);
}

/** A copy of the section at `index` right after it, under a new id. */
export function duplicateSection(doc: JsonObject, index: number): JsonObject {
  const sections = sectionsOf(doc);
  const original = sections[index];
  if (!isObject(original)) return doc;
  const copy = structuredClone(original);
  copy.id = uniqueSectionId(idsOf(doc), typeof original.id === 'string' ? original.id : String(original.type));
  return withSections(doc, [...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)]);
}

export function replaceSection(doc: JsonObject, index: number, section: Json): JsonObject {
  const sections = sectionsOf(doc);
  if (index < 0 || index >= sections.length) return doc;
  return withSections(
    doc,
    sections.map((s, i) => (i === index ? section : s)),
  );
}

/** A property set, or removed when `value` is undefined (the document keeps its key order). */
export function setProperty(doc: JsonObject, key: string, value: Json | undefined): JsonObject {
  if (value === undefined) {
    const { [key]: _dropped, ...rest } = doc;
    return rest;
  }
  return { ...doc, [key]: value };
}

/** The file name for a new document titled `title` that `taken` does not hold yet: 'summer-sale.json', then -2… */
export function newDocumentFile(title: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = kebab(title, FILE_STEM_MAX) || 'variant';
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${stem}.json` : `${kebab(stem, FILE_STEM_MAX - String(n).length - 1)}-${n}.json`;
    if (!used.has(name)) return name;
  }
}

/** A new, empty document of `kind`: version 2, for the given tenants' hosts (none: it serves no one until set). */
export function newDocument(kind: StudioKind, title: string, tenants: readonly string[] = []): JsonObject {
  return {
    $schema: '../../schemas/layout.schema.json',
    schemaVersion: 2,
    kind,
    title,
    serves: [],
    ...(tenants.length ? { tenants: [...tenants] } : {}),
    sections: [],
  };
}

const PRINT_WIDTH = 120;

/**
 * The document's text as the repository's Prettier writes JSON (two-space indent, print width 120): objects broken
 * one property per line, a list on one line when it holds no such object and fits, else one item per line. So a
 * document made in the studio and exported (`npm run layouts:export`) passes `npm run format:check` unchanged.
 */
export function documentText(doc: Json): string {
  return `${printValue(doc, 0, 0, 0)}\n`;
}

function printValue(v: Json, indent: number, column: number, trailing: number): string {
  const pad = '  '.repeat(indent);
  if (Array.isArray(v)) {
    const inline = flat(v);
    if (inline !== null && column + inline.length + trailing <= PRINT_WIDTH) return inline;
    const inner = v.map((x, i) => `${pad}  ${printValue(x, indent + 1, pad.length + 2, i < v.length - 1 ? 1 : 0)}`);
    return `[\n${inner.join(',\n')}\n${pad}]`;
  }
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) return '{}';
    const lines = keys.map((k, i) => {
      const head = `${pad}  ${JSON.stringify(k)}: `;
      return head + printValue(v[k]!, indent + 1, head.length, i < keys.length - 1 ? 1 : 0);
    });
    return `{\n${lines.join(',\n')}\n${pad}}`;
  }
  return JSON.stringify(v);
}

/**
 * A value on one line, or null when Prettier always breaks it: an object with properties, or a list of two or more
 * lists that each hold two or more items (its "matrix" rule, [[1, 2], [3, 4]]).
 */
function flat(v: Json): string | null {
  if (Array.isArray(v)) {
    if (v.length > 1 && v.every((x) => Array.isArray(x) && x.length > 1)) return null;
    const items = v.map(flat);
    return items.every((x) => x !== null) ? `[${items.join(', ')}]` : null;
  }
  if (isObject(v)) return Object.keys(v).length === 0 ? '{}' : null;
  return JSON.stringify(v);
}

export type ParsedText = { ok: true; value: Json } | { ok: false; message: string; line: number; column: number };

/** The JSON in an operator's text, or where and why it does not parse (1-based line and column). */
export function parseDocumentText(text: string): ParsedText {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch {
    // JSON.parse does not say where (Node 20, some browsers): Momoa, the parser layouts:check reports lines with, does.
    try {
      parseWithLocations(text);
    } catch (err) {
      const { line, column } = err as { line?: number; column?: number };
      const message = err instanceof Error ? err.message.replace(/\s*\(\d+:\d+\)$/, '') : String(err);
      return { ok: false, message, line: line ?? 1, column: column ?? 1 };
    }
    return { ok: false, message: 'This is not JSON.', line: 1, column: 1 };
  }
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Math.trunc(n)));
}
