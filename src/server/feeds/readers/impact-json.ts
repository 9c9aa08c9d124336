import type { Readable } from 'node:stream';
import type { FeedItem } from '../../../shared/contract/feeds';
import { impactAdType, mapImpactJson } from '../../../shared/feeds/impact-json';
import { isJsonObject } from '../../../shared/feeds/json-fields';
import { readJsonRecords, recordWhere, type JsonShape } from './json-records';

// Issue 30: Impact's Ads list (src/shared/feeds/impact-json.ts maps each ad), read as a stream: an object with the
// page's "@page", "@numpages", "@total"… and "Ads", the list. Only COUPON ads are offers: banners and text links are
// skipped without a word, as the issue says; an ad with no Type at all is refused, so a change on Impact's side shows
// instead of emptying the feed. An answer without "Ads" (Impact's {"Status": "ERROR", "Message": …}) is refused whole.

const IMPACT_JSON: JsonShape = { name: 'Impact Ads JSON', list: 'Ads', record: 'ad', errorFields: ['Message'] };

/** Each COUPON ad of an Impact Ads answer as it is read, mapped or with why not. */
export async function* readImpactJson(input: Readable): AsyncGenerator<FeedItem> {
  for await (const { index, value } of readJsonRecords(input, IMPACT_JSON)) {
    const where = recordWhere(IMPACT_JSON, index);
    if (!isJsonObject(value)) {
      yield { where, ok: false, reason: 'the ad is not a JSON object' };
      continue;
    }
    const type = impactAdType(value);
    if (type && type !== 'COUPON') continue;
    yield { where, ...mapImpactJson(value) };
  }
}
