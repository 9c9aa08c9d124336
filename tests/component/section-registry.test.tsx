import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionTypes } from 'virtual:layout-validators';
import { registry } from '../../src/sections/page-registry';
import { lazyRegistry, preloadSections, sectionTypeOfFile } from '../../src/client/engine/section-registry';
import { defineSection, type AnySectionDefinition } from '../../src/client/engine/types';

// The registry is found, not written: every folder `src/sections/<type>/` with a section.tsx is one section type.

const Stub = () => <p>stub</p>;

describe('the section registry', () => {
  it('has one module for every section type of the contract, each exporting the definition its file names', async () => {
    expect(Object.keys(registry).sort()).toEqual([...sectionTypes].sort());
    for (const [type, entry] of Object.entries(registry)) {
      const definition = await entry!.load();
      expect(definition.type).toBe(type);
      expect(entry!.loaded()).toBe(definition);
      expect(typeof definition.component).toBe('function');
    }
  });

  it('is every folder of src/sections that has a section.tsx', () => {
    const folders = readdirSync(path.resolve('src/sections'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.resolve('src/sections', entry.name, 'section.tsx')))
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(registry).sort()).toEqual(folders);
  });

  it("reads the type from the folder's name and refuses a module that is not <type>/section.tsx", () => {
    expect(sectionTypeOfFile('./deal-grid/section.tsx')).toBe('deal-grid');
    expect(sectionTypeOfFile('./deal-grid/deal-grid.tsx')).toBeNull();
    expect(sectionTypeOfFile('./Deal_Grid/section.tsx')).toBeNull();
    expect(() =>
      lazyRegistry({
        './DealGrid/section.tsx': async () => ({ default: defineSection('deal-grid', { component: Stub }) }),
      }),
    ).toThrow('./DealGrid/section.tsx: a section module is <type>/section.tsx');
    expect(() =>
      lazyRegistry({
        './newsletter/section.tsx': async () => ({ default: defineSection('newsletter', { component: Stub }) }),
        './a/newsletter/section.tsx': async () => ({ default: defineSection('newsletter', { component: Stub }) }),
      }),
    ).toThrow('./a/newsletter/section.tsx: section type "newsletter" has two modules');
  });

  it('rejects a module whose definition is of another type than its file name, naming both', async () => {
    const wrong = lazyRegistry({
      './promo-strip/section.tsx': async () => ({ default: defineSection('header-bar', { component: Stub }) }),
    });
    await expect(wrong['promo-strip']!.load()).rejects.toThrow(
      `./promo-strip/section.tsx must export defineSection('promo-strip', …) as its default; it exports section type "header-bar"`,
    );
    expect(wrong['promo-strip']!.loaded()).toBeNull();
  });

  it('loads a module once, and tries again after a failed load (offline, a new deploy)', async () => {
    let calls = 0;
    const definition: AnySectionDefinition = defineSection('scroll-to-top', { component: Stub });
    const flaky = lazyRegistry({
      './scroll-to-top/section.tsx': async () => {
        calls += 1;
        if (calls === 1) throw new Error('chunk failed');
        return { default: definition };
      },
    });
    const entry = flaky['scroll-to-top']!;
    await expect(entry.load()).rejects.toThrow('chunk failed');
    expect(entry.loaded()).toBeNull();
    await expect(Promise.all([entry.load(), entry.load()])).resolves.toEqual([definition, definition]);
    expect(calls).toBe(2);
    expect(entry.loaded()).toBe(definition);
    // preloadSections settles whatever fails and ignores types nobody registered (a document names any string).
    await expect(preloadSections(flaky, ['scroll-to-top', 'no-such-section', 'constructor'])).resolves.toBeUndefined();
  });
});
