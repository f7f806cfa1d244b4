-- Announce every admin key issued, revoked or deleted on channel `folio_api_keys` (payload: the
-- key's hash, `-` before it for a deleted row), whoever makes the change (API, dashboard, CLI,
-- another server). Each server keeps the hashes of all stored keys in memory and refuses any
-- other key without a query (src/api/auth.ts). `last_used_at` writes are not announced.
CREATE FUNCTION folio_api_keys_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('folio_api_keys', '-' || OLD.hash);
  ELSE
    IF TG_OP = 'UPDATE' AND OLD.hash <> NEW.hash THEN
      PERFORM pg_notify('folio_api_keys', '-' || OLD.hash);
    END IF;
    PERFORM pg_notify('folio_api_keys', NEW.hash);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_notify
  AFTER INSERT OR DELETE OR UPDATE OF hash, revoked_at, expires_at, project_ids ON api_keys
  FOR EACH ROW EXECUTE FUNCTION folio_api_keys_notify();
