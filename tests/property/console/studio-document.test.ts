import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  addSection,
  documentText,
  DOCUMENT_FILE_PATTERN,
  duplicateSection,
  moveSection,
  newDocumentFile,
  parseDocumentText,
  removeSection,
  SECTION_ID_PATTERN,
  sectionsOf,
  uniqueSectionId,
  type Json,
  type JsonObject,
} from '../../../src/shared/console/studio-document';

// Issue 29: the studio's document operations. The text it writes is what `layouts:export` puts in git, so it must be
// the repository's Prettier output already; the section operations keep every other section as it was.

const root = path.resolve(import.meta.dirname, '../../..');
const prettierOptions = { ...(await prettier.resolveConfig(path.join(root, 'layouts/home/x.json'))), parser: 'json' };

/** JSON values as layout documents hold them: whole numbers and short decimals (Prettier rewrites 1e+21 as 1e21). */
const { json } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constantFrom(null, true, false),
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.integer({ min: -1e4, max: 1e4 }).map((n) => n / 8),
    fc.string({ maxLength: 30 }),
    fc.array(tie('json'), { maxLength: 6 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('json'), { maxKeys: 6 }),
  ),
}));
const id = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/);
const section = fc.record({
  id,
  type: fc.constantFrom('deal-grid', 'store-strip', 'newsletter'),
  settings: fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 3 }),
});
const doc = fc
  .uniqueArray(section, { selector: (s) => s.id, maxLength: 8 })
  .map((sections): JsonObject => ({ schemaVersion: 2, kind: 'home', title: 'T', serves: [], sections }));

describe('documentText', () => {
  it('is JSON for the same value', () => {
    fc.assert(
      fc.property(json, (v) => {
        expect(JSON.parse(documentText(v))).toEqual(v);
      }),
    );
  });

  it("is already the repository's Prettier output", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(json, doc), async (v) => {
        const text = documentText(v);
        expect(await prettier.format(text, prettierOptions)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it('writes the layout files that have no one-line objects byte for byte', () => {
    let compared = 0;
    for (const kind of ['home', 'header', 'footer', 'email']) {
      for (const file of readdirSync(path.join(root, 'layouts', kind))) {
        const text = readFileSync(path.join(root, 'layouts', kind, file), 'utf8');
        if (/\{ "/.test(text)) continue; // an object kept on one line by hand (Prettier keeps it; we break it)
        expect(documentText(JSON.parse(text) as Json), `${kind}/${file}`).toBe(text);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('says where a text does not parse', () => {
    const parsed = parseDocumentText('{\n  "a": 1,\n  "b": }\n');
    expect(parsed).toMatchObject({ ok: false, line: 3 });
  });
});

describe('section operations', () => {
  const ids = (d: JsonObject) => sectionsOf(d).map((s) => (s as JsonObject).id);

  it('a move keeps every section, and moving back restores the order', () => {
    fc.assert(
      fc.property(doc, fc.nat(10), fc.nat(10), (d, a, b) => {
        const n = sectionsOf(d).length;
        if (n === 0) return;
        const from = a % n;
        const to = b % n;
        const moved = moveSection(d, from, to);
        expect([...ids(moved)].sort()).toEqual([...ids(d)].sort());
        expect(ids(moved)[to]).toBe(ids(d)[from]);
        expect(moveSection(moved, to, from)).toEqual(d);
      }),
    );
  });

  it('add and duplicate keep ids unique and valid; remove undoes add', () => {
    fc.assert(
      fc.property(doc, fc.nat(10), (d, i) => {
        const added = addSection(d, 'deal-grid', {});
        expect(new Set(ids(added)).size).toBe(ids(added).length);
        expect(removeSection(added, sectionsOf(added).length - 1)).toEqual(d);
        const n = sectionsOf(d).length;
        if (n === 0) return;
        const dup = duplicateSection(d, i % n);
        const all = ids(dup);
        expect(new Set(all).size).toBe(all.length);
        expect(all.every((x) => SECTION_ID_PATTERN.test(String(x)) && String(x).length <= 60)).toBe(true);
        const copy = sectionsOf(dup)[(i % n) + 1] as JsonObject;
        expect(copy.settings).toEqual((sectionsOf(d)[i % n] as JsonObject).settings);
      }),
    );
  });

  it('new ids and file names are valid and not taken', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 5 }), fc.string(), (taken, base) => {
        const sectionId = uniqueSectionId(taken, base);
        expect(SECTION_ID_PATTERN.test(sectionId) && sectionId.length <= 60 && !taken.includes(sectionId)).toBe(true);
        const file = newDocumentFile(base, taken);
        expect(DOCUMENT_FILE_PATTERN.test(file) && !taken.includes(file)).toBe(true);
      }),
    );
  });
});
