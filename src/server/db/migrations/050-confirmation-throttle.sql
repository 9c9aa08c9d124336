-- Issue 24: mails that answer a newsletter sign-up or a store follow go to one inbox at most once per 10 minutes and
-- 3 times a day (src/shared/rules/confirmation-throttle.ts), whichever instance, IP, tenant or list asks. One row per
-- inbox, locked by the sign-up's transaction: `inbox` is the SHA-256 (hex) of the address's inbox key, not the
-- address; `sent_at` the last 24 hours' send times, all the rule needs.
CREATE TABLE confirmation_throttle (
  inbox text PRIMARY KEY,
  sent_at timestamptz[] NOT NULL DEFAULT '{}',
  last_sent_at timestamptz
);
-- Rows with nothing in the last 24 hours are deleted a few at a time by later sign-ups.
CREATE INDEX confirmation_throttle_last_idx ON confirmation_throttle (last_sent_at);
