import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitInto, mediaBox, MAX_FREE_SIDE } from '../../../src/shared/console/media-box';
import { BANNER_DIMENSIONS } from '../../../src/shared/contract/values';
import { MEDIA_PURPOSES } from '../../../src/shared/contract/media';

// Issue 26: an uploaded image is made for the box its page reserves: never stretched there (the canvas has the box's
// ratio), never larger than the box or enlarged past the file sent, and the picture keeps its own proportions.
const side = fc.integer({ min: 1, max: 20_000 });
const source = fc.record({ width: side, height: side });
const box = fc
  .tuple(fc.constantFrom(...MEDIA_PURPOSES), fc.option(fc.constantFrom(...BANNER_DIMENSIONS), { nil: undefined }))
  .map(([kind, dimension]) => mediaBox(kind, dimension));

describe('fitInto (uploaded images drawn for their box)', () => {
  it('makes a canvas of the box ratio (to a pixel’s rounding), inside the box, holding the scaled image', () => {
    fc.assert(
      fc.property(source, box, (src, b) => {
        const { image, canvas } = fitInto(src, b);
        expect(image.width).toBeLessThanOrEqual(canvas.width);
        expect(image.height).toBeLessThanOrEqual(canvas.height);
        if (b) {
          expect(canvas.width).toBeLessThanOrEqual(b.width);
          expect(canvas.height).toBeLessThanOrEqual(b.height);
          // the page shows the canvas at b's ratio: off by no more than rounding a side to whole pixels
          const ratio = b.width / b.height;
          const off = Math.abs(canvas.width / canvas.height - ratio) / ratio;
          expect(off).toBeLessThanOrEqual(1 / Math.min(canvas.width, canvas.height));
        } else {
          expect(Math.max(canvas.width, canvas.height)).toBeLessThanOrEqual(MAX_FREE_SIDE);
          expect(canvas).toEqual(image);
        }
      }),
    );
  });

  it('never enlarges, and keeps the picture’s own proportions', () => {
    fc.assert(
      fc.property(source, box, (src, b) => {
        const { image } = fitInto(src, b);
        expect(image.width).toBeLessThanOrEqual(src.width);
        expect(image.height).toBeLessThanOrEqual(src.height);
        // each side rounded to whole pixels (at least one): the ratio is off by at most a pixel's worth
        expect(Math.abs(image.width * src.height - image.height * src.width)).toBeLessThanOrEqual(
          Math.max(src.width, src.height),
        );
      }),
    );
  });
});
