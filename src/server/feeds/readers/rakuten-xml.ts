import type { Readable } from 'node:stream';
import type { FeedItem } from '../../../shared/contract/feeds';
import { mapRakutenXml, RAKUTEN_TEXT_FIELDS, type RakutenLink } from '../../../shared/feeds/rakuten-xml';
import { readXmlRecords, type XmlItem, type XmlShape } from './xml-records';

// Issue 30: Rakuten's Coupon Web Service answer (src/shared/feeds/rakuten-xml.ts maps each link), read as a stream:
// <couponfeed> holds <TotalMatches>, <TotalPages>, <PageNumberRequested> and the <link type="TEXT|BANNER"> records.
// A gateway error comes back under another root element and is refused whole.

const RAKUTEN_XML: XmlShape = { name: 'Rakuten Coupon Web Service XML', path: ['couponfeed', 'link'] };

const texts = (items: readonly XmlItem[] | undefined) => (items ?? []).map((item) => item.text);

/** Each <link> of a Rakuten coupon feed as it is read, mapped or with why not. */
export async function* readRakutenXml(input: Readable): AsyncGenerator<FeedItem> {
  for await (const record of readXmlRecords(input, RAKUTEN_XML)) {
    const link: RakutenLink = {
      categories: texts(record.lists.categories),
      promotiontypes: texts(record.lists.promotiontypes),
    };
    for (const field of RAKUTEN_TEXT_FIELDS) link[field] = record.fields[field];
    yield { where: `<link> #${record.index} (line ${record.line})`, ...mapRakutenXml(link) };
  }
}
