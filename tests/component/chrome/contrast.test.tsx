import { describe, expect, it } from 'vitest';
import {
  brandTextColour,
  luminance,
  parseColour,
  ratio,
  readableInk,
} from '../../../src/client/components/chrome/contrast';
import { searchHref } from '../../../src/client/components/chrome/search-term';

describe('brand contrast', () => {
  it('reads the colour forms domain data may carry', () => {
    expect(parseColour('#0f766e')).toEqual({ r: 15, g: 118, b: 110 });
    expect(parseColour('#FC0')).toEqual({ r: 255, g: 204, b: 0 });
    expect(parseColour('#6d28d9cc')).toEqual({ r: 109, g: 40, b: 217 });
    expect(parseColour('rgb(29, 78, 216)')).toEqual({ r: 29, g: 78, b: 216 });
    expect(parseColour('rgba(255 255 255 / 50%)')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColour('not a colour')).toBeNull();
  });

  it('puts white on dark brands and dark ink on light ones', () => {
    for (const dark of ['#0f766e', '#6d28d9', '#1d4ed8', '#b91c1c', '#be185d', '#111827', 'rgb(0, 0, 0)'])
      expect(readableInk(dark)).toBe('#ffffff');
    for (const light of ['#facc15', '#ffffff', '#a7f3d0', '#fde047', 'rgb(250, 250, 250)'])
      expect(readableInk(light)).toBe('#111827');
  });

  const contrast = (a: string, b: string) => ratio(luminance(parseColour(a)!), luminance(parseColour(b)!));

  it('reaches WCAG AA on mid-tone brands where neither white nor near-black does', () => {
    for (const mid of ['#3a8f88', '#808080', '#4f8fbf', '#e0457b'])
      expect(contrast(readableInk(mid), mid)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a brand that reads on light surfaces as text, and darkens one that does not', () => {
    for (const dark of ['#0f766e', '#6d28d9', '#1d4ed8', '#111827']) expect(brandTextColour(dark)).toBe(dark);
    for (const light of ['#facc15', '#22c55e', '#fb923c', '#a7f3d0', '#ffffff']) {
      const text = brandTextColour(light);
      expect(text).not.toBe(light);
      for (const surface of ['#ffffff', '#f6f7f9', '#eceef1'])
        expect(contrast(text, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('search href', () => {
  it('adds the term as ?q= and keeps a query the route already has', () => {
    expect(searchHref('/searchpage', 'red shoes')).toBe('/searchpage?q=red+shoes');
    expect(searchHref('/searchpage?tab=stores', 'a&b')).toBe('/searchpage?tab=stores&q=a%26b');
  });
});
