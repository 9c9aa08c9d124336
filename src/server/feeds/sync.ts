import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FeedFormat, FeedItem, FeedOffer, FeedRun, FeedRunSample } from '../../shared/contract/feeds';
import {
  canonicalRow,
  categoryKey,
  changedFields,
  couponRowOf,
  feedCouponKey,
  offerOutcome,
  SAMPLES_PER_GROUP,
  sampleOf,
  sourceNeedsWrite,
  type CouponRow,
  type OfferOutcome,
  type SourceState,
} from '../../shared/feeds/sync-plan';
import type { Db, Queryable } from '../db/connect';
import { idFromKey } from '../db/ids';
import { readFeed } from './readers';

// Issue 30: one run of one feed (docs/feeds.md). The feed is read as a stream and handled in batches (BATCH offers):
// each batch is compared with the sources the last run left and written in one transaction (a dry run only reads).
// Once the whole feed has been read, the sources it no longer holds are expired. Nothing is deleted; a run that
// finds nothing new writes nothing, so the same feed twice changes nothing. Memory: a batch, the set of offer ids
// seen (to tell which left) and the advertisers' tallies.

/**
 * Offers per batch. PGlite runs in this process and each statement holds the event loop while it runs (500 coupons
 * with their indexes and triggers took 100–230 ms, and shoppers waited that long); PostgreSQL works in its own process.
 */
export const BATCH = { pglite: 50, postgres: 500 } as const;
/** The most records read (mapped or not) between two rests of the sync. */
const READ_BETWEEN_RESTS = { pglite: 500, postgres: 5_000 } as const;
/** The sources the end of a run reads at once to find those that left the feed (PGlite: on shoppers' event loop). */
const LEFT_PAGE = { pglite: 500, postgres: 2_000 } as const;

export interface SyncFeed {
  id: number;
  format: FeedFormat;
  tenants: readonly string[];
  category: string;
}

export interface SyncOptions {
  db: Db;
  feed: SyncFeed;
  dryRun: boolean;
  input: Readable;
  now?: () => Date;
  /**
   * Called between batches: renews the run's lease and lets shoppers' requests in (the sync yields the event loop
   * and paces itself so it takes at most a share of the CPU; see pace below).
   */
  between?: () => Promise<void>;
}

export type SyncCounts = Pick<
  FeedRun,
  'records' | 'added' | 'changed' | 'expired' | 'refused' | 'unmapped' | 'unchanged'
>;

export interface SyncResult extends SyncCounts {
  samples: FeedRun['samples'];
  /** Stores whose coupons changed (their cached pages are dropped), and the tenants fed. */
  stores: string[];
}

interface Mapped {
  offer: FeedOffer;
  storeId: string;
}

interface SourceRecord extends SourceState {
  coupon_id: string;
  row: CouponRow;
}

const digestOf = (row: CouponRow) => createHash('sha1').update(canonicalRow(row)).digest('base64url');

export async function syncFeed(o: SyncOptions): Promise<SyncResult> {
  const { db, feed, dryRun } = o;
  const now = o.now ?? (() => new Date());
  const between = o.between ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));

  const stores = await advertiserStores(db, feed.id);
  const categories = await knownCategories(db);
  const counts: SyncCounts = { records: 0, added: 0, changed: 0, expired: 0, refused: 0, unmapped: 0, unchanged: 0 };
  const samples: FeedRun['samples'] = { added: [], changed: [], expired: [], refused: [] };
  const sample = (group: keyof FeedRun['samples'], s: FeedRunSample) => {
    if (samples[group].length < SAMPLES_PER_GROUP) samples[group].push(s);
  };
  const count = (outcome: OfferOutcome, s: FeedRunSample) => {
    counts[outcome]++;
    if (outcome !== 'unchanged') sample(outcome, s);
  };
  const seen = new Map<string, string>();
  const advertisers = new Map<string, { name: string; site: string | null; offers: number }>();
  const touchedStores = new Set<string>();
  let batch: Mapped[] = [];
  // Records read since the sync last rested: reading and mapping is work too (a run of unmapped or refused records
  // writes nothing, yet its parsing holds the event loop), so the sync rests after a batch's worth of them as well.
  let unpaced = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const done = batch;
    batch = [];
    const touched = await handleBatch(db, feed, done, { dryRun, now: now(), categories, count });
    for (const s of touched) touchedStores.add(s);
    unpaced = 0;
    await between();
  };

  for await (const item of readFeed(feed.format, o.input) as AsyncIterable<FeedItem>) {
    counts.records++;
    if (++unpaced > READ_BETWEEN_RESTS[db.kind]) {
      unpaced = 0;
      await between();
    }
    if (!item.ok) {
      counts.refused++;
      sample('refused', { offer_id: '', advertiser: '', title: '', note: `${item.where}: ${item.reason}` });
      continue;
    }
    const offer = item.offer;
    const first = seen.get(offer.offer_id);
    if (first !== undefined) {
      counts.refused++;
      sample('refused', sampleOf(offer, `${item.where}: the offer id "${offer.offer_id}" is also at ${first}`));
      continue;
    }
    seen.set(offer.offer_id, item.where);
    const tally = advertisers.get(offer.advertiser_id);
    if (tally) tally.offers++;
    else advertisers.set(offer.advertiser_id, { name: offer.advertiser_name, site: offer.advertiser_site, offers: 1 });
    const storeId = stores.get(offer.advertiser_id);
    if (!storeId) {
      counts.unmapped++;
      continue;
    }
    batch.push({ offer, storeId });
    if (batch.length >= BATCH[db.kind]) await flush();
  }
  await flush();

  // Only a feed read to its end says which offers left it (a reader throws on a file that breaks off).
  for (const s of await expireLeft(db, feed.id, seen, { dryRun, count, between })) touchedStores.add(s);
  await recordAdvertisers(db, feed.id, advertisers);
  if (!dryRun && touchedStores.size > 0) await publishStores(db, feed.tenants, [...touchedStores]);
  return { ...counts, samples, stores: [...touchedStores] };
}

