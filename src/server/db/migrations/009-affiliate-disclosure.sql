-- Issue 13: the tenant's own affiliate (FTC) disclosure, plain text shown above its offer lists; '' = the default text.
ALTER TABLE domains ADD COLUMN affiliate_disclosure text NOT NULL DEFAULT '';
