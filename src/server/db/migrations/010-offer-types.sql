-- Issue 13's offer filters: whether a coupon has a code and offers free shipping, as src/shared/rules/offer-type.ts
-- says (generated, so every writer agrees), and per store and category how many of each, for the filter tabs' totals.
ALTER TABLE coupons ADD COLUMN has_code boolean GENERATED ALWAYS AS (COALESCE(code ~ '[^ \t\r\n\f\v]', false)) STORED;
ALTER TABLE coupons ADD COLUMN free_shipping boolean
  GENERATED ALWAYS AS ((name || ' ' || title) ~* '(^|[^A-Za-z0-9])free[ \t\r\n]+(shipping|delivery)([^A-Za-z0-9]|$)') STORED;
-- "Ending soon": unexpired offers by expiry, soonest first.
CREATE INDEX coupons_expiry_idx ON coupons (expiry_date, id) WHERE expiry_date IS NOT NULL;

ALTER TABLE store_category_counts ADD COLUMN n_code integer NOT NULL DEFAULT 0;
ALTER TABLE store_category_counts ADD COLUMN n_free_shipping integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION store_category_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE store_category_counts t SET n = t.n - o.n, n_recommended = t.n_recommended - o.r,
      n_code = t.n_code - o.k, n_free_shipping = t.n_free_shipping - o.f
    FROM (SELECT store_id, category, count(*)::int AS n, (count(*) FILTER (WHERE is_recommended))::int AS r,
            (count(*) FILTER (WHERE has_code))::int AS k, (count(*) FILTER (WHERE free_shipping))::int AS f
          FROM old_rows GROUP BY store_id, category) o
    WHERE t.store_id = o.store_id AND t.category = o.category;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO store_category_counts AS t (store_id, category, n, n_recommended, n_code, n_free_shipping)
    SELECT store_id, category, count(*)::int, (count(*) FILTER (WHERE is_recommended))::int,
      (count(*) FILTER (WHERE has_code))::int, (count(*) FILTER (WHERE free_shipping))::int
    FROM new_rows GROUP BY store_id, category
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

DELETE FROM store_category_counts;
INSERT INTO store_category_counts (store_id, category, n, n_recommended, n_code, n_free_shipping)
SELECT store_id, category, count(*)::int, (count(*) FILTER (WHERE is_recommended))::int,
  (count(*) FILTER (WHERE has_code))::int, (count(*) FILTER (WHERE free_shipping))::int
FROM coupons GROUP BY store_id, category;

ANALYZE;
