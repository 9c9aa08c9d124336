-- Issue 18: browser features (Permissions-Policy) a tenant's own scripts need; every one is off unless listed here.
ALTER TABLE domains ADD COLUMN permissions jsonb NOT NULL DEFAULT '[]'::jsonb;
