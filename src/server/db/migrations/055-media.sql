-- Issue 26: images operators upload (logo, favicon, store and banner images), resized and converted once and kept in
-- the database every instance reads (docs/decisions/028-media-storage.md). A file is named by its content hash, so
-- each rendition is immutable: served with a year's max-age, never changed in place.
CREATE TABLE media (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{32}$'),
  purpose text NOT NULL CHECK (purpose IN ('logo', 'favicon', 'store', 'banner')),
  width integer NOT NULL CHECK (width BETWEEN 1 AND 4096),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 4096),
  source_type text NOT NULL,
  source_bytes integer NOT NULL,
  uploaded_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media_renditions (
  hash text NOT NULL REFERENCES media (hash) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('png', 'webp')),
  body bytea NOT NULL,
  PRIMARY KEY (hash, format)
);
