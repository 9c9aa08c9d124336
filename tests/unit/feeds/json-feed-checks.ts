import { expect, it } from 'vitest';
import type { FeedFormatError } from '../../../src/server/feeds/readers/feed-error';
import { countWatchingHeap, generatedFeed, offersOf, readAll, streamOf, type Reader } from './text-feed-helpers';

// Issue 30: what the Impact, Admitad and Tradedoubler reader tests share: reading a text in small chunks, the error a
// broken one fails with, one offer by its id, and the two checks that a reader streams.

export function readsWith(read: Reader) {
  const readText = (text: string, size?: number) => readAll(read, streamOf(text, size));
  return {
    read: readText,
    failure: (text: string) =>
      readText(text).then(
        () => null,
        (err: unknown) => err as FeedFormatError,
      ),
    offerNamed: async (text: string, id: string) => offersOf(await readText(text)).find((o) => o.offer_id === id),
  };
}

/** One element of a generated list: a comma before every one but the first. */
export const listElement = (i: number, value: object) => `${i > 1 ? ',' : ''}${JSON.stringify(value)}\n`;

/**
 * The reader pulls (stopping early leaves the feed unread) and holds one record at a time: 50,000 generated records of
 * ~1.4 KB (~70 MB) grow the heap by ~25 MB streamed, by ~175 MB when every item is kept (measured), so 60 MB tells
 * the two apart.
 */
export function itStreams(
  read: Reader,
  record: string,
  feed: { head: string; item: (i: number) => string; tail: string },
) {
  const generated = () => generatedFeed({ head: feed.head, record: feed.item, tail: feed.tail, records: 50_000 });

  it(`pulls ${record}s as they are read: stopping early leaves the rest unread`, async () => {
    const { input, produced } = generated();
    let seen = 0;
    for await (const item of read(input)) {
      expect(item.ok).toBe(true);
      if (++seen === 10) break;
    }
    expect(produced.records).toBeLessThan(500);
    expect(input.destroyed).toBe(true);
  });

  it(`streams 50,000 ${record}s (~70 MB) without holding them: the heap grows by far less than the file`, async () => {
    const { count, offers, growthMb } = await countWatchingHeap(read(generated().input));
    expect([count, offers]).toEqual([50_000, 50_000]);
    expect(growthMb).toBeLessThan(60);
  }, 120_000);
}
