-- Issue 24: signals no one can forge. Shoppers are known by a server-signed id (src/server/site/shopper-id.ts), whose
-- secret lives here unless SHOPPER_ID_SECRETS sets it; votes, reveals and experiment arms are counted per network.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every vote keeps its network and why it does or does not count (src/shared/rules/signals.ts voteStanding). A vote
-- joins the shown tally once settled: VOTE_HOLD_SECONDS after it was cast or changed. Earlier votes are settled.
ALTER TABLE coupon_votes ADD COLUMN network text NOT NULL DEFAULT 'unknown';
ALTER TABLE coupon_votes ADD COLUMN standing text NOT NULL DEFAULT 'counted'
  CHECK (standing IN ('counted', 'automated', 'no_id', 'no_reveal', 'id_too_new', 'network_cap'));
UPDATE coupon_votes SET standing = 'automated' WHERE NOT counted;
ALTER TABLE coupon_votes ADD CONSTRAINT coupon_votes_standing_counted CHECK (counted = (standing = 'counted'));
ALTER TABLE coupon_votes ADD COLUMN settled boolean NOT NULL DEFAULT true;
ALTER TABLE coupon_votes ALTER COLUMN settled SET DEFAULT false;
CREATE INDEX coupon_votes_network_idx ON coupon_votes (coupon_id, network, updated_at DESC);
CREATE INDEX coupon_votes_unsettled_idx ON coupon_votes (updated_at) WHERE NOT settled;

-- The shown tally counts distinct networks too: no rate, no "Reported not working" and no "verified" under three.
ALTER TABLE coupon_verification ADD COLUMN networks integer NOT NULL DEFAULT 0 CHECK (networks >= 0);
DROP INDEX coupon_verification_sunk_idx;
ALTER TABLE coupon_verification DROP COLUMN reported_not_working;
ALTER TABLE coupon_verification DROP COLUMN verified;
ALTER TABLE coupon_verification ADD COLUMN reported_not_working boolean GENERATED ALWAYS AS
  (networks >= 3 AND worked + failed >= 5 AND worked * 5 < (worked + failed) * 2) STORED;
ALTER TABLE coupon_verification ADD COLUMN verified boolean GENERATED ALWAYS AS
  (networks >= 3 AND worked + failed >= 3 AND worked * 10 >= (worked + failed) * 7) STORED;
CREATE INDEX coupon_verification_sunk_idx ON coupon_verification (coupon_id) WHERE reported_not_working;

-- What the server itself answered: a shopper's reveal (visit) or click-out (click) of a coupon, once per UTC day.
-- shopper is sha256 of the signed id. `counted`: it added to the store's visit count (src/shared/rules/signals.ts).
CREATE TABLE shopper_events (
  shopper text NOT NULL,
  coupon_id text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  -- visit and click: record-visit's types; clickout: record-clickout (the shopper leaves for the merchant).
  kind text NOT NULL CHECK (kind IN ('visit', 'click', 'clickout')),
  day date NOT NULL,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  network text NOT NULL,
  counted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shopper, coupon_id, kind, day)
);
CREATE INDEX shopper_events_network_idx ON shopper_events (coupon_id, kind, day, network) WHERE counted;

-- Experiments: a shopper's network, and when their browser first sent the id back (the report counts only those).
-- Earlier shoppers keep counting as they did.
ALTER TABLE experiment_shoppers ADD COLUMN network text NOT NULL DEFAULT 'unknown';
ALTER TABLE experiment_shoppers ADD COLUMN returned_at timestamptz;
UPDATE experiment_shoppers SET returned_at = first_seen;
CREATE INDEX experiment_shoppers_network_idx ON experiment_shoppers (experiment_id, variant, network, first_seen);
CREATE INDEX experiment_events_shopper_idx ON experiment_events (experiment_id, shopper_id, created_at);
