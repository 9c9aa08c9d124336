-- Issue 31, follow the money, item 2 (docs/revenue.md "Scheduled sources"): a network publishes its transaction report
-- at a URL; a source is that URL, the report's format, the account's credentials (sealed with FEED_SECRET_KEY, as the
-- voucher feeds' are) and a schedule. Each run fetches the report and imports it like an uploaded file (an upsert:
-- nothing is counted twice); the source keeps its last import or the error that stopped it.

CREATE TABLE commission_sources (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  format text NOT NULL CHECK (format IN ('awin-csv', 'awin-json', 'cj-json', 'impact-csv', 'impact-json',
    'rakuten-csv', 'tradedoubler-json', 'admitad-json')),
  url text NOT NULL,
  auth text NOT NULL DEFAULT 'none' CHECK (auth IN ('none', 'bearer', 'basic', 'query')),
  -- FeedCredentials as JSON, sealed (src/server/lib/secret-box.ts); null with auth 'none'.
  credentials text,
  every_hours integer NOT NULL DEFAULT 24 CHECK (every_hours BETWEEN 0 AND 168),
  enabled boolean NOT NULL DEFAULT true,
  next_run_at timestamptz,
  last_import bigint REFERENCES commission_imports (id) ON DELETE SET NULL,
  -- Why the last run imported nothing (null when it imported).
  last_error text,
  last_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The source a scheduled or "Import now" import came from (null: an uploaded file).
ALTER TABLE commission_imports ADD COLUMN source_id bigint REFERENCES commission_sources (id) ON DELETE SET NULL;
