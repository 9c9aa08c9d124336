-- Issue 29, the layout studio: operators' drafts, and every publication of the layout documents as a numbered version
-- (docs/decisions/037-layout-versions.md). path is relative to the layouts directory ('home/x.json') as in
-- layout_documents; a draft may be for a document that is not published yet, and its text may be broken JSON.
CREATE TABLE layout_drafts (
  path text PRIMARY KEY CHECK (path ~ '^(home|header|footer|email)/[a-z0-9][a-z0-9-]*\.json$'),
  body text NOT NULL,
  author text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per publication: version is the layout_publication version it made, documents the whole published set as
-- it was then ({"home/x.json": "<the text>"}): a rollback republishes it, a diff compares two of them.
CREATE TABLE layout_versions (
  version int PRIMARY KEY CHECK (version >= 1),
  documents jsonb NOT NULL,
  action text NOT NULL CHECK (action IN ('publish', 'rollback', 'import', 'remove')),
  author text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A set published before this migration (layouts:publish) becomes the first version the studio knows, so it can be
-- rolled back to.
INSERT INTO layout_versions (version, documents, action, author, note, created_at)
SELECT p.version, COALESCE((SELECT jsonb_object_agg(d.path, d.body) FROM layout_documents d), '{}'::jsonb), 'import',
  'layouts:publish', 'published before the layout studio', COALESCE(p.published_at, now())
FROM layout_publication p WHERE p.version > 0;
