-- "Did this code work?" votes (issue 13). Every vote is kept per coupon and tenant; the tally is per coupon across
-- all tenants that list it (coupons are one shared catalogue, so the same coupon id is the same code everywhere).
CREATE TABLE coupon_votes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  coupon_id text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  -- sha256 of the shopper's first-party cookie id, and of IP + user agent (the fallback when cookies are refused).
  voter text NOT NULL,
  client text NOT NULL,
  worked boolean NOT NULL,
  reason text CHECK (reason IN ('expired', 'needs_minimum', 'wrong_region', 'other')),
  -- false for requests that look automated: stored, never counted.
  counted boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A reason says why a code did not work: never on a "worked" vote.
  CHECK (reason IS NULL OR NOT worked)
);
CREATE INDEX coupon_votes_voter_idx ON coupon_votes (coupon_id, voter, created_at DESC);
CREATE INDEX coupon_votes_client_idx ON coupon_votes (coupon_id, client, created_at DESC);
CREATE INDEX coupon_votes_recent_idx ON coupon_votes (coupon_id, updated_at DESC) WHERE counted;

-- The pooled tally of counted votes, kept in the vote's transaction. reported_not_working is the rule of
-- src/shared/rules/verification.ts (success rate under 40 % with at least 5 votes), stored so lists can sink it.
CREATE TABLE coupon_verification (
  coupon_id text PRIMARY KEY REFERENCES coupons (id) ON DELETE CASCADE,
  worked integer NOT NULL DEFAULT 0 CHECK (worked >= 0),
  failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
  last_worked_at timestamptz,
  reported_not_working boolean GENERATED ALWAYS AS (worked + failed >= 5 AND worked * 5 < (worked + failed) * 2) STORED,
  verified boolean GENERATED ALWAYS AS (worked + failed >= 3 AND worked * 10 >= (worked + failed) * 7) STORED
);
CREATE INDEX coupon_verification_sunk_idx ON coupon_verification (coupon_id) WHERE reported_not_working;
