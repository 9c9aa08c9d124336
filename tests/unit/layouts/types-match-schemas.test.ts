import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sectionValidators } from 'virtual:layout-validators';
import { SECTION_KINDS, SECTION_TYPES } from '../../../src/shared/contract/sections';
import { FULL_SETTINGS } from '../../fixtures/layouts/full-settings';

// types.ts is written by hand beside the schemas; this keeps the two from drifting apart.

type SchemaNode = { $ref?: string; properties?: Record<string, unknown> };

function settingsProperties(type: string): string[] {
  const schema = JSON.parse(readFileSync(`schemas/sections/${type}.schema.json`, 'utf8')) as SchemaNode;
  if (schema.properties) return Object.keys(schema.properties).sort();
  // store-strip and store-grid are a $ref to common.schema.json#/definitions/storeList.
  const common = JSON.parse(readFileSync('schemas/common.schema.json', 'utf8')) as { definitions: Record<string, SchemaNode> };
  const name = schema.$ref?.split('/').at(-1) ?? '';
  return Object.keys(common.definitions[name]?.properties ?? {}).sort();
}

describe('section types and schemas', () => {
  it.each([...SECTION_TYPES])('%s: the TypeScript type has exactly the schema properties, and a full value validates', (type) => {
    const settings = structuredClone(FULL_SETTINGS[type]);
    expect(Object.keys(settings).sort()).toEqual(settingsProperties(type));
    const validate = sectionValidators[type];
    const valid = validate?.({ id: 'full', type, settings });
    expect(validate?.errors ?? null).toBeNull();
    expect(valid).toBe(true);
    expect(settings).toEqual(FULL_SETTINGS[type]);
  });

  it('every type belongs to at least one document kind', () => {
    for (const type of SECTION_TYPES) expect(SECTION_KINDS[type].length).toBeGreaterThan(0);
  });
});
