import fc from 'fast-check';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  boundAt,
  canAddItem,
  describeSettings,
  emitValue,
  formState,
  getAt,
  hasAt,
  initialValue,
  moveItem,
  parseNumber,
  removeAt,
  removeItem,
  resolveSchema,
  schemaIndex,
  setAt,
  shownPointers,
  unsetAt,
  writeAt,
  type ArrayField,
  type Field,
  type FieldState,
  type JsonSchema,
  type NumberField,
  type ObjectField,
  type Path,
} from '../../../src/shared/console/settings-model';
import { SECTION_KINDS, SECTION_TYPES } from '../../../src/shared/contract/sections';
import { sectionCrossFieldProblems } from '../../../src/shared/layout/cross-field';
import { createLayoutAjv, sectionValidatorId } from '../../../src/server/layouts/schemas';
import { sectionCatalogue } from '../../../src/client/console/studio/section-catalogue';
import { settingsArbitrary } from '../engine/schema-arbitrary';

// Issue 29: the layout studio's settings form, without React. The form shows formState(field, settings) and emits
// emitValue of it; for every section type of the contract and any settings its schema allows, that round trip gives
// back the settings unchanged (the same keys, in the same order), so opening a section and changing nothing changes
// nothing. A new section's defaults pass the same validators as `layouts:check`, and so does every list after the form
// adds an item to it.

const catalogue = sectionCatalogue();
const fieldOf = (type: string) => describeSettings(catalogue.find((e) => e.type === type)!.schema);

const ajv = createLayoutAjv();
/** What `layouts:check` says of one section's settings (schema, then cross-field rules), as pointer: message lines. */
function problemsOf(type: string, settings: unknown): string[] {
  const section = { id: 'new-section', type, settings: structuredClone(settings) };
  const validate = ajv.getSchema(sectionValidatorId(type))!;
  if (!validate(section)) return (validate.errors ?? []).map((e) => `${e.instancePath}: ${e.message}`);
  return sectionCrossFieldProblems(section as never, '').map((p) => `${p.pointer}: ${p.message}`);
}

/** Every state node of a form, depth first. */
function nodes(state: FieldState): FieldState[] {
  const inner =
    state.kind === 'array'
      ? state.items.flatMap(nodes)
      : state.kind === 'object'
        ? state.properties.flatMap((p) => nodes(p.state))
        : state.kind === 'union'
          ? nodes(state.state)
          : state.kind === 'absent' && state.shown
            ? nodes(state.shown)
            : [];
  return [state, ...inner];
}

/** Every field of a tree. */
function fields(field: Field): Field[] {
  if (field.kind === 'object') return [field, ...field.properties.flatMap((p) => fields(p.field))];
  if (field.kind === 'array') return [field, ...fields(field.item)];
  if (field.kind === 'union') return [field, ...field.options.flatMap(fields)];
  return [field];
}

describe('the section catalogue', () => {
  it('has every section type of the contract, with its kinds, a title and a description', () => {
    expect(catalogue.map((e) => e.type)).toEqual([...SECTION_TYPES]);
    for (const entry of catalogue) {
      expect(entry.kinds, entry.type).toEqual(SECTION_KINDS[entry.type as keyof typeof SECTION_KINDS]);
      expect(entry.title).toMatch(/^[A-Z][a-z]/);
      expect(entry.description.length, entry.type).toBeGreaterThan(10);
      expect(JSON.stringify(entry.schema), entry.type).not.toContain('"$ref"');
    }
  });

  it('gives the types whose folder has a thumbnail.svg its URL, the others null', () => {
    const withPicture = catalogue.filter((e) => e.thumbnail !== null).map((e) => e.type);
    const folders = path.resolve(import.meta.dirname, '../../../src/sections');
    const onDisk = readdirSync(folders)
      .filter((type) => existsSync(path.join(folders, type, 'thumbnail.svg')))
      .sort();
    expect(onDisk.length).toBeGreaterThan(0);
    expect(withPicture).toEqual(onDisk);
    for (const e of catalogue.filter((x) => x.thumbnail))
      expect(e.thumbnail).toMatch(/thumbnail\.svg|^data:image\/svg/);
  });

  it('describes every setting of every type with an input of its own (no setting left to JSON text)', () => {
    for (const type of SECTION_TYPES) {
      const all = fields(fieldOf(type));
      expect(
        all.filter((f) => f.kind === 'json').map((f) => f.label),
        type,
      ).toEqual([]);
    }
    const kinds = new Set(SECTION_TYPES.flatMap((t) => fields(fieldOf(t)).map((f) => f.kind)));
    expect([...kinds].sort()).toEqual(['array', 'boolean', 'enum', 'integer', 'long-text', 'object', 'text']);
  });
});

