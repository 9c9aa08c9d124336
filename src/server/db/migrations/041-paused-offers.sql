-- Issue 15: an operator pauses a coupon or a banner (and resumes it) without deleting it. A paused coupon is gone for
-- the shopper everywhere (lists, search, counts, its reveal and redirect answer 404); a paused banner leaves its slot.
-- One column each: to the shopper an archived offer would be the same thing (docs/decisions/015-operator-console.md).
ALTER TABLE coupons ADD COLUMN is_paused boolean NOT NULL DEFAULT false;
ALTER TABLE banners ADD COLUMN is_paused boolean NOT NULL DEFAULT false;

-- The console counts a category's or store's paused coupons too (a category still used by one is not deleted):
-- paused coupons are few, this index finds them without reading the others.
CREATE INDEX coupons_paused_idx ON coupons (store_id, category) WHERE is_paused;

-- The per store and category counts (006, 010) count only coupons that are not paused: a pause is an UPDATE whose old
-- row is counted and new row is not (so it subtracts one), a resume the reverse, keeping the counts exact.
CREATE OR REPLACE FUNCTION store_category_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE store_category_counts t SET n = t.n - o.n, n_recommended = t.n_recommended - o.r,
      n_code = t.n_code - o.k, n_free_shipping = t.n_free_shipping - o.f
    FROM (SELECT store_id, category, count(*)::int AS n, (count(*) FILTER (WHERE is_recommended))::int AS r,
            (count(*) FILTER (WHERE has_code))::int AS k, (count(*) FILTER (WHERE free_shipping))::int AS f
          FROM old_rows WHERE NOT is_paused GROUP BY store_id, category) o
    WHERE t.store_id = o.store_id AND t.category = o.category;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO store_category_counts AS t (store_id, category, n, n_recommended, n_code, n_free_shipping)
    SELECT store_id, category, count(*)::int, (count(*) FILTER (WHERE is_recommended))::int,
      (count(*) FILTER (WHERE has_code))::int, (count(*) FILTER (WHERE free_shipping))::int
    FROM new_rows WHERE NOT is_paused GROUP BY store_id, category
    ON CONFLICT (store_id, category) DO UPDATE SET n = t.n + EXCLUDED.n,
      n_recommended = t.n_recommended + EXCLUDED.n_recommended, n_code = t.n_code + EXCLUDED.n_code,
      n_free_shipping = t.n_free_shipping + EXCLUDED.n_free_shipping;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM store_category_counts t USING (SELECT DISTINCT store_id, category FROM old_rows) o
    WHERE t.store_id = o.store_id AND t.category = o.category AND t.n <= 0;
  END IF;
  RETURN NULL;
END
$$;
