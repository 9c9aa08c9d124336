import type { Readable } from 'node:stream';
import type { FeedItem } from '../../../shared/contract/feeds';
import { isJsonObject } from '../../../shared/feeds/json-fields';
import { mapTradedoublerJson } from '../../../shared/feeds/tradedoubler-json';
import { readJsonRecords, recordWhere, type JsonShape } from './json-records';

// Issue 30: Tradedoubler's vouchers (src/shared/feeds/tradedoubler-json.ts maps each voucher), read as a stream: the
// document is the list itself, [ {voucher}, … ]. Anything else at the top (an object with an error message) is refused
// whole.

const TRADEDOUBLER_JSON: JsonShape = { name: 'Tradedoubler vouchers JSON', list: null, record: 'voucher' };

/** Each voucher of a Tradedoubler vouchers answer as it is read, mapped or with why not. */
export async function* readTradedoublerJson(input: Readable): AsyncGenerator<FeedItem> {
  for await (const { index, value } of readJsonRecords(input, TRADEDOUBLER_JSON)) {
    const where = recordWhere(TRADEDOUBLER_JSON, index);
    yield isJsonObject(value)
      ? { where, ...mapTradedoublerJson(value) }
      : { where, ok: false, reason: 'the voucher is not a JSON object' };
  }
}
