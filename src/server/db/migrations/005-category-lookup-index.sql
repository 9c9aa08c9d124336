-- Category pages match case-insensitively (lower(category) = lower($1)): index that expression.
CREATE INDEX coupons_lower_category_idx ON coupons (lower(category), created_at DESC, id);
