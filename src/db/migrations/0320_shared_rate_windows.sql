-- Requests counted per limit and subject in buckets of a sixth of the limit's window, so that every
-- server on one database shares each limit (the assistant's questions per address and per site).
-- Subjects are what the caller names: a site key, or a hash of a reader's address (never the address).
CREATE TABLE rate_buckets (
  scope text NOT NULL,
  subject text NOT NULL,
  bucket timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (scope, subject, bucket)
);
CREATE INDEX rate_buckets_bucket ON rate_buckets (bucket);
