-- Request rate limits shared by every API process (docs/security.md "Rate limits"): one row per
-- bucket (e.g. 'bureau'), subject (the user) and fixed window; apps/api/src/http/rate-limit.ts
-- counts with one guarded upsert, so two processes never let a user past the limit together.
CREATE TABLE rate_limit_hit (
  bucket varchar(40) NOT NULL,
  subject varchar(100) NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (bucket, subject, window_start)
);
