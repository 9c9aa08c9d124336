-- Issue 14: mail that really goes out. Every mail is a row of the outbox first; a pg-boss job sends it (or, without
-- SMTP_URL, keeps it there for the operator). A digest shares one body among its recipients (mail_bodies).
ALTER TABLE domains ADD COLUMN mail_from text NOT NULL DEFAULT '';

-- The tenant's DKIM key: a secret, so not part of the domain data the API serves.
CREATE TABLE domain_dkim (
  domain_id text PRIMARY KEY REFERENCES domains (id) ON DELETE CASCADE,
  domain_name text NOT NULL,
  key_selector text NOT NULL,
  private_key text NOT NULL
);

CREATE TABLE mail_bodies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id text REFERENCES domains (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('confirm', 'digest', 'contact', 'alert')),
  body_id bigint NOT NULL REFERENCES mail_bodies (id) ON DELETE CASCADE,
  from_addr text NOT NULL,
  to_addr text NOT NULL,
  reply_to text,
  -- Per-recipient link put in place of the body's {{unsubscribe_url}} and sent as List-Unsubscribe.
  unsubscribe_url text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'kept', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_status_idx ON outbox (status, id);
CREATE INDEX outbox_domain_idx ON outbox (domain_id, id DESC);

-- Double opt-in (pending → confirmed) and one-click unsubscribe. Tokens: two v4 UUIDs from PostgreSQL's strong
-- random, 244 random bits (each UUID fixes 6 of its 128 bits).
ALTER TABLE newsletter_subscriptions
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  ADD COLUMN token text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN unsubscribed_at timestamptz;
CREATE UNIQUE INDEX newsletter_subscriptions_token_idx ON newsletter_subscriptions (token);
CREATE INDEX newsletter_subscriptions_confirmed_idx ON newsletter_subscriptions (domain_id, id) WHERE status = 'confirmed';

-- One digest per tenant and week, whichever instance's schedule fires first.
CREATE TABLE digest_runs (
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  week text NOT NULL,
  body_id bigint REFERENCES mail_bodies (id) ON DELETE SET NULL,
  recipients integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain_id, week)
);

-- "Follow this store": the same double opt-in; alerted_until is the newest coupon already mailed about.
CREATE TABLE store_follows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  token text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  alerted_until timestamptz NOT NULL DEFAULT now(),
  UNIQUE (domain_id, store_id, email)
);
CREATE UNIQUE INDEX store_follows_token_idx ON store_follows (token);

-- At most one store-alert mail a day per address and tenant.
CREATE TABLE store_alert_days (
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  email text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (domain_id, email, day)
);
