-- Issue 26: a coupon alerts its store's followers when shoppers can see it, once per follower and coupon
-- (docs/decisions/027-alerts-once-and-tools-that-explain-themselves.md). Before, the alert compared the coupon's
-- created_at (a feed's start_date) with a per-follow high-water mark, so an imported offer with an old start date
-- never alerted anyone.

-- When the coupon was last put in front of shoppers: its insert, its resume after a pause, its move to another store.
-- A coupon is news from greatest(shown_at, created_at): created_at is its start date (a feed's start_date), which
-- may lie ahead. Existing coupons keep their created_at as before (-infinity: no table rewrite).
ALTER TABLE coupons ADD COLUMN shown_at timestamptz NOT NULL DEFAULT '-infinity';
ALTER TABLE coupons ALTER COLUMN shown_at SET DEFAULT now();
CREATE INDEX coupons_store_shown_idx ON coupons (store_id, (greatest(shown_at, created_at)));

-- Every path that resumes a coupon or moves it (the console, the CSV import, a later feed sync) goes through here.
CREATE OR REPLACE FUNCTION coupons_shown_again() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.shown_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER coupons_shown_again BEFORE UPDATE OF is_paused, store_id ON coupons FOR EACH ROW
  WHEN ((OLD.is_paused AND NOT NEW.is_paused) OR OLD.store_id IS DISTINCT FROM NEW.store_id)
  EXECUTE FUNCTION coupons_shown_again();

-- A follow hears of the coupons shown after it began (or began again after an unsubscribe); what was mailed is now
-- recorded per coupon below, so the instant no longer moves.
ALTER TABLE store_follows RENAME COLUMN alerted_until TO alerts_from;

-- One row per follow and coupon mailed, written in the transaction that writes the mail's outbox row and its send job:
-- a retry, a restart or a second instance finds the row and sends nothing again.
CREATE TABLE store_alerts_sent (
  follow_id bigint NOT NULL REFERENCES store_follows (id) ON DELETE CASCADE,
  coupon_id text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  -- The mail (outbox.id); no foreign key, like admin_audit: the record outlives the outbox row.
  outbox_id bigint,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follow_id, coupon_id)
);
CREATE INDEX store_alerts_sent_coupon_idx ON store_alerts_sent (coupon_id);
