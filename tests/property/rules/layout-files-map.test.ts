import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LAYOUT_KINDS, loadLayouts } from '../../../src/server/layouts/load';

// Issue 17: LAYOUTS_SOURCE=db hands loadLayouts a files map instead of a directory. Whatever keys the map holds, the
// loader takes exactly the dir/<kind>/<name>.json files (as it would read from disk), in the same order, and a text
// that is not a document is a problem of that file, never a crash.
const dir = 'layouts';
const name = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const wanted = fc.tuple(fc.constantFrom(...LAYOUT_KINDS), name).map(([kind, n]) => `${dir}/${kind}/${n}.json`);
const unwanted = fc.oneof(
  fc.tuple(fc.constantFrom(...LAYOUT_KINDS), name).map(([kind, n]) => `${dir}/${kind}/${n}.txt`),
  fc.tuple(fc.constantFrom(...LAYOUT_KINDS), name, name).map(([kind, a, b]) => `${dir}/${kind}/${a}/${b}.json`),
  name.map((n) => `${dir}/other/${n}.json`),
  name.map((n) => `elsewhere/home/${n}.json`),
  name.map((n) => `${dir}/${n}.json`),
);

describe('loadLayouts over a files map', () => {
  it('loads exactly the kind folders’ .json files, by kind then name, each checked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(wanted, { maxLength: 8 }),
        fc.uniqueArray(unwanted, { maxLength: 5 }),
        fc.string({ maxLength: 40 }),
        async (good, bad, text) => {
          const files = new Map([...good, ...bad].map((f) => [f, text]));
          const loaded = await loadLayouts(dir, files);
          const order = (f: string) => LAYOUT_KINDS.indexOf(f.split('/')[1] as (typeof LAYOUT_KINDS)[number]);
          const expected = [...good].sort((a, b) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0));
          expect(loaded.files).toEqual(expected);
          // A text that is no layout document is a problem of its own file.
          for (const file of good) expect(loaded.problems.some((p) => p.file === file)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });
});
