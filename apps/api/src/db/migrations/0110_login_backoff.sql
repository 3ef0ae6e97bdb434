-- Login limits as a backoff that never locks anybody out (docs/decisions/106-login-limits-and-password-policy.md).
-- Written for PostgreSQL 15 (the server) and accepted by PGlite (PostgreSQL 18).
--
-- login_throttle keeps one row per (login, ip), where `ip` is a client address (wrong passwords
-- and codes of that login from there), 'senha:qualquer-ip' (wrong passwords of the login from
-- every address together) or '2fa:qualquer-ip' (wrong second-factor codes from every address).
-- `failures` counts the failures in a row (an attempt is counted when it starts and taken back
-- when its secret was right); `next_attempt_at` is when the next attempt may be checked — before
-- it, the answer is 429 with Retry-After and nothing is checked nor counted; `last_success_at`
-- marks an address the login opened a session from (a known address does not wait for the
-- failures made from elsewhere). window_started_at and locked_until (decision 004's lock) are no
-- longer read; they stay for processes of the previous version during a rolling restart.
ALTER TABLE login_throttle ADD COLUMN last_failure_at timestamptz;
ALTER TABLE login_throttle ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE login_throttle ADD COLUMN last_success_at timestamptz;
UPDATE login_throttle SET last_failure_at = window_started_at;
-- stale rows are deleted a few at a time by later attempts (modules/auth/login-throttle.ts)
CREATE INDEX login_throttle_last_failure ON login_throttle (last_failure_at);
