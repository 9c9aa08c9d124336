import { describe, it, expect } from 'vitest';
import { insertBanners, gridSize, nextExpanded, commonStores, displayVisitCount } from '../../../src/shared/rules';

const deals = (n: number) => Array.from({ length: n }, (_, i) => `d${i}`);
const layout = (cells: ReturnType<typeof insertBanners<string, string>>) =>
  cells.map((c) => (c.kind === 'item' ? c.item : `[${c.banner}]`));

describe('SPEC banner positions', () => {
  it('hero layout: banner at position 5 (index 4) of 8 deals', () => {
    expect(layout(insertBanners(deals(8), ['B'], [5]))).toEqual([
      'd0',
      'd1',
      'd2',
      'd3',
      '[B]',
      'd4',
      'd5',
      'd6',
      'd7',
    ]);
  });

  it('Three/Four: banners at 3 and 6, used in order', () => {
    expect(layout(insertBanners(deals(6), ['A', 'B'], [3, 6]))).toEqual([
      'd0',
      'd1',
      '[A]',
      'd2',
      'd3',
      '[B]',
      'd4',
      'd5',
    ]);
  });

  it('latest deals: 4, 12 and 17 (indexes 3, 11, 16), cycling one banner', () => {
    const cells = insertBanners(deals(20), ['B'], [4, 12, 17]);
    expect(cells.flatMap((c, i) => (c.kind === 'banner' ? [i] : []))).toEqual([3, 11, 16]);
    expect(cells).toHaveLength(23);
  });

  it('skips positions past the end instead of appending after the last deal', () => {
    expect(layout(insertBanners(deals(4), ['B'], [5]))).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect(layout(insertBanners(deals(5), ['A', 'B', 'C'], [4, 12, 17]))).toEqual([
      'd0',
      'd1',
      'd2',
      '[A]',
      'd3',
      'd4',
    ]);
  });

  it('no recommend banners: deals only; invalid positions ignored', () => {
    expect(layout(insertBanners(deals(8), [], [5]))).toEqual(deals(8));
    expect(layout(insertBanners(deals(3), ['B'], [0, -1, 2.5, Number.NaN, 2, 2]))).toEqual(['d0', '[B]', 'd1', 'd2']);
  });
});

describe('SPEC §4 Show more / Show less', () => {
  it('toggles 8 ↔ 17 and 11 ↔ 18', () => {
    let expanded = false;
    expect(gridSize(expanded, 8, 17)).toBe(8);
    expanded = nextExpanded(expanded);
    expect(gridSize(expanded, 8, 17)).toBe(17);
    expanded = nextExpanded(expanded);
    expect(gridSize(expanded, 11, 18)).toBe(11);
    expect(gridSize(nextExpanded(expanded), 11, 18)).toBe(18);
  });
});

describe('SPEC footer common stores', () => {
  it('keeps up to 10, skipping archived and paused stores', () => {
    const stores = Array.from({ length: 14 }, (_, i) => ({ slug: `s${i}`, is_archived: i === 1, is_paused: i === 2 }));
    expect(commonStores(stores).map((s) => s.slug)).toEqual([
      's0',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
      's9',
      's10',
      's11',
    ]);
    expect(commonStores(stores, 2).map((s) => s.slug)).toEqual(['s0', 's3']);
  });
});

describe('SPEC Home Five visit counts', () => {
  it('are between 1000 and 9999 inclusive', () => {
    expect(displayVisitCount(() => 0)).toBe(1000);
    expect(displayVisitCount(() => 0.999999999)).toBe(9999);
    expect(displayVisitCount(() => 0.5)).toBe(5500);
  });
});
