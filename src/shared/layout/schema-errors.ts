import type { LayoutIssue } from './types';
import { missingSectionTypeMessage, unknownSectionTypeMessage } from './section-types';

/** The parts of an ajv ErrorObject we read; structural so src/shared needs no ajv import (standalone validators emit the same shape). */
export type SchemaError = {
  instancePath: string;
  keyword: string;
  params: Readonly<Record<string, unknown>>;
  message?: string;
  /** Present when ajv runs with verbose: true; used to list allowed properties. */
  parentSchema?: unknown;
  data?: unknown;
};

const SECTION_TYPE_PATH = /^\/sections\/\d+\/type$/;
const SECTION_PATH = /^\/sections\/\d+$/;

// Friendlier words for the patterns the schemas use.
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'must be kebab-case, e.g. "top-deals"',
  '^/[^\\s]*$': 'must be an in-app path starting with "/"',
  '^/[^\\s]*\\{category\\}[^\\s]*$': 'must be an in-app path containing {category}, e.g. "/category/{category}"',
};

function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function quoteList(values: unknown): string {
  return Array.isArray(values) ? values.map((v) => JSON.stringify(v)).join(', ') : String(values);
}

function allowedProperties(parentSchema: unknown): string[] {
  if (typeof parentSchema !== 'object' || parentSchema === null) return [];
  const properties = (parentSchema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/** The value at a JSON pointer, or undefined. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let value: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, token))
      return undefined;
    value = (value as Record<string, unknown>)[token];
  }
  return value;
}

/**
 * One ajv error as a plain-English issue; null for errors that only echo another one (if/then wrappers).
 * `sectionTypes`: every section type, sorted, listed when a section's type is missing or unknown. `root` is the
 * validated value.
 */
export function schemaErrorToIssue(
  error: SchemaError,
  sectionTypes: readonly string[],
  root?: unknown,
): LayoutIssue | null {
  const { instancePath, keyword, params } = error;
  switch (keyword) {
    case 'if':
      return null;
    case 'required': {
      const missing = String(params.missingProperty);
      const pointer = `${instancePath}/${escapePointerToken(missing)}`;
      if (missing === 'type' && SECTION_PATH.test(instancePath))
        return { pointer, message: missingSectionTypeMessage(sectionTypes) };
      return { pointer, message: 'is required' };
    }
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      const allowed = allowedProperties(error.parentSchema);
      const hint = allowed.length > 0 ? `; allowed: ${allowed.join(', ')}` : '';
      return {
        pointer: `${instancePath}/${escapePointerToken(property)}`,
        message: `unknown property "${property}"${hint}`,
      };
    }
    case 'enum':
      if (SECTION_TYPE_PATH.test(instancePath))
        return {
          pointer: instancePath,
          message: unknownSectionTypeMessage(error.data ?? valueAtPointer(root, instancePath), sectionTypes),
        };
      return { pointer: instancePath, message: `must be one of ${quoteList(params.allowedValues)}` };
    case 'const':
      return { pointer: instancePath, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'type':
      return { pointer: instancePath, message: `must be ${String(params.type).split(',').join(' or ')}` };
    case 'pattern':
      return {
        pointer: instancePath,
        message: PATTERN_WORDS[String(params.pattern)] ?? error.message ?? 'does not match the pattern',
      };
    default:
      return { pointer: instancePath, message: error.message ?? `fails ${keyword}` };
  }
}

/** All ajv errors as issues, without wrapper noise and without repeats (the envelope and the full schema may both report one fault). */
export function schemaErrorsToIssues(
  errors: readonly SchemaError[] | null | undefined,
  sectionTypes: readonly string[],
  root?: unknown,
): LayoutIssue[] {
  const seen = new Set<string>();
  const issues: LayoutIssue[] = [];
  for (const error of errors ?? []) {
    const issue = schemaErrorToIssue(error, sectionTypes, root);
    if (issue === null) continue;
    const key = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}
