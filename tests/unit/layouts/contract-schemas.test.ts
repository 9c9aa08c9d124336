import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Static } from '@sinclair/typebox';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  contractSchemaFiles,
  contractSchemaProblems,
  schemaFileText,
  writeContractSchemas,
} from '../../../src/server/layouts/contract-schemas';
import type { LayoutEnvelope as EnvelopeSchema } from '../../../src/shared/contract/layout-document';
import { SECTION_KINDS, SECTION_TYPES, SECTIONS } from '../../../src/shared/contract/sections';
import { BANNER_DIMENSIONS, LAYOUT_KINDS } from '../../../src/shared/contract/values';
import type { LayoutEnvelope, SectionSettings } from '../../../src/shared/layout/types';

// schemas/ keeps the files operators and editors open; every one of them is written from src/shared/contract.
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function copyOfSchemas(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'schemas-'));
  cpSync('schemas', dir, { recursive: true });
  return dir;
}

const named = (problems: { file: string; pointer: string; message: string }[]) =>
  problems.map((p) => [path.relative(dir, p.file).split(path.sep).join('/'), p.pointer]);

describe('schemas declared in the contract', () => {
  it('the committed schema files equal the contract, as npm run schemas:write writes them', () => {
    expect(contractSchemaProblems('schemas')).toEqual([]);
    for (const { name, schema } of contractSchemaFiles())
      expect(readFileSync(path.join('schemas', name), 'utf8'), name).toBe(schemaFileText(schema));
  });

  it('declares every file of schemas/: common, envelope, layout, domain data and one per section type', () => {
    const names = contractSchemaFiles().map((file) => file.name);
    expect(names.slice(0, 4)).toEqual([
      'common.schema.json',
      'domain-data.schema.json',
      'layout-envelope.schema.json',
      'layout.schema.json',
    ]);
    expect(names.filter((name) => name.startsWith('sections/'))).toHaveLength(names.length - 4);
  });

  it('gives every section type at least one kind of document, and its settings their type', () => {
    expect(SECTION_TYPES).toEqual(Object.keys(SECTIONS).sort());
    for (const type of SECTION_TYPES) {
      expect(SECTION_KINDS[type].length, type).toBeGreaterThan(0);
      for (const kind of SECTION_KINDS[type]) expect(LAYOUT_KINDS).toContain(kind);
    }
    // Settings types are the values after validation: a defaulted setting is present, an optional one may be absent.
    expectTypeOf<SectionSettings<'deal-grid'>['nameCut']>().toEqualTypeOf<number>();
    expectTypeOf<SectionSettings<'deal-grid'>>().toHaveProperty('title').toEqualTypeOf<string | undefined>();
    expectTypeOf<Static<(typeof SECTIONS)['store-grid']['settings']>>().toEqualTypeOf<SectionSettings<'store-strip'>>();
    // The document generics of types.ts are written by hand: a document that passed the envelope schema fits them.
    expectTypeOf<Static<typeof EnvelopeSchema>>().toExtend<LayoutEnvelope>();
  });

  it('reports a schema edited by hand where it differs, and writing from the contract mends it', () => {
    const copy = copyOfSchemas();
    const common = path.join(copy, 'common.schema.json');
    const commonSchema = JSON.parse(readFileSync(common, 'utf8'));
    commonSchema.definitions.bannerDimension.enum.push('160 * 600');
    writeFileSync(common, JSON.stringify(commonSchema));
    const domain = path.join(copy, 'domain-data.schema.json');
    const domainSchema = JSON.parse(readFileSync(domain, 'utf8'));
    domainSchema.properties.name = { type: 'string', maxLength: 300 };
    writeFileSync(domain, JSON.stringify(domainSchema));
    const grid = path.join(copy, 'sections', 'deal-grid.schema.json');
    const gridSchema = JSON.parse(readFileSync(grid, 'utf8'));
    gridSchema.properties.expanded.maximum = 200;
    writeFileSync(grid, JSON.stringify(gridSchema));
    const problems = contractSchemaProblems(copy);
    expect(named(problems)).toEqual([
      ['common.schema.json', '/definitions/bannerDimension/enum'],
      ['domain-data.schema.json', '/properties/name/minLength'],
      ['sections/deal-grid.schema.json', '/properties/expanded/maximum'],
    ]);
    expect(problems[2]?.message).toBe('differs from src/sections/deal-grid/settings.ts; run npm run schemas:write');
    writeContractSchemas(copy);
    expect(contractSchemaProblems(copy)).toEqual([]);
    expect(JSON.parse(readFileSync(common, 'utf8')).definitions.bannerDimension.enum).toEqual([...BANNER_DIMENSIONS]);
  });

  it('reports a missing file and a file no section type declares, and writing restores and removes them', () => {
    const copy = copyOfSchemas();
    rmSync(path.join(copy, 'sections', 'newsletter.schema.json'));
    rmSync(path.join(copy, 'layout.schema.json'));
    const stale = path.join(copy, 'sections', 'hologram.schema.json');
    writeFileSync(stale, readFileSync(path.join(copy, 'sections', 'deal-grid.schema.json')));
    writeFileSync(path.join(copy, 'sections', 'promo-strip.schema.json'), '{ "type": ');
    const problems = contractSchemaProblems(copy);
    expect(named(problems)).toEqual([
      ['layout.schema.json', ''],
      ['sections/newsletter.schema.json', ''],
      ['sections/promo-strip.schema.json', ''],
      ['sections/hologram.schema.json', ''],
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'missing: it is written from src/shared/contract/layout-document.ts; run npm run schemas:write',
      'missing: it is written from src/sections/newsletter/settings.ts; run npm run schemas:write',
      'is not JSON: it is written from src/sections/promo-strip/settings.ts; run npm run schemas:write',
      'no section type "hologram" (no folder src/sections/hologram): run npm run schemas:write to remove the file',
    ]);
    expect(writeContractSchemas(copy).removed).toEqual(['sections/hologram.schema.json']);
    expect(existsSync(stale)).toBe(false);
    expect(contractSchemaProblems(copy)).toEqual([]);
  });
});
