import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DomainData } from '../../shared/contract/domain-data';
import { BANNER_DIMENSIONS } from '../../shared/contract/values';
import type { LayoutProblem } from '../../shared/layout/types';
import { DEFAULT_SCHEMAS_DIR } from './schemas';

// The parts of schemas/ declared in src/shared/contract: the files stay what operators and editors open ($schema
// completion), written from the contract by WRITE_COMMAND and checked against it by `npm run layouts:check`.

export const WRITE_COMMAND = 'npx tsx src/server/layouts/write-schemas-cli.ts';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** schemas/domain-data.schema.json as the contract declares it (JSON drops TypeBox's symbol keys). */
export function domainDataSchemaFile(): Record<string, unknown> {
  return { $schema: DRAFT_07, ...(JSON.parse(JSON.stringify(DomainData)) as Record<string, unknown>) };
}

type Json = Record<string, unknown>;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;
const at = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Json)[key] : undefined);
const shown = (dir: string, name: string): string => path.relative(process.cwd(), path.join(dir, name));

/** One problem per schema file that no longer equals the contract. */
export function contractSchemaProblems(dir: string = DEFAULT_SCHEMAS_DIR): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const fix = `differs from src/shared/contract; run ${WRITE_COMMAND}`;
  if (!isDeepStrictEqual(readJson(path.join(dir, 'domain-data.schema.json')), domainDataSchemaFile())) {
    problems.push({ file: shown(dir, 'domain-data.schema.json'), pointer: '', message: `${fix} (domain-data.ts)` });
  }
  const dimensions = at(at(at(readJson(path.join(dir, 'common.schema.json')), 'definitions'), 'bannerDimension'), 'enum');
  if (!isDeepStrictEqual(dimensions, [...BANNER_DIMENSIONS])) {
    problems.push({ file: shown(dir, 'common.schema.json'), pointer: '/definitions/bannerDimension/enum', message: `${fix} (values.ts)` });
  }
  return problems;
}

const BANNER_ENUM = /("bannerDimension":\s*\{[^}]*?"enum":\s*)\[[^\]]*\]/;

/** Writes the contract's parts into the schema files (the rest of common.schema.json is left as written). */
export function writeContractSchemas(dir: string = DEFAULT_SCHEMAS_DIR): void {
  writeFileSync(path.join(dir, 'domain-data.schema.json'), `${JSON.stringify(domainDataSchemaFile(), null, 2)}\n`);
  const common = path.join(dir, 'common.schema.json');
  const list = `[${BANNER_DIMENSIONS.map((d) => JSON.stringify(d)).join(', ')}]`;
  writeFileSync(common, readFileSync(common, 'utf8').replace(BANNER_ENUM, (_all, head: string) => `${head}${list}`));
}
