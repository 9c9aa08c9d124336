import type { Readable } from 'node:stream';
import type { FeedItem } from '../../../shared/contract/feeds';
import { CJ_LINK_FIELDS, mapCjXml, type CjLink } from '../../../shared/feeds/cj-xml';
import { readXmlRecords, type XmlShape } from './xml-records';

// Issue 30: CJ's Link Search answer (src/shared/feeds/cj-xml.ts maps each link), read as a stream: <cj-api> holds
// <links total-matched=… records-returned=… page-number=…>, which holds the <link> records. A CJ answer without
// <links> (an <error-message>, a token refused) is refused whole: read as an empty feed it would expire every offer.

const CJ_XML: XmlShape = {
  name: 'CJ Link Search XML',
  path: ['cj-api', 'links', 'link'],
  errorElement: 'error-message',
};

/** Each <link> of a CJ Link Search answer as it is read, mapped or with why not. */
export async function* readCjXml(input: Readable): AsyncGenerator<FeedItem> {
  for await (const record of readXmlRecords(input, CJ_XML)) {
    const link: CjLink = {};
    for (const field of CJ_LINK_FIELDS) link[field] = record.fields[field];
    yield { where: `<link> #${record.index} (line ${record.line})`, ...mapCjXml(link) };
  }
}
