-- Issue 15, the operators' console: the editor role (granted per tenant), and the audit of every admin write.
ALTER TABLE system_users DROP CONSTRAINT system_users_role_check;
ALTER TABLE system_users ADD CONSTRAINT system_users_role_check CHECK (role IN ('admin', 'editor', 'user'));

-- An editor edits the catalogue and banners of the tenants granted here.
CREATE TABLE editor_grants (
  user_id text NOT NULL REFERENCES system_users (id) ON DELETE CASCADE,
  domain_id text NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, domain_id)
);
CREATE INDEX editor_grants_domain_idx ON editor_grants (domain_id);

-- Every admin write: who, when, what, and the row before and after (null for a create / a delete).
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id text,
  user_email text NOT NULL,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  domain_id text,
  before jsonb,
  after jsonb
);
CREATE INDEX admin_audit_at_idx ON admin_audit (at DESC, id DESC);
