import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailImagePath, mediaPath, mediaSize, parseMediaFile } from '../../../src/shared/rules';

// Issue 26: an upload's name carries its hash and size (pages and mails give <img> its width and height from it), and
// a mail asks for the PNG of whatever a page shows: an upload's PNG beside its WebP, the server's PNG of a demo SVG.
const hash = fc.stringMatching(/^[0-9a-f]{32}$/);
const size = fc.record({ width: fc.integer({ min: 1, max: 4096 }), height: fc.integer({ min: 1, max: 4096 }) });
const format = fc.constantFrom('png' as const, 'webp' as const);

describe('media paths', () => {
  it('reads back the hash, size and format an upload was named with', () => {
    fc.assert(
      fc.property(hash, size, format, (h, s, f) => {
        const path = mediaPath(h, s, f);
        expect(parseMediaFile(path.slice('media/'.length))).toEqual({ hash: h, ...s, format: f });
        expect(mediaSize(path)).toEqual(s);
        expect(mediaSize(`https://one.example/assets/${path}`)).toEqual(s);
      }),
    );
  });

  it('gives mail the PNG of an upload, and of a relative SVG; leaves absolute and other paths alone', () => {
    const slug = fc.stringMatching(/^[a-z0-9][a-z0-9/-]{0,30}$/);
    fc.assert(
      fc.property(hash, size, slug, (h, s, p) => {
        expect(mailImagePath(mediaPath(h, s, 'webp'))).toBe(mediaPath(h, s, 'png'));
        expect(mailImagePath(mediaPath(h, s, 'png'))).toBe(mediaPath(h, s, 'png'));
        expect(mailImagePath(`${p}.svg`)).toBe(`${p}.png`);
        expect(mailImagePath(`${p}.jpg`)).toBe(`${p}.jpg`);
        for (const abs of [`https://cdn.example/${p}.svg`, `//cdn.example/${p}.svg`])
          expect(mailImagePath(abs)).toBe(abs);
      }),
    );
  });

  it('finds no size in a path that is not an upload', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const found = mediaSize(text);
        if (found) expect(text).toMatch(/media\/[0-9a-f]{32}-\d+x\d+\.(png|webp)/);
      }),
    );
  });
});
