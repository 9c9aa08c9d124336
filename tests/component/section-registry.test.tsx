import { describe, expect, it } from 'vitest';
import { sectionTypes } from 'virtual:layout-validators';
import { registry } from '../../src/client/sections/registry';
import { lazyRegistry, preloadSections, sectionTypeOfFile } from '../../src/client/engine/section-registry';
import { defineSection, type AnySectionDefinition } from '../../src/client/engine/types';

// The registry is found, not written: every `<group>/<type>.section.tsx` is one section type.

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

  it('reads the type from the file name and refuses a file not named <type>.section.tsx', () => {
    expect(sectionTypeOfFile('./deals/deal-grid.section.tsx')).toBe('deal-grid');
    expect(sectionTypeOfFile('./deals/deal-grid.tsx')).toBeNull();
    expect(sectionTypeOfFile('./deals/Deal_Grid.section.tsx')).toBeNull();
    expect(() =>
      lazyRegistry({
        './deals/DealGrid.section.tsx': async () => ({ default: defineSection('deal-grid', { component: Stub }) }),
      }),
    ).toThrow('./deals/DealGrid.section.tsx: a section module is named <type>.section.tsx');
    expect(() =>
      lazyRegistry({
        './a/newsletter.section.tsx': async () => ({ default: defineSection('newsletter', { component: Stub }) }),
        './b/newsletter.section.tsx': async () => ({ default: defineSection('newsletter', { component: Stub }) }),
      }),
    ).toThrow('./b/newsletter.section.tsx: section type "newsletter" has two modules');
  });

  it('rejects a module whose definition is of another type than its file name, naming both', async () => {
    const wrong = lazyRegistry({
      './chrome/promo-strip.section.tsx': async () => ({ default: defineSection('header-bar', { component: Stub }) }),
    });
    await expect(wrong['promo-strip']!.load()).rejects.toThrow(
      `./chrome/promo-strip.section.tsx must export defineSection('promo-strip', …) as its default; it exports section type "header-bar"`,
    );
    expect(wrong['promo-strip']!.loaded()).toBeNull();
  });

  it('loads a module once, and tries again after a failed load (offline, a new deploy)', async () => {
    let calls = 0;
    const definition: AnySectionDefinition = defineSection('scroll-to-top', { component: Stub });
    const flaky = lazyRegistry({
      './chrome/scroll-to-top.section.tsx': async () => {
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
