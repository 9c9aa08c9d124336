-- What shoppers write: subscriptions, contact messages, coupon visits/clicks, searches.
CREATE TABLE newsletter_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (domain_id, email)
);

CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  subject text NOT NULL DEFAULT '',
  message text NOT NULL,
  delivered boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_domain_idx ON contact_messages (domain_id, created_at DESC);

CREATE TABLE coupon_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  coupon_id text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('visit', 'click')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_events_coupon_idx ON coupon_events (coupon_id, created_at DESC);
CREATE INDEX coupon_events_domain_idx ON coupon_events (domain_id, created_at DESC);
CREATE INDEX coupon_events_store_idx ON coupon_events (store_id);

CREATE TABLE searches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  term text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX searches_domain_idx ON searches (domain_id, created_at DESC);
