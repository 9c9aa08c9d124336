-- LAYOUTS_SOURCE=db (issue 17): the published layout documents, written by `npm run layouts:publish`, so every
-- instance serves the same set without a shared disk. path is relative to the layouts directory ('home/x.json'),
-- body the file's text as published (validated before it is written).
CREATE TABLE layout_documents (
  path text PRIMARY KEY CHECK (path ~ '^[a-z][a-z0-9-]*/[^/]+\.json$'),
  body text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);

-- One row: bumped by every publication; instances without Redis poll it (a primary-key read) to notice a change.
CREATE TABLE layout_publication (
  id int PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL,
  published_at timestamptz
);

INSERT INTO layout_publication (id, version) VALUES (1, 0);