async function advertiserStores(db: Queryable, feedId: number): Promise<Map<string, string>> {
  const rows = await db.query<{ advertiser_id: string; store_id: string }>(
    'SELECT advertiser_id, store_id FROM feed_advertisers WHERE feed_id = $1 AND store_id IS NOT NULL',
    [feedId],
  );
  return new Map(rows.map((r) => [r.advertiser_id, r.store_id]));
}

async function knownCategories(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ name: string }>('SELECT name FROM categories');
  return new Map(rows.map((r) => [categoryKey(r.name), r.name]));
}

interface BatchContext {
  dryRun: boolean;
  now: Date;
  categories: ReadonlyMap<string, string>;
  count: (outcome: OfferOutcome, s: FeedRunSample) => void;
}

interface SourceWrite {
  offer_id: string;
  coupon_id: string | null;
  advertiser_id: string;
  row: CouponRow;
  digest: string;
  live: boolean;
  ended: boolean;
  starts_at: string | null;
}

/** One batch: compared with its sources, then (unless a dry run) written in one transaction. The stores touched. */
async function handleBatch(db: Db, feed: SyncFeed, batch: Mapped[], c: BatchContext): Promise<string[]> {
  const before = await sourcesOf(
    db,
    feed.id,
    batch.map((m) => m.offer.offer_id),
  );
  const { writes, touched } = planBatch(feed, batch, before, c);
  if (c.dryRun || writes.length === 0) return [];
  await db.transaction((tx) => writeBatch(tx, feed.id, writes));
  return [...touched];
}

/** What each offer of the batch counts as, and the sources to write (none for an offer that did not change). */
function planBatch(
  feed: SyncFeed,
  batch: Mapped[],
  before: ReadonlyMap<string, SourceRecord>,
  c: BatchContext,
): { writes: SourceWrite[]; touched: Set<string> } {
  const writes: SourceWrite[] = [];
  const touched = new Set<string>();
  for (const { offer, storeId } of batch) {
    const row = couponRowOf(offer, storeId, c.categories, feed.category);
    const digest = digestOf(row);
    const prior = before.get(offer.offer_id) ?? null;
    const { outcome, after } = offerOutcome(prior, digest, offer.ends_at, c.now);
    const note =
      outcome === 'added'
        ? `new ${offer.kind}${offer.code ? ` ${offer.code}` : ''}`
        : outcome === 'expired'
          ? `ended ${offer.ends_at?.slice(0, 10) ?? ''}`.trim()
          : outcome === 'changed'
            ? changedFields(prior?.row ?? null, row)
            : '';
    c.count(outcome, sampleOf(offer, note));
    if (!sourceNeedsWrite(prior, after)) continue;
    writes.push({
      offer_id: offer.offer_id,
      coupon_id: prior?.coupon_id ?? null,
      advertiser_id: offer.advertiser_id,
      row,
      starts_at: offer.starts_at,
      ...after,
    });
    touched.add(storeId);
    if (prior && prior.row.store_id !== storeId) touched.add(prior.row.store_id);
  }
  return { writes, touched };
}

