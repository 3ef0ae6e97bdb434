-- A two-factor login challenge opens one session (docs/decisions/106-login-limits-and-password-policy.md).
-- The challenge stays a signed token (decision 095: any API process finishes it); the nonce of each
-- one that opened a session is kept here until the challenge expires, and the primary key refuses
-- a second completion — also when two arrive together.
CREATE TABLE login_challenge_usado (
  nonce varchar(32) PRIMARY KEY,
  usuario_id integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  expira_em timestamptz NOT NULL,
  usado_em timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_challenge_usado_expira ON login_challenge_usado (expira_em);
