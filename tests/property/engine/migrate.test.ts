import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLayoutDocument } from '../../../src/server/layouts/validate';
import { SECTION_KINDS, SECTION_TYPES } from '../../../src/shared/contract/sections';
import { LAYOUT_KINDS } from '../../../src/shared/contract/values';
import { CURRENT_SCHEMA_VERSION, migrate, needsMigration } from '../../../src/shared/layout/migrate';
import { settingsArbitrary } from './schema-arbitrary';
import { repairSettings } from './repair';

// Migrations: any valid version 1 document migrates to a valid current document that renders the same (the same
// sections, settings and serving); migrating twice changes nothing more; the caller's value is never modified.

const v1Document = fc
  .array(
    fc
      .constantFrom(...SECTION_TYPES)
      .chain((type) => settingsArbitrary(type).map((s) => ({ type, settings: repairSettings(type, s) }))),
    { minLength: 1, maxLength: 3 },
  )
  .chain((sections) => {
    const kind = SECTION_KINDS[sections[0]!.type][0]!;
    return fc.record({
      schemaVersion: fc.constant(1),
      kind: fc.constant(kind),
      title: fc.string({ minLength: 1, maxLength: 20 }),
      serves: fc.oneof(
        fc.constant(['*']),
        fc.uniqueArray(
          fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s !== '*'),
          { minLength: 1, maxLength: 3 },
        ),
      ),
      sections: fc.constant(
        sections
          .filter((s) => SECTION_KINDS[s.type].includes(kind))
          .map((s, i) => ({ id: `s-${i}`, type: s.type, settings: s.settings })),
      ),
    });
  });

describe('migrate', () => {
  it('turns any valid v1 document into a valid current one with the same rendering', () => {
    fc.assert(
      fc.property(v1Document, (v1) => {
        const before = checkLayoutDocument(v1, 'v1.json');
        fc.pre(before.problems.length === 0 && before.doc !== null);
        const frozen = JSON.stringify(v1);
        const migrated = migrate(v1) as Record<string, unknown>;
        expect(JSON.stringify(v1)).toBe(frozen);
        expect(migrated.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
        expect(needsMigration(migrated)).toBe(false);
        expect(migrate(migrated)).toEqual(migrated);
        const after = checkLayoutDocument(migrated, 'v2.json');
        expect(after.problems).toEqual([]);
        const { schemaVersion: _a, ...restBefore } = before.doc!;
        const { schemaVersion: _b, ...restAfter } = after.doc!;
        expect(restAfter).toEqual(restBefore);
      }),
      { numRuns: 60 },
    );
  });

  it('loads every shipped document unchanged', () => {
    for (const kind of LAYOUT_KINDS) {
      const dir = path.join('layouts', kind);
      for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const raw = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
        const asIs = checkLayoutDocument(raw, name);
        const migrated = checkLayoutDocument(migrate(raw), name);
        expect(asIs.problems).toEqual([]);
        expect(migrated.doc?.sections).toEqual(asIs.doc?.sections);
        expect(migrated.doc?.serves).toEqual(raw.serves);
      }
    }
  });
});
