import type {
  Feed,
  FeedAdvertiser,
  FeedAuth,
  FeedFormat,
  FeedRun,
  FeedRunStatus,
} from '../../../shared/contract/feeds';
import { suggestStore } from '../../../shared/feeds/store-match';
import type { Queryable } from '../connect';

// Issue 30: the feeds' configuration, their advertisers and their runs (migration 058). The sync itself is
// src/server/feeds/sync.ts; running it, src/server/feeds/runs.ts.

export interface FeedRecord {
  id: number;
  name: string;
  format: FeedFormat;
  url: string | null;
  auth: FeedAuth;
  /** Sealed FeedCredentials (secret-box), or null. */
  credentials: string | null;
  tenants: string[];
  category: string;
  every_hours: number;
  enabled: boolean;
  next_run_at: string | null;
}

interface RunRow {
  id: number;
  feed_id: number;
  dry_run: boolean;
  status: FeedRunStatus;
  trigger: string;
  queued_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  records: number;
  added: number;
  changed: number;
  expired: number;
  refused: number;
  unmapped: number;
  unchanged: number;
  samples: FeedRun['samples'];
  error: string | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

const RUN_COLUMNS = `r.id::int AS id, r.feed_id::int AS feed_id, r.dry_run, r.status, r.trigger, r.queued_at,
  r.started_at, r.finished_at, r.records, r.added, r.changed, r.expired, r.refused, r.unmapped, r.unchanged,
  r.samples, r.error`;

function runOf(r: RunRow): FeedRun {
  return { ...r, queued_at: iso(r.queued_at)!, started_at: iso(r.started_at), finished_at: iso(r.finished_at) };
}

const FEED_COLUMNS = `f.id::int AS id, f.name, f.format, f.url, f.auth, f.credentials, f.tenants, f.category,
  f.every_hours, f.enabled, f.next_run_at`;

export async function feedRecord(db: Queryable, id: number): Promise<FeedRecord | null> {
  const rows = await db.query<FeedRecord & { next_run_at: Date | string | null }>(
    `SELECT ${FEED_COLUMNS} FROM feeds f WHERE f.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { ...row, next_run_at: iso(row.next_run_at) } : null;
}

/** Every feed as the console lists it, newest first; or the one asked for. */
export async function listFeeds(db: Queryable, id?: number): Promise<Feed[]> {
  const rows = await db.query<
    Omit<FeedRecord, 'next_run_at'> & {
      next_run_at: Date | string | null;
      file_bytes: string | number | null;
      advertisers: number;
      unmapped_advertisers: number;
      last_run: RunRow | null;
    }
  >(
    `SELECT ${FEED_COLUMNS},
       (SELECT sum(length(p.body)) FROM feed_file_parts p WHERE p.feed_id = f.id AND p.part < 1000000) AS file_bytes,
       (SELECT count(*)::int FROM feed_advertisers a WHERE a.feed_id = f.id) AS advertisers,
       (SELECT count(*)::int FROM feed_advertisers a WHERE a.feed_id = f.id AND a.store_id IS NULL AND a.offers > 0)
         AS unmapped_advertisers,
       (SELECT to_jsonb(x) FROM (SELECT ${RUN_COLUMNS} FROM feed_runs r WHERE r.feed_id = f.id
          ORDER BY r.id DESC LIMIT 1) x) AS last_run
     FROM feeds f ${id === undefined ? '' : 'WHERE f.id = $1'} ORDER BY f.id DESC`,
    id === undefined ? [] : [id],
  );
  return rows.map(({ credentials: _c, file_bytes, last_run, next_run_at, ...f }) => ({
    ...f,
    file_bytes: file_bytes === null ? null : Number(file_bytes),
    next_run_at: iso(next_run_at),
    last_run: last_run ? runOf(last_run) : null,
  }));
}

export interface FeedWrite {
  name: string;
  format: FeedFormat;
  url: string | null;
  auth: FeedAuth;
  credentials: string | null;
  tenants: readonly string[];
  category: string;
  every_hours: number;
  enabled: boolean;
}

export async function insertFeed(db: Queryable, f: FeedWrite): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO feeds (name, format, url, auth, credentials, tenants, category, every_hours, enabled, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $8::int > 0 THEN now() END) RETURNING id::int AS id`,
    [f.name, f.format, f.url, f.auth, f.credentials, [...f.tenants], f.category, f.every_hours, f.enabled],
  );
  return rows[0]!.id;
}

export async function updateFeedRecord(db: Queryable, id: number, f: FeedWrite): Promise<void> {
  await db.query(
    `UPDATE feeds SET name = $2, format = $3, url = $4, auth = $5, credentials = $6, tenants = $7, category = $8,
       next_run_at = CASE WHEN $9::int = 0 THEN NULL WHEN every_hours <> $9 OR next_run_at IS NULL THEN now()
         ELSE next_run_at END,
       every_hours = $9, enabled = $10, updated_at = now()
     WHERE id = $1`,
    [id, f.name, f.format, f.url, f.auth, f.credentials, [...f.tenants], f.category, f.every_hours, f.enabled],
  );
}

export async function deleteFeedRecord(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('DELETE FROM feeds WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Parts of an upload in progress are numbered from STAGED; useStagedParts swaps them in. */
const STAGED = 1_000_000;

export async function stageFeedPart(db: Queryable, id: number, part: number, body: Buffer): Promise<void> {
  await db.query('INSERT INTO feed_file_parts (feed_id, part, body) VALUES ($1, $2, $3)', [id, STAGED + part, body]);
}

export async function dropStagedParts(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM feed_file_parts WHERE feed_id = $1 AND part >= $2', [id, STAGED]);
}

/** The uploaded file replaces the feed's URL and any earlier file. */
export async function useStagedParts(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM feed_file_parts WHERE feed_id = $1 AND part < $2', [id, STAGED]);
  await db.query('UPDATE feed_file_parts SET part = part - $2 WHERE feed_id = $1', [id, STAGED]);
  await db.query('UPDATE feeds SET url = NULL, updated_at = now() WHERE id = $1', [id]);
}

export async function dropFeedFile(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM feed_file_parts WHERE feed_id = $1', [id]);
}

export async function feedFilePart(db: Queryable, id: number, part: number): Promise<Buffer | null> {
  const rows = await db.query<{ body: Uint8Array }>(
    'SELECT body FROM feed_file_parts WHERE feed_id = $1 AND part = $2',
    [id, part],
  );
  const body = rows[0]?.body;
  return body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null;
}

/** The feed's advertisers, unmapped ones with offers first, each with a store suggested by name or site. */
export async function feedAdvertisers(db: Queryable, feedId: number): Promise<FeedAdvertiser[]> {
  const rows = await db.query<{
    advertiser_id: string;
    name: string;
    site: string | null;
    offers: number;
    store_id: string | null;
    store_name: string | null;
  }>(
    `SELECT a.advertiser_id, a.name, a.site, a.offers, a.store_id, s.name AS store_name
     FROM feed_advertisers a LEFT JOIN stores s ON s.id = a.store_id
     WHERE a.feed_id = $1
     ORDER BY (a.store_id IS NOT NULL), (a.offers = 0), lower(a.name), a.advertiser_id`,
    [feedId],
  );
  const unmapped = rows.filter((r) => r.store_id === null);
  const stores =
    unmapped.length === 0
      ? []
      : await db.query<{ id: string; name: string; website_url: string }>(
          'SELECT id, name, website_url FROM stores WHERE NOT is_archived',
        );
  return rows.map((r) => ({
    ...r,
    suggestion: r.store_id === null ? suggestStore({ name: r.name, site: r.site }, stores) : null,
  }));
}

/** Sets each advertiser's store (null: unmapped). Unknown advertisers or stores are the caller's 4xx. */
export async function mapAdvertisers(
  db: Queryable,
  feedId: number,
  mappings: readonly { advertiser_id: string; store_id: string | null }[],
): Promise<{ unknownAdvertisers: string[]; unknownStores: string[] }> {
  const known = new Set(
    (
      await db.query<{ advertiser_id: string }>(
        'SELECT advertiser_id FROM feed_advertisers WHERE feed_id = $1 AND advertiser_id = ANY($2::text[])',
        [feedId, mappings.map((m) => m.advertiser_id)],
      )
    ).map((r) => r.advertiser_id),
  );
  const storeIds = [...new Set(mappings.flatMap((m) => (m.store_id ? [m.store_id] : [])))];
  const stores = new Set(
    (await db.query<{ id: string }>('SELECT id FROM stores WHERE id = ANY($1::text[])', [storeIds])).map((r) => r.id),
  );
  const unknownAdvertisers = mappings.map((m) => m.advertiser_id).filter((a) => !known.has(a));
  const unknownStores = storeIds.filter((s) => !stores.has(s));
  if (unknownAdvertisers.length || unknownStores.length) return { unknownAdvertisers, unknownStores };
  await db.query(
    `UPDATE feed_advertisers a SET store_id = m.store_id
     FROM jsonb_to_recordset($2::jsonb) AS m (advertiser_id text, store_id text)
     WHERE a.feed_id = $1 AND a.advertiser_id = m.advertiser_id`,
    [feedId, JSON.stringify(mappings)],
  );
  return { unknownAdvertisers, unknownStores };
}

export async function feedRuns(db: Queryable, feedId: number, limit = 20): Promise<FeedRun[]> {
  const rows = await db.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM feed_runs r WHERE r.feed_id = $1 ORDER BY r.id DESC LIMIT $2`,
    [feedId, limit],
  );
  return rows.map(runOf);
}

export async function feedRun(db: Queryable, runId: number): Promise<FeedRun | null> {
  const rows = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM feed_runs r WHERE r.id = $1`, [runId]);
  return rows[0] ? runOf(rows[0]) : null;
}

export async function setPreferredFeed(db: Queryable, storeId: string, feedId: number | null): Promise<void> {
  if (feedId === null) await db.query('DELETE FROM store_preferred_feeds WHERE store_id = $1', [storeId]);
  else
    await db.query(
      `INSERT INTO store_preferred_feeds (store_id, feed_id) VALUES ($1, $2)
       ON CONFLICT (store_id) DO UPDATE SET feed_id = EXCLUDED.feed_id`,
      [storeId, feedId],
    );
}

/** The coupons a store's feeds share (a preference changes whose link they use). */
export async function couponsOfStoreSources(db: Queryable, storeId: string): Promise<string[]> {
  const rows = await db.query<{ coupon_id: string }>(
    `SELECT DISTINCT s.coupon_id FROM coupon_sources s JOIN coupons c ON c.id = s.coupon_id WHERE c.store_id = $1`,
    [storeId],
  );
  return rows.map((r) => r.coupon_id);
}