describe('the round trip: the form emits what it was given', () => {
  it.each(SECTION_TYPES)('%s: any settings its schema allows come back unchanged, key order included', (type) => {
    const field = fieldOf(type);
    fc.assert(
      fc.property(settingsArbitrary(type), (settings) => {
        const frozen = deepFreeze(structuredClone(settings));
        const state = formState(field, frozen);
        const back = emitValue(state);
        expect(back).toEqual(settings);
        expect(JSON.stringify(back)).toBe(JSON.stringify(settings));
        // Nothing comes back as JSON text: every value was shown by an input of its field.
        expect(nodes(state).filter((n) => n.kind === 'mismatch' || n.kind === 'json')).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it.each(SECTION_TYPES)('%s: settings that break the schema come back unchanged too', (type) => {
    const field = fieldOf(type);
    const broken = fc
      .tuple(settingsArbitrary(type), fc.jsonValue({ maxDepth: 2 }), fc.nat(), fc.string({ maxLength: 8 }))
      .map(([settings, junk, pick, key]) => {
        const paths = allPaths(settings);
        const at = paths[pick % paths.length]!;
        return setAt(settings, at.length > 0 && pick % 3 === 0 ? at : [...at.slice(0, -1), key || 'x'], junk);
      });
    fc.assert(
      fc.property(broken, (settings) => {
        expect(JSON.stringify(emitValue(formState(field, settings)))).toBe(JSON.stringify(settings));
      }),
      { numRuns: 40 },
    );
  });

  it('shows an absent optional setting as absent, with its default', () => {
    const state = formState(fieldOf('deal-grid'), { source: 'latest', collapsed: 2, expanded: 4 });
    const byKey = state.kind === 'object' ? new Map(state.properties.map((p) => [p.key, p.state])) : new Map();
    expect(byKey.get('nameCut')).toMatchObject({ kind: 'absent', shown: { kind: 'number', text: '50' } });
    expect(byKey.get('title')).toMatchObject({ kind: 'absent', shown: null });
    expect(byKey.get('collapsed')).toMatchObject({ kind: 'number', text: '2', pointer: '/collapsed' });
    expect(shownPointers(state)).toContain('/bannerPositions');
  });

  it.each(SECTION_TYPES)(
    '%s: setting an absent optional setting, then unsetting it, gives the settings back',
    (type) => {
      const field = fieldOf(type) as ObjectField;
      const optional = field.properties.filter((p) => !p.required);
      if (optional.length === 0) return;
      fc.assert(
        fc.property(settingsArbitrary(type), fc.nat(), (settings, pick) => {
          const property = optional[pick % optional.length]!;
          if (property.key in settings) return;
          const set = writeAt(field, settings, [property.key], initialValue(property.field));
          expect(hasAt(set, [property.key])).toBe(true);
          expect(JSON.stringify(unsetAt(set, [property.key]))).toBe(JSON.stringify(settings));
        }),
        { numRuns: 30 },
      );
    },
  );
});

describe('a new section', () => {
  it.each(SECTION_TYPES)('%s: its defaults pass the validators and hold every default already', (type) => {
    const defaults = catalogue.find((e) => e.type === type)!.defaults();
    expect(problemsOf(type, defaults)).toEqual([]);
    // Validation fills in nothing: the settings written are the settings served.
    const section = { id: 'new-section', type, settings: structuredClone(defaults) };
    ajv.getSchema(sectionValidatorId(type))!(section);
    expect(section.settings).toEqual(defaults);
  });

  it.each(SECTION_TYPES)('%s: every list still passes after the form adds items up to its maximum', (type) => {
    const root = fieldOf(type);
    let settings = initialValue(root);
    for (const path of listPaths(root, settings)) {
      for (let guard = 0; guard < 12; guard++) {
        const list = getAt(settings, path);
        const field = fieldAt(root, path);
        if (Array.isArray(list) && !canAddItem(field, list.length)) break;
        const next = addItem(root, settings, path);
        expect(next, `${type} ${path.join('/')}`).not.toBe(settings);
        settings = next;
        expect(problemsOf(type, settings), `${type} ${path.join('/')}`).toEqual([]);
      }
    }
  });
});

describe('lists', () => {
  const root = fieldOf('recommended-deals');
  const grid = (count: number) => ({ count, action: 'new-tab' });
  const base = { grids: [grid(1), grid(2), grid(3)] };

  it('moves an item and back to where it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), (from, to) => {
        const moved = moveItem(root, base, ['grids'], from, to) as typeof base;
        expect(moved.grids[to]).toEqual(base.grids[from]);
        expect(moveItem(root, moved, ['grids'], to, from)).toEqual(base);
      }),
    );
  });

  it('adds no item past maxItems and removes none below minItems', () => {
    const full = { grids: [grid(1), grid(2), grid(3), grid(4)] };
    expect(addItem(root, full, ['grids'])).toBe(full);
    const one = { grids: [grid(1)] };
    expect(removeItem(root, one, ['grids'], 0)).toBe(one);
    expect(removeItem(root, base, ['grids'], 1)).toEqual({ grids: [grid(1), grid(3)] });
  });

  it('adds an item that is not in a list of unique items yet', () => {
    const dealGrid = fieldOf('deal-grid');
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 110 }), { maxLength: 9 }), (positions) => {
        const settings = { source: 'latest', collapsed: 1, expanded: 2, bannerPositions: positions };
        const next = getAt(addItem(dealGrid, settings, ['bannerPositions']), ['bannerPositions']) as number[];
        expect(next.slice(0, -1)).toEqual(positions);
        expect(positions).not.toContain(next.at(-1));
      }),
    );
  });

  it('writes into a list or object the settings leave out as the form showed it (its default)', () => {
    const footer = fieldOf('footer-main');
    const settings = { style: 'one' };
    expect(writeAt(footer, settings, ['privacyLink', 'label'], 'Privacy')).toEqual({
      style: 'one',
      privacyLink: { label: 'Privacy', to: '/privacypolicy' },
    });
    const hero = fieldOf('hero-sliders');
    expect(writeAt(hero, {}, ['large', 'source'], 'domain')).toEqual({ large: { source: 'domain' } });
    expect(addItem(fieldOf('deal-grid'), { source: 'latest', collapsed: 1, expanded: 2 }, ['bannerPositions'])).toEqual(
      { source: 'latest', collapsed: 1, expanded: 2, bannerPositions: [1] },
    );
  });
});

