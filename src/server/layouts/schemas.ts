import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type AnySchemaObject } from 'ajv';

// One place that reads schemas/ and builds the ajv instance, for the Node checker and the standalone code generator alike.

// From the module's own path (a string, not `new URL`, which a jsdom test environment replaces).
export const DEFAULT_SCHEMAS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/');
export const SCHEMA_BASE = 'https://dealdeck.dev/schemas/';
export const LAYOUT_SCHEMA_ID = `${SCHEMA_BASE}layout.schema.json`;
export const ENVELOPE_SCHEMA_ID = `${SCHEMA_BASE}layout-envelope.schema.json`;
export const DOMAIN_DATA_SCHEMA_ID = `${SCHEMA_BASE}domain-data.schema.json`;

/** Id of the generated schema for one whole section of a type: envelope section fields plus that type's settings. */
export function sectionValidatorId(type: string): string {
  return `${SCHEMA_BASE}section-of-type/${type}`;
}

export type SchemaFile = { file: string; schema: AnySchemaObject };

/** Every *.schema.json under the schemas directory (top level and sections/), sorted by path. */
export function readSchemaFiles(schemasDir: string = DEFAULT_SCHEMAS_DIR): SchemaFile[] {
  const files = [
    ...readdirSync(schemasDir).map((name) => path.join(schemasDir, name)),
    ...readdirSync(path.join(schemasDir, 'sections')).map((name) => path.join(schemasDir, 'sections', name)),
  ].filter((file) => file.endsWith('.schema.json'));
  return files.sort().map((file) => ({ file, schema: JSON.parse(readFileSync(file, 'utf8')) as AnySchemaObject }));
}

/** Section types = file names in schemas/sections/, sorted. */
export function sectionTypesIn(schemasDir: string = DEFAULT_SCHEMAS_DIR): string[] {
  return readdirSync(path.join(schemasDir, 'sections'))
    .filter((name) => name.endsWith('.schema.json'))
    .map((name) => name.slice(0, -'.schema.json'.length))
    .sort();
}

export type AjvMode = 'node' | 'standalone';

const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples']);
const SCHEMA_MAPS = new Set(['properties', 'definitions', 'patternProperties']);
const DATA_KEYWORDS = new Set(['default', 'enum', 'const']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema without human annotations (the browser bundle embeds schema objects and never shows these). */
export function stripAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripAnnotations);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, stripAnnotations(schema)]));
    } else out[key] = stripAnnotations(value);
  }
  return out;
}

/**
 * allErrors: operators see every fault at once; $data: collapsed <= expanded; useDefaults: validated settings are complete.
 * node mode is verbose (errors carry data and parent schema for better messages); standalone mode emits ESM source.
 */
export function createLayoutAjv(schemasDir: string = DEFAULT_SCHEMAS_DIR, mode: AjvMode = 'node'): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    $data: true,
    useDefaults: true,
    strict: true,
    verbose: mode === 'node',
    ...(mode === 'standalone' ? { code: { source: true, esm: true }, inlineRefs: false } : {}),
  });
  for (const { schema } of readSchemaFiles(schemasDir)) {
    ajv.addSchema(mode === 'standalone' ? (stripAnnotations(schema) as AnySchemaObject) : schema);
  }
  for (const type of sectionTypesIn(schemasDir)) {
    ajv.addSchema({
      $id: sectionValidatorId(type),
      type: 'object',
      allOf: [{ $ref: `${ENVELOPE_SCHEMA_ID}#/definitions/section` }],
      properties: { settings: { $ref: `${SCHEMA_BASE}sections/${type}.schema.json` } },
    });
  }
  return ajv;
}
