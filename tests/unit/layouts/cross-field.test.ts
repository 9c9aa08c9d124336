import { describe, expect, it } from 'vitest';
import { SECTION_KINDS } from '../../../src/shared/contract/sections';
import { crossFieldProblems, sectionCrossFieldProblems } from '../../../src/shared/layout/cross-field';
import type { LayoutEnvelope, LooseSection } from '../../../src/shared/layout/types';

// The rules JSON Schema cannot state, shared by the Node checker and the browser.

const section = (type: string, settings: Record<string, unknown>, id = 'x'): LooseSection => ({ id, type, settings });
const envelope = (over: Partial<LayoutEnvelope>): LayoutEnvelope => ({
  schemaVersion: 1,
  kind: 'home',
  title: 't',
  serves: ['Home Page One'],
  sections: [],
  ...over,
});

describe('sectionCrossFieldProblems', () => {
  it('lets a banner sit anywhere a card follows it, and no further', () => {
    const grid = (bannerPositions: number[]) => section('deal-grid', { collapsed: 8, expanded: 17, bannerPositions });
    expect(sectionCrossFieldProblems(grid([5, 18]), '/sections/0')).toEqual([]);
    expect(sectionCrossFieldProblems(grid([5, 19]), '/sections/0')).toEqual([
      {
        pointer: '/sections/0/settings/bannerPositions/1',
        message:
          'banner position 19 is outside the grid: 17 cards + 2 banners, and a banner needs a card after it, so positions go up to 18',
      },
    ]);
    expect(sectionCrossFieldProblems(grid([4, 12, 17]), '')).toEqual([]);
  });

  it('keeps a store run inside what was fetched, also inside a composite row', () => {
    expect(
      sectionCrossFieldProblems(section('store-grid', { fetchLimit: 24, offset: 12, count: 12 }), '/sections/1'),
    ).toEqual([]);
    expect(
      sectionCrossFieldProblems(section('store-strip', { fetchLimit: 24, offset: 13, count: 12 }), '/sections/1'),
    ).toEqual([
      { pointer: '/sections/1/settings/count', message: 'offset 13 + count 12 = 25 is more than fetchLimit 24' },
    ]);
    const row = section('stores-newsletter-row', {
      stores: { fetchLimit: 4, offset: 0, count: 5 },
      newsletter: { variant: 'compact' },
    });
    expect(sectionCrossFieldProblems(row, '/sections/2')[0]?.pointer).toBe('/sections/2/settings/stores/count');
  });

  it('keeps every recommended-deals grid inside the fetch limit', () => {
    const deals = section('recommended-deals', {
      fetchLimit: 18,
      grids: [
        { offset: 0, count: 9 },
        { offset: 10, count: 9 },
      ],
    });
    expect(sectionCrossFieldProblems(deals, '/sections/4')).toEqual([
      { pointer: '/sections/4/settings/grids/1/count', message: 'offset 10 + count 9 = 19 is more than fetchLimit 18' },
    ]);
  });

  it('wants the first store tab to exist', () => {
    const tabs = (initialTab: number) => section('store-tabs', { initialTab, tabs: [{}, {}] });
    expect(sectionCrossFieldProblems(tabs(2), '')).toEqual([]);
    expect(sectionCrossFieldProblems(tabs(3), '')).toEqual([
      { pointer: '/settings/initialTab', message: 'tab 3 does not exist: there are 2 tabs' },
    ]);
  });

  it('skips rules whose values have the wrong shape (the schema reports those)', () => {
    expect(sectionCrossFieldProblems(section('deal-grid', { expanded: 'many', bannerPositions: [99] }), '')).toEqual(
      [],
    );
    expect(sectionCrossFieldProblems(section('store-grid', { fetchLimit: 5, count: '9' }), '')).toEqual([]);
  });
});

describe('crossFieldProblems', () => {
  it('finds duplicate ids, types of another kind and sidebars outside home', () => {
    const doc = envelope({
      kind: 'footer',
      sections: [
        section('footer-main', {}, 'a'),
        { ...section('deal-grid', { expanded: 5 }, 'a'), placement: 'sidebar' },
      ],
    });
    expect(crossFieldProblems(doc, SECTION_KINDS)).toEqual([
      { pointer: '/sections/1/id', message: 'duplicate section id "a" (also /sections/0/id)' },
      {
        pointer: '/sections/1/type',
        message: 'section type "deal-grid" cannot be used in a footer document (allowed in: home)',
      },
      { pointer: '/sections/1/placement', message: '"sidebar" placement is for home documents only' },
    ]);
  });

  it('wants "*" alone and slot mobile on footers only', () => {
    expect(crossFieldProblems(envelope({ serves: ['*', 'Home Page One'], slot: 'mobile' }), SECTION_KINDS)).toEqual([
      { pointer: '/serves', message: '"*" (the default) must be the only entry of serves' },
      { pointer: '/slot', message: 'slot "mobile" is for footer documents only' },
    ]);
    expect(crossFieldProblems(envelope({ kind: 'footer', slot: 'mobile', serves: ['*'] }), SECTION_KINDS)).toEqual([]);
  });

  it('leaves unknown types to the schema', () => {
    expect(crossFieldProblems(envelope({ sections: [section('hologram', {})] }), SECTION_KINDS)).toEqual([]);
  });
});
