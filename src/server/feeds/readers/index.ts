import type { Readable } from 'node:stream';
import type { FeedFormat, FeedItem } from '../../../shared/contract/feeds';

// Issue 30: the six networks' formats, each read as a stream into FeedItems (one per record, mapped or refused). A
// reader is loaded when a feed of its format first runs: most servers sync one or two networks.
type Reader = (input: Readable) => AsyncIterable<FeedItem>;

const READERS: Readonly<Record<FeedFormat, () => Promise<Reader>>> = {
  'awin-csv': () => import('./awin-csv').then((m) => m.readAwinCsv),
  'cj-xml': () => import('./cj-xml').then((m) => m.readCjXml),
  'impact-json': () => import('./impact-json').then((m) => m.readImpactJson),
  'rakuten-xml': () => import('./rakuten-xml').then((m) => m.readRakutenXml),
  'admitad-json': () => import('./admitad-json').then((m) => m.readAdmitadJson),
  'tradedoubler-json': () => import('./tradedoubler-json').then((m) => m.readTradedoublerJson),
};

export async function* readFeed(format: FeedFormat, input: Readable): AsyncGenerator<FeedItem> {
  const read = await READERS[format]();
  yield* read(input);
}