async function writeBatch(tx: Queryable, feedId: number, writes: SourceWrite[]): Promise<void> {
  // A new offer with a code another network already brought for the same store joins that coupon.
  const fresh = writes.filter((w) => w.coupon_id === null);
  const shared = await sharedCoupons(
    tx,
    feedId,
    fresh.filter((w) => w.row.code !== null).map((w) => ({ store_id: w.row.store_id, code: w.row.code! })),
  );
  const inserts: (CouponRow & { id: string; key: string; created_at: string | null })[] = [];
  for (const w of fresh) {
    const same = w.row.code === null ? undefined : shared.get(`${w.row.store_id}\n${w.row.code.toUpperCase()}`);
    if (same) {
      w.coupon_id = same;
      continue;
    }
    const key = feedCouponKey(feedId, w.offer_id);
    w.coupon_id = idFromKey('coupon', key);
    inserts.push({ ...w.row, id: w.coupon_id, key, created_at: w.starts_at });
  }
  if (inserts.length > 0)
    await tx.query(
      `INSERT INTO coupons AS c (id, key, store_id, name, title, description, category, code, expiry_date, link,
         is_recommended, created_at)
       SELECT r.id, r.key, r.store_id, r.name, r.title, r.description, r.category, r.code, r.expiry_date, r.link,
         r.is_recommended, COALESCE(r.created_at, now())
       FROM jsonb_to_recordset($1::jsonb) AS r (id text, key text, store_id text, name text, title text,
         description text, category text, code text, expiry_date timestamptz, link text, is_recommended boolean,
         created_at timestamptz)
       ON CONFLICT (key) DO NOTHING`,
      [JSON.stringify(inserts)],
    );
  await tx.query(
    `INSERT INTO coupon_sources AS s (feed_id, offer_id, coupon_id, advertiser_id, row, digest, live, ended)
     SELECT $1, w.offer_id, w.coupon_id, w.advertiser_id, w.row, w.digest, w.live, w.ended
     FROM jsonb_to_recordset($2::jsonb) AS w (offer_id text, coupon_id text, advertiser_id text, row jsonb,
       digest text, live boolean, ended boolean)
     ON CONFLICT (feed_id, offer_id) DO UPDATE SET advertiser_id = EXCLUDED.advertiser_id, row = EXCLUDED.row,
       digest = EXCLUDED.digest, live = true, ended = EXCLUDED.ended, last_seen = now(), left_at = NULL`,
    [feedId, JSON.stringify(writes)],
  );
  await applySources(tx, [...new Set(writes.map((w) => w.coupon_id!))]);
}

async function sourcesOf(db: Queryable, feedId: number, offerIds: string[]): Promise<Map<string, SourceRecord>> {
  const rows = await db.query<SourceRecord & { offer_id: string }>(
    `SELECT offer_id, coupon_id, row, digest, live, ended FROM coupon_sources
     WHERE feed_id = $1 AND offer_id = ANY($2::text[])`,
    [feedId, offerIds],
  );
  return new Map(rows.map((r) => [r.offer_id, r]));
}

