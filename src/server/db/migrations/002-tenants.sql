-- Tenants (domains): website data, host names, published stores and banners.
CREATE TABLE domains (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  logo text NOT NULL DEFAULT '',
  favicon text NOT NULL DEFAULT '',
  header_color text NOT NULL DEFAULT '',
  header_html text NOT NULL DEFAULT '',
  header_js text NOT NULL DEFAULT '',
  meta_tag text NOT NULL DEFAULT '',
  meta_description text NOT NULL DEFAULT '',
  home_page text NOT NULL DEFAULT '',
  footer_about_us text NOT NULL DEFAULT '',
  footer_text text NOT NULL DEFAULT '',
  contact jsonb NOT NULL DEFAULT '{}'::jsonb,
  banners_v2 jsonb NOT NULL DEFAULT '[]'::jsonb,
  google_verification_tag text NOT NULL DEFAULT '',
  footer_js text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Host names are stored lower-case without port.
CREATE TABLE domain_hosts (
  host text PRIMARY KEY,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX domain_hosts_domain_idx ON domain_hosts (domain_id, position);

CREATE TABLE domain_stores (
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  store_id text NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  PRIMARY KEY (domain_id, store_id)
);
CREATE INDEX domain_stores_store_idx ON domain_stores (store_id, domain_id);

CREATE TABLE banners (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  key text NOT NULL UNIQUE,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  banner_dimension text NOT NULL CHECK (banner_dimension IN ('120 * 600', '728 * 90', '1480 * 630', '300 * 250')),
  kind text NOT NULL CHECK (kind IN ('ad', 'recommend')),
  image_upload text NOT NULL,
  image_url text,
  redirect_url text NOT NULL,
  store_id text REFERENCES stores (id) ON DELETE SET NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX banners_domain_idx ON banners (domain_id, kind, banner_dimension, position);

CREATE TABLE feature_cards (
  position integer PRIMARY KEY,
  icon text NOT NULL,
  title text NOT NULL,
  description text NOT NULL
);

CREATE TABLE deals_info (
  position integer PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL
);
