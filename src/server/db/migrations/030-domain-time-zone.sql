-- Issue 16: the tenant's IANA time zone; layout schedules written without an offset are read in it.
ALTER TABLE domains ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
