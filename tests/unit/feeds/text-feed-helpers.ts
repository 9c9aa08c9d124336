import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { FeedItem } from '../../../src/shared/contract/feeds';

// Issue 30: what the Awin CSV, CJ XML and Rakuten XML reader tests share: a fixture as a stream in small chunks,
// every item of a reader, and a long feed made on demand while the heap is watched.

export type Reader = (input: Readable) => AsyncIterable<FeedItem>;

export const fixtureText = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

/** The text as bytes in chunks of `size`, so records, tags and multi-byte characters straddle chunk boundaries. */
export function streamOf(text: string, size = 97): Readable {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

export async function readAll(read: Reader, input: Readable): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for await (const item of read(input)) items.push(item);
  return items;
}

export const refusedOf = (items: readonly FeedItem[]) =>
  items.flatMap((i) => (i.ok ? [] : [{ where: i.where, reason: i.reason }]));

export const offersOf = (items: readonly FeedItem[]) => items.flatMap((i) => (i.ok ? [i.offer] : []));

/** A feed of `records` records made as it is read: head, then record(i) for each i, then tail. */
export function generatedFeed(parts: { head: string; record: (i: number) => string; tail: string; records: number }) {
  const produced = { records: 0 };
  function* chunks(): Generator<string> {
    yield parts.head;
    for (let i = 1; i <= parts.records; i += 1) {
      produced.records = i;
      yield parts.record(i);
    }
    yield parts.tail;
  }
  return { input: Readable.from(chunks()), produced };
}

/** Reads every item, sampling the heap as it goes: how many, how many offers, and the most the heap grew (MB). */
export async function countWatchingHeap(items: AsyncIterable<FeedItem>) {
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let count = 0;
  let offers = 0;
  for await (const item of items) {
    count += 1;
    if (item.ok) offers += 1;
    if (count % 250 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  return { count, offers, growthMb: (peak - before) / (1024 * 1024) };
}

/** A paragraph of `n` characters: the bulk that makes 50,000 records about 60 MB of text. */
export const filler = (n: number, seed: number) =>
  `Offer ${seed}: ${'Save on selected lines while stocks last, terms apply. '.repeat(Math.ceil(n / 55))}`.slice(0, n);
