import type { ValidateFunction } from 'ajv';
import { SECTION_KINDS, SECTION_TYPES } from '../../shared/contract/sections';
import { crossFieldProblems, sectionCrossFieldProblems } from '../../shared/layout/cross-field';
import { migrate, versionIssues } from '../../shared/layout/migrate';
import { parseJson } from '../../shared/layout/parse-json';
import { schemaErrorsToIssues } from '../../shared/layout/schema-errors';
import type {
  LayoutDocument,
  LayoutEnvelope,
  LayoutIssue,
  LayoutProblem,
  LooseSection,
} from '../../shared/layout/types';
import { createLayoutAjv, DEFAULT_SCHEMAS_DIR, LAYOUT_SCHEMA_ID } from './schemas';

// Strict checking of one document: JSON syntax, layout.schema.json (defaults applied), then the shared cross-field rules.

export type CheckedDocument = {
  problems: LayoutProblem[];
  /** The document with defaults filled in and every faulty section left out; null when the envelope itself is faulty. */
  doc: LayoutDocument | null;
  /** Its `tenants` entries as written, also when the document is rejected: unknown ones are reported either way. */
  tenants: readonly unknown[];
};

function tenantsWritten(value: unknown): readonly unknown[] {
  const tenants = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).tenants : undefined;
  return Array.isArray(tenants) ? tenants : [];
}

const validators = new Map<string, ValidateFunction<LayoutEnvelope>>();

// Compiling every schema takes a moment, so one validator per schemas directory is kept.
function layoutValidator(schemasDir: string): ValidateFunction<LayoutEnvelope> {
  let validate = validators.get(schemasDir);
  if (!validate) {
    const compiled = createLayoutAjv(schemasDir, 'node').getSchema<LayoutEnvelope>(LAYOUT_SCHEMA_ID);
    if (!compiled) throw new Error(`layout schema ${LAYOUT_SCHEMA_ID} not found in ${schemasDir}`);
    validate = compiled;
    validators.set(schemasDir, validate);
  }
  return validate;
}

const SECTION_POINTER = /^\/sections\/(\d+)(?:\/|$)/;

/** Index of the section an issue belongs to, or null for the envelope. */
function sectionIndexOf(issue: LayoutIssue): number | null {
  const match = SECTION_POINTER.exec(issue.pointer);
  return match ? Number(match[1]) : null;
}

function isLooseSection(value: unknown): value is LooseSection {
  if (typeof value !== 'object' || value === null) return false;
  const { type, settings } = value as Record<string, unknown>;
  return typeof type === 'string' && typeof settings === 'object' && settings !== null;
}

/** Section rules still apply when the envelope is faulty, so operators see every fault in one run. */
function looseSectionProblems(candidate: unknown): LayoutIssue[] {
  const sections =
    typeof candidate === 'object' && candidate !== null ? (candidate as Record<string, unknown>).sections : undefined;
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((section: unknown, i) =>
    isLooseSection(section) ? sectionCrossFieldProblems(section, `/sections/${i}`) : [],
  );
}

/** Email documents are checked on the server only (the browser never draws one), so their rule lives here. */
export function emailProblems(doc: LayoutEnvelope): LayoutIssue[] {
  // A digest must show its unsubscribe link in the mail itself, not only in the List-Unsubscribe header.
  if (doc.kind !== 'email' || doc.sections.some((s) => s.type === 'email-footer')) return [];
  return [
    {
      pointer: '/sections',
      message: 'an email document needs an "email-footer" section: it shows the unsubscribe link to every reader',
    },
  ];
}

/** Envelope issues first, then by section index; stable, so issues of one section keep ajv's order. */
export function compareIssues(a: LayoutIssue, b: LayoutIssue): number {
  return (sectionIndexOf(a) ?? -1) - (sectionIndexOf(b) ?? -1);
}

/**
 * Checks one document. `json` is the parsed value, or the file's text when it is a string (a layout document is
 * never a bare string), so syntax errors come back with line and column. The caller's value is not modified.
 */
export function checkLayoutDocument(
  json: unknown,
  file: string,
  schemasDir: string = DEFAULT_SCHEMAS_DIR,
): CheckedDocument {
  const withFile = (issues: readonly LayoutIssue[]): LayoutProblem[] =>
    [...issues].sort(compareIssues).map((issue) => ({ file, ...issue }));
  let value = json;
  if (typeof json === 'string') {
    const parsed = parseJson(json);
    if (!parsed.ok) return { problems: withFile([parsed.issue]), doc: null, tenants: [] };
    value = parsed.value;
  }
  const tenants = tenantsWritten(value);
  // Older schema versions are read through the migrations (a v2 field in a v1 document is said before it is hidden).
  const versionProblems = versionIssues(value);
  if (versionProblems.length > 0) return { problems: withFile(versionProblems), doc: null, tenants };
  const candidate: unknown = structuredClone(migrate(value));
  const validate = layoutValidator(schemasDir);
  validate(candidate);
  const schemaIssues = schemaErrorsToIssues(validate.errors, SECTION_TYPES, candidate);
  if (schemaIssues.some((issue) => sectionIndexOf(issue) === null)) {
    return { problems: withFile([...schemaIssues, ...looseSectionProblems(candidate)]), doc: null, tenants };
  }
  // Only the sections can be at fault now, so the envelope's shape holds.
  const envelope = candidate as LayoutEnvelope;
  const crossIssues = [...crossFieldProblems(envelope, SECTION_KINDS), ...emailProblems(envelope)];
  const issues = [...schemaIssues, ...crossIssues];
  if (crossIssues.some((issue) => sectionIndexOf(issue) === null))
    return { problems: withFile(issues), doc: null, tenants };
  const faulty = new Set(issues.map(sectionIndexOf));
  const sections = envelope.sections.filter((_, i) => !faulty.has(i));
  // Sections left passed their settings schema and cross-field rules: they are LayoutSections.
  const doc = { ...envelope, sections } as LayoutDocument;
  return { problems: withFile(issues), doc, tenants };
}

/** Strict check of one document (contract API): every problem, none when the document can be published. */
export function validateLayoutDocument(json: unknown, file: string): LayoutProblem[] {
  return checkLayoutDocument(json, file).problems;
}