describe('numbers', () => {
  const integer = fields(fieldOf('deal-grid')).find((f) => f.label === 'Expanded') as NumberField;
  const number: NumberField = { ...integer, kind: 'number' };

  it('reads back every number from its text, of the field’s type', () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(parseNumber(integer, String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(parseNumber(number, String(n))).toBe(n === 0 ? 0 : n);
      }),
    );
  });

  it('reads nothing from text that is not a number of the field’s type yet', () => {
    for (const text of ['', ' ', '-', '+', '1e', '.', '0x10', '1_000', 'Infinity', 'NaN', '12a', '1,5'])
      expect(parseNumber(integer, text), JSON.stringify(text)).toBeNull();
    expect(parseNumber(integer, '2.5')).toBeNull();
    expect(parseNumber(number, '2.5')).toBe(2.5);
    expect(parseNumber(integer, ' 12 ')).toBe(12);
    expect(parseNumber(integer, '1e3')).toBe(1000);
  });

  it('reads a bound from the setting it names ($data), or that setting’s default', () => {
    const dealGrid = fieldOf('deal-grid');
    const collapsed = fields(dealGrid).find((f) => f.label === 'Collapsed') as NumberField;
    expect(collapsed.maximum).toEqual({ from: '1/expanded' });
    expect(boundAt(dealGrid, { expanded: 7 }, ['collapsed'], collapsed.maximum)).toBe(7);
    const tabs = fieldOf('store-tabs');
    const min = fields(tabs).find((f) => f.label === 'Min') as NumberField;
    expect(boundAt(tabs, {}, ['visitCounts', 'min'], min.maximum)).toBe(9999);
    expect(boundAt(tabs, { visitCounts: { max: 5 } }, ['visitCounts', 'min'], min.maximum)).toBe(5);
  });
});

