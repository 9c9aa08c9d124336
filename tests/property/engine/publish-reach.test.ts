import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editorMayPublish, touchedPaths, withinHosts } from '../../../src/shared/layout/publish-reach';

// Issue 29: an editor publishes a layout change only when every document it touches, before and after, has no
// `serves` entry and names only their tenants' hosts; an admin's reach is not this rule's business.
const host = fc.constantFrom('one.localhost', 'two.localhost', 'three.localhost', 'shop.example', 'localhost');
const hosts = fc.uniqueArray(host, { maxLength: 5 }).map((list) => new Set(list));
const serve = fc.constantFrom('*', 'Home Page One', 'Home Page Two');

/** A document's text: some envelope fields, serves and tenants as given, formatted as an operator might. */
const docText = (serves: string[] | undefined, tenants: string[] | undefined, indent: number) =>
  JSON.stringify(
    { schemaVersion: 2, kind: 'home', title: 'x', ...(serves ? { serves } : {}), ...(tenants ? { tenants } : {}) },
    null,
    indent,
  );
const doc = fc.record({
  serves: fc.option(fc.uniqueArray(serve, { maxLength: 2 }), { nil: undefined }),
  tenants: fc.option(fc.uniqueArray(host, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  indent: fc.constantFrom(0, 2),
});
const text = doc.map((d) => docText(d.serves, d.tenants, d.indent));
const touched = fc.array(fc.option(text, { nil: null }), { maxLength: 6 });

describe('who may publish a layout change (publish-reach.ts)', () => {
  it('a document is within reach exactly when it serves no home_page value and names only granted hosts', () => {
    fc.assert(
      fc.property(doc, hosts, (d, granted) => {
        const expected = (d.serves ?? []).length === 0 && (d.tenants ?? []).every((h) => granted.has(h));
        expect(withinHosts(docText(d.serves, d.tenants, d.indent), granted)).toBe(expected);
      }),
    );
  });

  it('a change is allowed exactly when each of its texts is, whatever their order; absent documents reach no one', () => {
    fc.assert(
      fc.property(touched, hosts, (texts, granted) => {
        const allowed = editorMayPublish(texts, granted);
        expect(allowed).toBe(texts.every((t) => withinHosts(t, granted)));
        expect(editorMayPublish([...texts].reverse(), granted)).toBe(allowed);
        expect(editorMayPublish([...texts, null], granted)).toBe(allowed);
      }),
    );
  });

  it('granting more hosts never takes a permission away; a serves entry always does', () => {
    fc.assert(
      fc.property(touched, hosts, hosts, serve, (texts, granted, more, value) => {
        const wider = new Set([...granted, ...more]);
        if (editorMayPublish(texts, granted)) expect(editorMayPublish(texts, wider)).toBe(true);
        // "*" (every tenant) and a home_page value (any tenant choosing it) alike.
        const served = docText([value], [...wider], 2);
        expect(editorMayPublish([...texts, served], wider)).toBe(false);
      }),
    );
  });

  it('a text that cannot be placed (broken JSON, not an object, odd serves or tenants) is beyond reach', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string().filter((s) => !isObjectJson(s)),
          fc.constantFrom('[]', 'null', '"x"', '{"serves":"*"}', '{"tenants":"one.localhost"}', '{"tenants":[1]}'),
        ),
        hosts,
        (bad, granted) => {
          expect(withinHosts(bad, new Set([...granted, 'one.localhost']))).toBe(false);
        },
      ),
    );
  });

  it('touchedPaths lists exactly the paths whose text differs (added, edited, removed), sorted', () => {
    const set = fc.dictionary(
      fc.constantFrom('home/a.json', 'home/b.json', 'header/c.json', 'footer/d.json'),
      fc.string(),
    );
    fc.assert(
      fc.property(set, set, (a, b) => {
        const before = new Map(Object.entries(a));
        const after = new Map(Object.entries(b));
        const paths = touchedPaths(before, after);
        expect(paths).toEqual([...paths].sort());
        for (const p of new Set([...before.keys(), ...after.keys()]))
          expect(paths.includes(p)).toBe(before.get(p) !== after.get(p));
        expect(touchedPaths(before, before)).toEqual([]);
        expect(touchedPaths(after, before)).toEqual(paths);
      }),
    );
  });
});

function isObjectJson(s: string): boolean {
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}
