import type { Readable } from 'node:stream';
import type { FeedItem } from '../../../shared/contract/feeds';
import { mapAdmitadJson } from '../../../shared/feeds/admitad-json';
import { isJsonObject } from '../../../shared/feeds/json-fields';
import { readJsonRecords, recordWhere, type JsonShape } from './json-records';

// Issue 30: Admitad's coupons answer (src/shared/feeds/admitad-json.ts maps each coupon), read as a stream: an object
// with "results", the list, and "_meta" {count, limit, offset}, in either order. An answer without "results" (an
// OAuth error such as {"error": "invalid_token", "error_description": …}) is refused whole: read as an empty feed it
// would expire every offer.

const ADMITAD_JSON: JsonShape = {
  name: 'Admitad coupons JSON',
  list: 'results',
  record: 'coupon',
  errorFields: ['error_description', 'error', 'detail'],
};

/** Each coupon of an Admitad coupons answer as it is read, mapped or with why not. */
export async function* readAdmitadJson(input: Readable): AsyncGenerator<FeedItem> {
  for await (const { index, value } of readJsonRecords(input, ADMITAD_JSON)) {
    const where = recordWhere(ADMITAD_JSON, index);
    yield isJsonObject(value)
      ? { where, ...mapAdmitadJson(value) }
      : { where, ok: false, reason: 'the coupon is not a JSON object' };
  }
}
