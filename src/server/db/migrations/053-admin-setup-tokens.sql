-- Issue 25: outside demo mode an empty database has no account. While no admin exists, each start makes a one-time
-- setup link; its token is kept here only as SHA-256, for 24 hours. Setting up the first admin deletes them all.
CREATE TABLE admin_setup_tokens (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
