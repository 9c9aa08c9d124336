import { LAYOUT_SCHEMA_VERSIONS, type LayoutSchemaVersion } from '../contract/values';
import type { LayoutIssue } from './types';

// Ordered, pure migrations of layout documents: a document of any version still read becomes a document of the current
// version. Each step only rewrites the envelope; sections (and so the rendering) are left as they are. The loader runs
// migrate() before validation; `npm run layouts:migrate` writes the result back to the files.

export const CURRENT_SCHEMA_VERSION: LayoutSchemaVersion = LAYOUT_SCHEMA_VERSIONS[LAYOUT_SCHEMA_VERSIONS.length - 1]!;

type Json = Readonly<Record<string, unknown>>;

export interface Migration {
  from: LayoutSchemaVersion;
  to: LayoutSchemaVersion;
  /** What the step adds, for the changelog of layouts:migrate. */
  note: string;
  up: (doc: Json) => Record<string, unknown>;
}

/** Fields a document may only carry from this schema version on. */
export const FIELDS_SINCE: Readonly<Record<string, LayoutSchemaVersion>> = { tenants: 2, schedule: 2, experiment: 2 };

export const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    to: 2,
    note: 'tenants, schedule and experiment become available; nothing else changes',
    // Spread keeps the key order, so a rewritten file only differs in its version.
    up: (doc) => ({ ...doc, schemaVersion: 2 }),
  },
];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document's version when it is one still read, else null (the schema reports it). */
export function versionOf(value: unknown): LayoutSchemaVersion | null {
  if (!isObject(value)) return null;
  const v = value.schemaVersion;
  return LAYOUT_SCHEMA_VERSIONS.find((known) => known === v) ?? null;
}

/**
 * The document at the current schema version: every migration from its version on, in order. A value that is not a
 * document of a known version is returned as it is (validation reports it). Never modifies its argument.
 */
export function migrate(value: unknown): unknown {
  let version = versionOf(value);
  if (version === null || !isObject(value)) return value;
  let doc: Json = value;
  for (const step of MIGRATIONS) {
    if (step.from !== version) continue;
    doc = step.up(doc);
    version = step.to;
  }
  return doc;
}

/** True when migrate() would change the document (layouts:migrate rewrites only these). */
export function needsMigration(value: unknown): boolean {
  const version = versionOf(value);
  return version !== null && version !== CURRENT_SCHEMA_VERSION;
}

/** A field used before its schema version (a version 1 document naming tenants): said before migrating hides it. */
export function versionIssues(value: unknown): LayoutIssue[] {
  const version = versionOf(value);
  if (version === null || !isObject(value)) return [];
  return Object.entries(FIELDS_SINCE)
    .filter(([field, since]) => field in value && version < since)
    .map(([field, since]) => ({
      pointer: `/${field}`,
      message: `"${field}" needs schemaVersion ${since} (this document says ${version}); run npm run layouts:migrate first`,
    }));
}
