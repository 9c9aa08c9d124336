-- Issue 24, "bursts are seen": a burst of votes on one coupon, or of exposures or outcomes on one experiment arm, from
-- one network (IPv4 /24, IPv6 /64), recorded for the operators' console. One alert per (kind, coupon, experiment,
-- variant) per UTC day (NULLS NOT DISTINCT: an exposure burst has no coupon, a vote burst no experiment); the server
-- reports a network's running count, so each network keeps the largest count seen and total is their sum.
-- No foreign keys, as admin_audit: an alert is a record of what happened and outlives the coupon or tenant it names.
CREATE TABLE signal_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('vote_burst', 'exposure_burst', 'outcome_burst')),
  coupon_id text,
  experiment_id text,
  variant text,
  day date NOT NULL,
  -- The tenants the requests came to (votes are pooled across tenants, so one alert may name several).
  domain_ids text[] NOT NULL DEFAULT '{}',
  -- {"203.0.113.0/24": 16, "2001:db8:1:2::/64": 9}
  networks jsonb NOT NULL CHECK (jsonb_typeof(networks) = 'object'),
  total integer NOT NULL CHECK (total >= 0),
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'vote_burst' OR coupon_id IS NOT NULL),
  CHECK (kind = 'vote_burst' OR experiment_id IS NOT NULL),
  CONSTRAINT signal_alerts_one_a_day UNIQUE NULLS NOT DISTINCT (kind, coupon_id, experiment_id, variant, day)
);
CREATE INDEX signal_alerts_recent_idx ON signal_alerts (last_seen DESC, id DESC);
