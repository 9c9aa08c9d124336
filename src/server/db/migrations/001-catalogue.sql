-- Shared catalogue: categories, stores and their coupons (every tenant publishes a subset of stores).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE categories (
  name text PRIMARY KEY,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE stores (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  key text NOT NULL UNIQUE,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text,
  website_url text NOT NULL DEFAULT '',
  is_archived boolean NOT NULL DEFAULT false,
  is_paused boolean NOT NULL DEFAULT false,
  desktop_redirection_type text NOT NULL DEFAULT 'default'
    CHECK (desktop_redirection_type IN ('zero-redirect-with-refer', 'zero-redirect-without-refer', 'default')),
  visit_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_lower_name_idx ON stores (lower(name));
CREATE INDEX stores_name_trgm_idx ON stores USING gin (lower(name) gin_trgm_ops);
CREATE INDEX stores_created_idx ON stores (created_at DESC, id);
CREATE INDEX stores_visits_idx ON stores (visit_count DESC, id);

CREATE TABLE coupons (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  key text NOT NULL UNIQUE,
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  name text NOT NULL,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  category text NOT NULL,
  code text,
  expiry_date timestamptz,
  link text NOT NULL,
  final_link text,
  domain_link text NOT NULL DEFAULT '',
  image text,
  is_recommended boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupons_store_idx ON coupons (store_id, created_at DESC, id);
CREATE INDEX coupons_category_idx ON coupons (category, created_at DESC, id);
CREATE INDEX coupons_created_idx ON coupons (created_at DESC, id);
CREATE INDEX coupons_recommended_idx ON coupons (is_recommended, created_at DESC, id);
CREATE INDEX coupons_name_trgm_idx ON coupons USING gin (lower(name) gin_trgm_ops);

CREATE TABLE store_ratings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  rating numeric(2, 1) NOT NULL CHECK (rating >= 0 AND rating <= 5),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX store_ratings_store_idx ON store_ratings (store_id);
