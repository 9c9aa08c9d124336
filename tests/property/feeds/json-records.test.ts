import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { readAdmitadJson } from '../../../src/server/feeds/readers/admitad-json';
import { readTradedoublerJson } from '../../../src/server/feeds/readers/tradedoubler-json';
import { readAll, streamOf } from '../../unit/feeds/text-feed-helpers';

// Issue 30: the JSON feeds' stream reading (src/server/feeds/readers/json-records.ts), for any document cut into any
// chunks: every element comes out once, in order, wherever the chunks split it; anything that is not the network's
// shape, or not JSON, is a FeedFormatError and never another failure.

const chunkSize = fc.integer({ min: 1, max: 64 });

describe('JSON feed records', () => {
  it('hands on every element of the list once, in order, however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }), chunkSize, async (list, size) => {
        const items = await readAll(readTradedoublerJson, streamOf(JSON.stringify(list, null, 1), size));
        expect(items.map((i) => i.where)).toEqual(list.map((_, i) => `[${i}]`));
        const wrapped = JSON.stringify({ _meta: { count: list.length }, results: list });
        expect((await readAll(readAdmitadJson, streamOf(wrapped, size))).length).toBe(list.length);
      }),
    );
  });

  it('fails only with a FeedFormatError on any JSON, cut anywhere, or on text that is not JSON', async () => {
    const text = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.tuple(fc.json({ maxDepth: 3 }), fc.nat()).map(([json, at]) => json.slice(0, at % (json.length + 1))),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(text, chunkSize, async (doc, size) => {
        for (const read of [readAdmitadJson, readTradedoublerJson]) {
          const outcome = await readAll(read, streamOf(doc, size)).then(
            () => null,
            (err: unknown) => err,
          );
          if (outcome !== null) expect(outcome).toBeInstanceOf(FeedFormatError);
        }
      }),
    );
  });
});
