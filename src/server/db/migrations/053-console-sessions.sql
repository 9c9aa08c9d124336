-- Issue 25: the console signs in with an HttpOnly cookie on its own host (ADMIN_HOST), not a token in web storage.
-- Such a session ends after ABSOLUTE hours whatever happens, and after idle_minutes without a request; "sign out
-- everywhere" revokes every session of the account. Bearer-token sessions (SPEC's /system-user/login) keep no idle limit.
ALTER TABLE sessions ADD COLUMN kind text NOT NULL DEFAULT 'token' CHECK (kind IN ('token', 'console'));
ALTER TABLE sessions ADD COLUMN idle_minutes integer CHECK (idle_minutes > 0);
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
