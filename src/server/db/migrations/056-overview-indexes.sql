-- Issue 26, the console's first screen: per tenant, today's and the last 7 days' reveals and click-outs, confirmed
-- sign-ups and "did not work" votes (src/server/db/repositories/overview.ts). Each is a range over one tenant's recent
-- rows; without these indexes every figure would read the whole table.
CREATE INDEX shopper_events_domain_idx ON shopper_events (domain_id, kind, created_at);
CREATE INDEX newsletter_subscriptions_confirmed_at_idx ON newsletter_subscriptions (domain_id, confirmed_at)
  WHERE confirmed_at IS NOT NULL;
CREATE INDEX coupon_votes_not_working_idx ON coupon_votes (domain_id, updated_at) WHERE NOT worked;