describe('paths: get and set laws', () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  const rootAndPath = fc
    .tuple(fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 5 }), fc.nat())
    .map(([root, pick]) => {
      const paths = allPaths(root);
      return { root, path: paths[pick % paths.length]! };
    });

  it('reads back what it wrote, and writes nothing else', () => {
    fc.assert(
      fc.property(rootAndPath, json, ({ root, path }, value) => {
        const before = JSON.stringify(root);
        const next = setAt(deepFreeze(root), path, value);
        expect(getAt(next, path)).toEqual(value);
        expect(JSON.stringify(root)).toBe(before);
        // Writing what is there gives the same settings; writing twice keeps the second.
        expect(setAt(root, path, getAt(root, path))).toEqual(root);
        expect(setAt(setAt(root, path, 1), path, value)).toEqual(next);
        // Siblings are untouched, and a key's place in its object is kept.
        if (path.length > 0) {
          const parent = path.slice(0, -1);
          const other = getAt(root, parent);
          if (other && typeof other === 'object' && !Array.isArray(other))
            expect(Object.keys(getAt(next, parent) as object)).toEqual(Object.keys(other));
        }
      }),
    );
  });

  it('removes what a write of a new key added', () => {
    fc.assert(
      fc.property(rootAndPath, fc.string({ maxLength: 4 }), json, ({ root, path }, key, value) => {
        const at = getAt(root, path);
        if (!at || typeof at !== 'object' || Array.isArray(at) || key in at) return;
        const added = setAt(root, [...path, key], value);
        expect(JSON.stringify(removeAt(added, [...path, key]))).toBe(JSON.stringify(root));
      }),
    );
  });

  it('resolves $refs across files and refuses a loop or a ref to nothing', () => {
    const a: JsonSchema = { $id: 'https://x.test/a.json', definitions: { n: { $ref: 'b.json', minimum: 2 } } };
    const b: JsonSchema = { $id: 'https://x.test/b.json', title: 'B', type: 'integer', minimum: 1, maximum: 9 };
    const byId = schemaIndex([a, b]);
    expect(resolveSchema({ $ref: 'a.json#/definitions/n' }, byId, 'https://x.test/')).toEqual({
      type: 'integer',
      minimum: 2,
      maximum: 9,
    });
    const loop: JsonSchema = { $id: 'https://x.test/l.json', properties: { x: { $ref: '#' } } };
    expect(() => resolveSchema(loop, schemaIndex([loop]))).toThrow(/loops/);
    expect(() => resolveSchema({ $ref: 'c.json' }, byId, 'https://x.test/')).toThrow(/no schema file/);
  });
});

// Helpers.

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Every path in a JSON value, the root's included. */
function allPaths(value: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...allPaths(v, [...at, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...allPaths(v, [...at, k]));
  return out;
}

/** The field at a path of plain property names and indexes. */
function fieldAt(root: Field, path: Path): ArrayField {
  let field = root;
  for (const token of path)
    field = field.kind === 'array' ? field.item : (field as ObjectField).properties.find((p) => p.key === token)!.field;
  return field as ArrayField;
}

/** The path of every list the form shows for these settings (lists inside list items: of the first item). */
function listPaths(root: Field, settings: unknown): Path[] {
  const lists = nodes(formState(root, settings)).filter((n) => n.field.kind === 'array');
  return [...new Map(lists.map((n) => [n.pointer, n.path])).values()];
}
