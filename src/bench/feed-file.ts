import { storeIdentity } from '../server/db/seed/demo/store-identity';

// Issue 30: an Awin voucher CSV of many records, made line by line as it is sent (the bench and the 50,000-record test
// never hold it whole): the demo stores as advertisers, every REFUSED_EVERY-th record with an impossible end date.

export const FEED_REFUSED_EVERY = 5_000;

const HEADER =
  '"Promotion ID","Advertiser","Advertiser ID","Type","Code","Description","Starts","Ends","Categories","Regions",' +
  '"Terms","Deeplink Tracking","Deeplink","Commission Groups","Commission","Exclusive","Date Added","Title","Campaign"\n';

export function* awinFeedLines(records: number, advertisers: number): Generator<string> {
  yield HEADER;
  for (let i = 1; i <= records; i++) {
    const store = storeIdentity(i % advertisers);
    const advertiserId = `${30_000 + (i % advertisers)}`;
    const code = i % 3 === 0 ? '' : `SAVE${i}`;
    yield [
      `${9_000_000 + i}`,
      store.name,
      advertiserId,
      code ? 'Voucher' : 'Promotion',
      code,
      `<p>Offer ${i}: save on ${store.category.toLowerCase()} at ${store.name} &amp; more. Terms apply; see the site.</p>`,
      '01/10/2026 00:00:00',
      i % FEED_REFUSED_EVERY === 0 ? '31/02/2031 23:59:59' : '31/12/2031 23:59:59',
      store.category,
      'United Kingdom',
      'One use per customer. Excludes gift cards and sale items.',
      `https://www.awin1.com/cread.php?awinmid=${advertiserId}&awinaffid=812345&p=${i}`,
      `https://${store.host}/`,
      'DEFAULT',
      '5%',
      i % 10 === 0 ? 'true' : 'false',
      '28/09/2026 14:02:11',
      code ? `${5 + (i % 30)}% off with code` : `Up to ${10 + (i % 40)}% off selected lines`,
      `Campaign ${i % 97}`,
    ]
      .map((c) => `"${c.replace(/"/g, '""')}"`)
      .join(',')
      .concat('\n');
  }
}
