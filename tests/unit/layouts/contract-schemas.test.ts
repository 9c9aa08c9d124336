import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contractSchemaProblems, writeContractSchemas } from '../../../src/server/layouts/contract-schemas';

// schemas/ keeps the files operators and editors open; the parts declared in src/shared/contract must equal it.
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function copyOfSchemas(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'schemas-'));
  cpSync('schemas', dir, { recursive: true });
  return dir;
}

describe('schemas declared in the contract', () => {
  it('the committed schema files equal the contract', () => {
    expect(contractSchemaProblems('schemas')).toEqual([]);
  });

  it('reports a schema edited by hand, and writing from the contract mends it', () => {
    const copy = copyOfSchemas();
    const common = path.join(copy, 'common.schema.json');
    writeFileSync(common, readFileSync(common, 'utf8').replace('"300 * 250"]', '"300 * 250", "160 * 600"]'));
    const domain = path.join(copy, 'domain-data.schema.json');
    writeFileSync(domain, readFileSync(domain, 'utf8').replace('"minLength": 1,\n      "maxLength": 200', '"maxLength": 300'));
    const problems = contractSchemaProblems(copy);
    expect(problems.map((p) => [path.basename(p.file), p.pointer])).toEqual([
      ['domain-data.schema.json', ''],
      ['common.schema.json', '/definitions/bannerDimension/enum'],
    ]);
    writeContractSchemas(copy);
    expect(contractSchemaProblems(copy)).toEqual([]);
    expect(readFileSync(common, 'utf8')).toContain('"enum": ["120 * 600", "728 * 90", "1480 * 630", "300 * 250"]');
  });
});