/** (store, CODE) → the coupon another feed's live offer made for it. */
async function sharedCoupons(
  db: Queryable,
  feedId: number,
  keys: { store_id: string; code: string }[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.query<{ store_id: string; code: string; id: string }>(
    `SELECT DISTINCT ON (c.store_id, upper(c.code)) c.store_id, upper(c.code) AS code, c.id
     FROM jsonb_to_recordset($2::jsonb) AS k (store_id text, code text)
     JOIN coupons c ON c.store_id = k.store_id AND upper(c.code) = upper(k.code) AND c.code IS NOT NULL
     JOIN coupon_sources s ON s.coupon_id = c.id AND s.feed_id <> $1 AND s.live
     ORDER BY c.store_id, upper(c.code), s.first_seen, c.id`,
    [feedId, JSON.stringify(keys)],
  );
  return new Map(rows.map((r) => [`${r.store_id}\n${r.code}`, r.id]));
}

/**
 * Each coupon takes the row of its chosen live source (the store's preferred network's, else the oldest); a coupon
 * with no live source left expires now. Only rows that differ are written, so shown_at and the counts' triggers move
 * only on a real change.
 */
export async function applySources(db: Queryable, couponIds: string[]): Promise<void> {
  if (couponIds.length === 0) return;
  await db.query(
    `WITH chosen AS (
       SELECT DISTINCT ON (s.coupon_id) s.coupon_id, s.row
       FROM coupon_sources s JOIN coupons c ON c.id = s.coupon_id
       LEFT JOIN store_preferred_feeds p ON p.store_id = c.store_id AND p.feed_id = s.feed_id
       WHERE s.coupon_id = ANY($1::text[]) AND s.live
       ORDER BY s.coupon_id, (p.feed_id IS NULL), s.first_seen, s.feed_id
     )
     UPDATE coupons c SET store_id = r.store_id, name = r.name, title = r.title, description = r.description,
       category = r.category, code = r.code, expiry_date = r.expiry_date, link = r.link,
       is_recommended = r.is_recommended
     FROM chosen CROSS JOIN LATERAL jsonb_to_record(chosen.row) AS r (store_id text, name text, title text,
       description text, category text, code text, expiry_date timestamptz, link text, is_recommended boolean)
     WHERE c.id = chosen.coupon_id
       AND (c.store_id, c.name, c.title, c.description, c.category, c.code, c.expiry_date, c.link, c.is_recommended)
         IS DISTINCT FROM
         (r.store_id, r.name, r.title, r.description, r.category, r.code, r.expiry_date, r.link, r.is_recommended)`,
    [couponIds],
  );
  await db.query(
    `UPDATE coupons c SET expiry_date = now()
     WHERE c.id = ANY($1::text[]) AND (c.expiry_date IS NULL OR c.expiry_date > now())
       AND EXISTS (SELECT 1 FROM coupon_sources s WHERE s.coupon_id = c.id)
       AND NOT EXISTS (SELECT 1 FROM coupon_sources s WHERE s.coupon_id = c.id AND s.live)`,
    [couponIds],
  );
}

/**
 * The feed's live sources the run did not see: they left the feed; their coupons expire unless another has them. Read
 * a page at a time, resting between pages as between batches.
 */
async function expireLeft(
  db: Db,
  feedId: number,
  seen: ReadonlyMap<string, string>,
  c: Pick<BatchContext, 'dryRun' | 'count'> & { between: () => Promise<void> },
): Promise<string[]> {
  const touched = new Set<string>();
  const size = LEFT_PAGE[db.kind];
  let after = '';
  for (;;) {
    const page = await db.query<{ offer_id: string; coupon_id: string; row: CouponRow; advertiser: string | null }>(
      `SELECT s.offer_id, s.coupon_id, s.row, a.name AS advertiser
       FROM coupon_sources s LEFT JOIN feed_advertisers a ON a.feed_id = s.feed_id AND a.advertiser_id = s.advertiser_id
       WHERE s.feed_id = $1 AND s.live AND s.offer_id > $2 ORDER BY s.offer_id LIMIT ${size}`,
      [feedId, after],
    );
    if (page.length === 0) break;
    after = page[page.length - 1]!.offer_id;
    const left = page.filter((s) => !seen.has(s.offer_id));
    for (const s of left) {
      c.count('expired', {
        offer_id: s.offer_id,
        advertiser: s.advertiser ?? '',
        title: s.row.title,
        note: 'no longer in the feed',
      });
      touched.add(s.row.store_id);
    }
    if (!c.dryRun && left.length > 0)
      await db.transaction(async (tx) => {
        await tx.query(
          `UPDATE coupon_sources SET live = false, left_at = now() WHERE feed_id = $1 AND offer_id = ANY($2::text[])`,
          [feedId, left.map((s) => s.offer_id)],
        );
        await applySources(tx, [...new Set(left.map((s) => s.coupon_id))]);
      });
    if (page.length < size) break;
    await c.between();
  }
  return c.dryRun ? [] : [...touched];
}

/** The advertisers this run saw, with their offers' count (0 for those it didn't); a dry run records them too. */
async function recordAdvertisers(
  db: Db,
  feedId: number,
  seen: ReadonlyMap<string, { name: string; site: string | null; offers: number }>,
): Promise<void> {
  const rows = [...seen].map(([advertiser_id, a]) => ({ advertiser_id, ...a }));
  await db.transaction(async (tx) => {
    await tx.query('UPDATE feed_advertisers SET offers = 0 WHERE feed_id = $1 AND offers <> 0', [feedId]);
    for (let i = 0; i < rows.length; i += 1000)
      await tx.query(
        `INSERT INTO feed_advertisers AS a (feed_id, advertiser_id, name, site, offers)
         SELECT $1, r.advertiser_id, r.name, r.site, r.offers
         FROM jsonb_to_recordset($2::jsonb) AS r (advertiser_id text, name text, site text, offers integer)
         ON CONFLICT (feed_id, advertiser_id) DO UPDATE SET name = EXCLUDED.name, site = EXCLUDED.site,
           offers = EXCLUDED.offers, seen_at = now()`,
        [feedId, JSON.stringify(rows.slice(i, i + 1000))],
      );
  });
}

/** A store a feed brings offers for is published on the feed's tenants (shoppers there see its coupons). */
async function publishStores(db: Queryable, tenants: readonly string[], stores: string[]): Promise<void> {
  if (tenants.length === 0) return;
  await db.query(
    `INSERT INTO domain_stores (domain_id, store_id)
     SELECT d.id, s.id FROM domains d, stores s
     WHERE d.id = ANY($1::text[]) AND s.id = ANY($2::text[])
     ON CONFLICT DO NOTHING`,
    [tenants, stores],
  );
}
