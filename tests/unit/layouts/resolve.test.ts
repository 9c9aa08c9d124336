import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadLayouts,
  resolveLayouts,
  resolveLayoutsForRoute,
  type LoadedLayouts,
} from '../../../src/server/layouts/load';

// A tenant's home_page value picks one document per (kind, slot); anything unserved falls back to the default.

let loaded: LoadedLayouts;
beforeAll(async () => {
  loaded = await loadLayouts('layouts');
});

function files(homePage: string): Record<string, string> {
  const r = resolveLayouts(loaded, homePage);
  return { home: r.home.file, header: r.header.file, footer: r.footer.file, mobileFooter: r.mobileFooter.file };
}

describe('resolveLayouts', () => {
  it('gives Home Page Three and Four the one shared home document', () => {
    expect(files('Home Page Three').home).toBe('layouts/home/three-four.json');
    expect(files('Home Page Four').home).toBe('layouts/home/three-four.json');
    expect(resolveLayouts(loaded, 'Home Page Three').home.doc).toBe(resolveLayouts(loaded, 'Home Page Four').home.doc);
  });

  it('picks each variant its own header and footer, and the defaults where none is declared', () => {
    expect(files('Home Page One')).toEqual({
      home: 'layouts/home/hero-sliders.json',
      header: 'layouts/header/one.json',
      footer: 'layouts/footer/one.json',
      mobileFooter: 'layouts/footer/mobile.json',
    });
    expect(files('Home Page Two')).toMatchObject({
      home: 'layouts/home/landing.json',
      header: 'layouts/header/two.json',
      footer: 'layouts/footer/two.json',
    });
    expect(files('Home Page Four')).toMatchObject({
      header: 'layouts/header/default.json',
      footer: 'layouts/footer/four.json',
    });
    expect(files('Home Page Five')).toMatchObject({
      home: 'layouts/home/top-deals.json',
      header: 'layouts/header/default.json',
      footer: 'layouts/footer/link-columns.json',
    });
  });

  it('falls back to every default for an unknown value, including a literal "*"', () => {
    const defaults = {
      home: 'layouts/home/latest-deals.json',
      header: 'layouts/header/default.json',
      footer: 'layouts/footer/default.json',
      mobileFooter: 'layouts/footer/mobile.json',
    };
    expect(files('Home Page Nine')).toEqual(defaults);
    expect(files('')).toEqual(defaults);
    expect(files('*')).toEqual(defaults);
    expect(files('home page one')).toEqual(defaults);
  });

  it('is the same function for routes', () => {
    expect(resolveLayoutsForRoute(loaded, 'Home Page Two').home.file).toBe('layouts/home/landing.json');
  });

  it('says which kind has no default when a tree lacks one', () => {
    const noHeaders: LoadedLayouts = { ...loaded, documents: loaded.documents.filter((d) => d.doc.kind !== 'header') };
    expect(() => resolveLayouts(noHeaders, 'Home Page One')).toThrow(
      /no header layout \(slot main\) serves "Home Page One" and there is no default/,
    );
  });
});
