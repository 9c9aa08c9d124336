import { describe, expect, it } from 'vitest';
import { parseColour, readableInk } from '../../../src/client/components/chrome/contrast';
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
    for (const dark of ['#0f766e', '#6d28d9', '#1d4ed8', '#b91c1c', '#be185d', '#111827', 'rgb(0, 0, 0)']) expect(readableInk(dark)).toBe('#ffffff');
    for (const light of ['#facc15', '#ffffff', '#a7f3d0', '#fde047', 'rgb(250, 250, 250)']) expect(readableInk(light)).toBe('#111827');
  });
});

describe('search href', () => {
  it('adds the term as ?q= and keeps a query the route already has', () => {
    expect(searchHref('/searchpage', 'red shoes')).toBe('/searchpage?q=red+shoes');
    expect(searchHref('/searchpage?tab=stores', 'a&b')).toBe('/searchpage?tab=stores&q=a%26b');
  });
});
