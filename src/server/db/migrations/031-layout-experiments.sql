-- Issue 16: A/B layouts. Which shoppers (first-party cookie id) saw which variant of an experiment, and their coupon
-- reveals (visit) and click-outs (click) recorded with that variant, for npm run experiments:report.
CREATE TABLE experiment_shoppers (
  experiment_id text NOT NULL,
  shopper_id text NOT NULL,
  variant text NOT NULL,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  first_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (experiment_id, shopper_id)
);

CREATE TABLE experiment_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  experiment_id text NOT NULL,
  variant text NOT NULL,
  shopper_id text NOT NULL,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  coupon_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('visit', 'click')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX experiment_events_experiment_idx ON experiment_events (experiment_id, variant, kind);
