-- Issue 30: the affiliate networks' voucher feeds (docs/feeds.md). A feed is one network account's file: where it is
-- fetched from (or its uploaded bytes), its credentials sealed with FEED_SECRET_KEY, the tenants it feeds and its
-- schedule. A sync maps each record to an offer and keeps one source row per offer; a coupon may have several sources
-- (the same code from two networks) and is never deleted by a sync: an offer that leaves the feed expires its coupon
-- once no source is left.

CREATE TABLE feeds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  format text NOT NULL
    CHECK (format IN ('awin-csv', 'cj-xml', 'impact-json', 'rakuten-xml', 'admitad-json', 'tradedoubler-json')),
  url text,
  auth text NOT NULL DEFAULT 'none' CHECK (auth IN ('none', 'bearer', 'basic', 'query')),
  -- FeedCredentials as JSON, sealed (src/server/lib/secret-box.ts); null with auth 'none'.
  credentials text,
  tenants text[] NOT NULL DEFAULT '{}',
  category text NOT NULL REFERENCES categories (name) ON UPDATE CASCADE,
  every_hours integer NOT NULL DEFAULT 6 CHECK (every_hours BETWEEN 0 AND 168),
  enabled boolean NOT NULL DEFAULT true,
  next_run_at timestamptz,
  -- One run at a time per feed across instances: a run holds the lease until it ends (or the lease lapses).
  lease_run bigint,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An uploaded feed file, in 1 MB parts, so every instance can read it and a reader streams it part by part.
CREATE TABLE feed_file_parts (
  feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
  part integer NOT NULL,
  body bytea NOT NULL,
  PRIMARY KEY (feed_id, part)
);

-- The advertisers a feed's runs have seen, and the store an operator confirmed for each (null: unmapped; its offers
-- are held back, never guessed).
CREATE TABLE feed_advertisers (
  feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
  advertiser_id text NOT NULL,
  name text NOT NULL,
  site text,
  offers integer NOT NULL DEFAULT 0,
  store_id text REFERENCES stores (id) ON DELETE SET NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (feed_id, advertiser_id)
);

CREATE TABLE feed_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
  dry_run boolean NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  trigger text NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  records integer NOT NULL DEFAULT 0,
  added integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  expired integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  unmapped integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  samples jsonb NOT NULL DEFAULT '{"added": [], "changed": [], "expired": [], "refused": []}',
  error text
);
CREATE INDEX feed_runs_feed_idx ON feed_runs (feed_id, id DESC);

-- One row per offer of a feed: which coupon it is, what it said when last read (what decides "changed"), and whether
-- it is still in the feed. A coupon with two live sources is the same code for the same store from two networks.
CREATE TABLE coupon_sources (
  feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
  offer_id text NOT NULL,
  coupon_id text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  advertiser_id text NOT NULL,
  -- The coupon as this offer says it should be (CouponRow, src/shared/feeds/sync-plan.ts) and its digest.
  row jsonb NOT NULL,
  digest text NOT NULL,
  live boolean NOT NULL DEFAULT true,
  -- Its end date has passed and a run has counted it as expired (so it is counted once).
  ended boolean NOT NULL DEFAULT false,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  left_at timestamptz,
  PRIMARY KEY (feed_id, offer_id)
);
CREATE INDEX coupon_sources_coupon_idx ON coupon_sources (coupon_id);

-- When two networks carry a store's same code, whose tracking link its coupon uses (none: the first network's).
CREATE TABLE store_preferred_feeds (
  store_id text PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
  feed_id bigint NOT NULL REFERENCES feeds (id) ON DELETE CASCADE
);

-- The same code for the same store, found when a second network brings it.
CREATE INDEX coupons_store_code_idx ON coupons (store_id, upper(code)) WHERE code IS NOT NULL;
