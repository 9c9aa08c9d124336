-- Issue 31, follow the money (docs/revenue.md). Every click-out through /out/:couponId gets an id that the merchant
-- link carries as the network's sub-ID; the networks' transaction reports come back and find their click by it.

-- One row per click-out. What it is attributed to is copied in at click time (a later edit of the coupon or the
-- layout does not move money between rows). `network` is the client's network (src/shared/rules/network.ts), kept
-- only for abuse filtering and cleared after CLICK_NETWORK_DAYS (docs/revenue.md "Privacy"); no IP, no user agent.
CREATE TABLE click_outs (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16}$'),
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  coupon_id text REFERENCES coupons (id) ON DELETE SET NULL,
  store_id text REFERENCES stores (id) ON DELETE SET NULL,
  page text NOT NULL,
  layout_variant text NOT NULL,
  -- The network whose tracking link it went to (src/shared/revenue/sub-id.ts), null for another network's link.
  affiliate_network text,
  -- The running experiments' arms the shopper was in: [{"experiment": id, "variant": name}].
  arms jsonb NOT NULL DEFAULT '[]'::jsonb,
  network text,
  -- A crawler's, or past its network's click cap: kept (a sale may still name it) but not counted as a click.
  automated boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX click_outs_domain_time_idx ON click_outs (domain_id, created_at);
CREATE INDEX click_outs_network_idx ON click_outs (network, created_at) WHERE network IS NOT NULL;

-- A link of a network Dealdeck does not know carries the click id in this store's parameter (null: no sub-ID).
ALTER TABLE stores ADD COLUMN sub_id_param text CHECK (sub_id_param ~ '^[A-Za-z][A-Za-z0-9_.\-]{0,39}$');

-- What the revenue view sums a tenant's money in.
ALTER TABLE domains ADD COLUMN reporting_currency text NOT NULL DEFAULT 'USD' CHECK (reporting_currency ~ '^[A-Z]{3}$');

-- The rates the operator keeps: one unit of `currency` is `rate` units of `to_currency`. No live lookups.
CREATE TABLE currency_rates (
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  to_currency text NOT NULL CHECK (to_currency ~ '^[A-Z]{3}$'),
  rate numeric(24, 12) NOT NULL CHECK (rate > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (currency, to_currency)
);

CREATE TABLE commission_imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  format text NOT NULL,
  file_name text NOT NULL,
  imported_by text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  records integer NOT NULL DEFAULT 0,
  added integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  unmatched integer NOT NULL DEFAULT 0,
  problems jsonb NOT NULL DEFAULT '[]'::jsonb
);

-- One row per network transaction: a re-import updates its state and amounts, never adds a second row. Amounts in
-- minor units of `currency`. click_id: the click its sub-ID names (null: unmatched, listed in the console).
CREATE TABLE commissions (
  network text NOT NULL,
  transaction_id text NOT NULL,
  sub_id text,
  click_id text REFERENCES click_outs (id) ON DELETE SET NULL,
  state text NOT NULL CHECK (state IN ('pending', 'approved', 'declined', 'paid')),
  commission_minor bigint NOT NULL CHECK (commission_minor >= 0),
  sale_minor bigint,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  occurred_at timestamptz NOT NULL,
  advertiser_id text,
  advertiser_name text,
  first_import bigint REFERENCES commission_imports (id) ON DELETE SET NULL,
  last_import bigint REFERENCES commission_imports (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, transaction_id)
);
CREATE INDEX commissions_click_idx ON commissions (click_id) WHERE click_id IS NOT NULL;
CREATE INDEX commissions_unmatched_idx ON commissions (sub_id) WHERE click_id IS NULL;
