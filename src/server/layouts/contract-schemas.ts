import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DomainData } from '../../shared/contract/domain-data';
import { LayoutCommon } from '../../shared/contract/layout-common';
import { LayoutDocument, LayoutEnvelope } from '../../shared/contract/layout-document';
import { SECTION_TYPES, SECTIONS } from '../../shared/contract/sections';
import type { LayoutProblem } from '../../shared/layout/types';
import { DEFAULT_SCHEMAS_DIR, SCHEMA_BASE } from './schemas';

// Every file of schemas/ is written from src/shared/contract: the files stay what operators' documents name in
// "$schema" and editors complete from, and what ajv compiles. `npm run schemas:write` writes them;
// `npm run layouts:check` fails when one differs from the contract, is missing, or is left over.

export const WRITE_COMMAND = 'npm run schemas:write';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

type Json = Record<string, unknown>;

/** One file of schemas/: its path inside schemas/, the contract file it is declared in, and its content. */
export type ContractSchemaFile = { name: string; source: string; schema: Json };

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The order keywords are written in, so the files read like the hand-written ones did (JSON Schema ignores it).
const FIRST = ['$schema', '$id', 'title', 'description', '$ref', 'type', 'enum', 'const'];
const LAST = [
  'required',
  'additionalProperties',
  'default',
  'properties',
  'items',
  'if',
  'then',
  'allOf',
  'definitions',
];
const SCHEMA_MAPS = new Set(['properties', 'definitions']);
const DATA = new Set(['default', 'enum', 'const']);
const rank = (key: string): number =>
  FIRST.includes(key) ? FIRST.indexOf(key) - FIRST.length : LAST.includes(key) ? 1 + LAST.indexOf(key) : 0;

/** A schema as written: TypeBox's symbol keys dropped, keywords in FIRST/LAST order (names in properties kept in order). */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!isRecord(node)) return node;
  const keys = Object.keys(node).sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(
    keys.map((key) => {
      const value = node[key];
      if (DATA.has(key)) return [key, value];
      if (SCHEMA_MAPS.has(key) && isRecord(value))
        return [key, Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, tidy(schema)]))];
      return [key, tidy(value)];
    }),
  );
}

const asFile = (name: string, source: string, declaration: object): ContractSchemaFile => ({
  name,
  source,
  schema: tidy(JSON.parse(JSON.stringify({ $schema: DRAFT_07, ...declaration }))) as Json,
});

/** Every file of schemas/ as the contract declares it, sorted by name. */
export function contractSchemaFiles(): ContractSchemaFile[] {
  return [
    asFile('common.schema.json', 'src/shared/contract/layout-common.ts', LayoutCommon),
    asFile('domain-data.schema.json', 'src/shared/contract/domain-data.ts', DomainData),
    asFile('layout-envelope.schema.json', 'src/shared/contract/layout-document.ts', LayoutEnvelope),
    asFile('layout.schema.json', 'src/shared/contract/layout-document.ts', LayoutDocument),
    ...SECTION_TYPES.map((type) =>
      asFile(`sections/${type}.schema.json`, `src/sections/${type}/settings.ts`, {
        $id: `${SCHEMA_BASE}sections/${type}.schema.json`,
        title: `Settings of a ${type} section`,
        ...SECTIONS[type].settings,
      }),
    ),
  ];
}

/** The text of a written file: 2-space JSON and a final newline. */
export function schemaFileText(schema: Json): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** *.schema.json files in dir and dir/sections/, as names inside dir ('sections/x.schema.json'). */
function schemaFilesIn(dir: string): string[] {
  const list = (sub: string): string[] => {
    try {
      return readdirSync(path.join(dir, sub))
        .filter((name) => name.endsWith('.schema.json'))
        .map((name) => path.posix.join(sub, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  return [...list('.'), ...list('sections')];
}

/** JSON pointer of the first place where actual differs from expected, or null when they are equal. */
export function firstDifference(actual: unknown, expected: unknown, pointer = ''): string | null {
  const at = (key: string | number) => `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) return pointer;
    for (let i = 0; i < expected.length; i++) {
      const found = firstDifference(actual[i], expected[i], at(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (isRecord(expected) && isRecord(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      if (!(key in expected) || !(key in actual)) return at(key);
      const found = firstDifference(actual[key], expected[key], at(key));
      if (found !== null) return found;
    }
    return null;
  }
  return Object.is(actual, expected) ? null : pointer;
}

/** One problem per schema file that is missing, not JSON, different from the contract, or declared by nothing. */
export function contractSchemaProblems(dir: string = DEFAULT_SCHEMAS_DIR): LayoutProblem[] {
  const shown = (name: string): string => path.relative(process.cwd(), path.join(dir, name));
  const problems: LayoutProblem[] = [];
  const expected = contractSchemaFiles();
  for (const { name, source, schema } of expected) {
    const from = source;
    let text: string;
    try {
      text = readFileSync(path.join(dir, name), 'utf8');
    } catch {
      problems.push({
        file: shown(name),
        pointer: '',
        message: `missing: it is written from ${from}; run ${WRITE_COMMAND}`,
      });
      continue;
    }
    let actual: unknown;
    try {
      actual = JSON.parse(text);
    } catch {
      problems.push({
        file: shown(name),
        pointer: '',
        message: `is not JSON: it is written from ${from}; run ${WRITE_COMMAND}`,
      });
      continue;
    }
    const pointer = firstDifference(actual, schema);
    if (pointer !== null)
      problems.push({ file: shown(name), pointer, message: `differs from ${from}; run ${WRITE_COMMAND}` });
  }
  const names = new Set(expected.map((file) => file.name));
  for (const name of schemaFilesIn(dir).filter((name) => !names.has(name))) {
    const what = name.startsWith('sections/')
      ? `no section type "${path.basename(name, '.schema.json')}" (no folder src/sections/${path.basename(name, '.schema.json')})`
      : 'declared nowhere in src/shared/contract';
    problems.push({ file: shown(name), pointer: '', message: `${what}: run ${WRITE_COMMAND} to remove the file` });
  }
  return problems;
}

/** Writes every file of schemas/ from the contract and removes *.schema.json files it does not declare. */
export function writeContractSchemas(dir: string = DEFAULT_SCHEMAS_DIR): { written: string[]; removed: string[] } {
  const files = contractSchemaFiles();
  mkdirSync(path.join(dir, 'sections'), { recursive: true });
  for (const { name, schema } of files) writeFileSync(path.join(dir, name), schemaFileText(schema));
  const names = new Set(files.map((file) => file.name));
  const removed = schemaFilesIn(dir).filter((name) => !names.has(name));
  for (const name of removed) rmSync(path.join(dir, name));
  return { written: files.map((file) => file.name), removed };
}
