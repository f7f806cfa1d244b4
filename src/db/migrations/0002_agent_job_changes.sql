-- Announce every change to an agent job on channel `folio_agent_jobs` (payload:
-- the job id), whoever makes it (API, worker, reaper, raw SQL). The API keeps
-- recently read jobs in memory and drops an entry when its id is announced.
CREATE FUNCTION folio_agent_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('folio_agent_jobs', OLD.id);
  ELSE
    PERFORM pg_notify('folio_agent_jobs', NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER agent_jobs_notify
  AFTER UPDATE OR DELETE ON agent_jobs
  FOR EACH ROW EXECUTE FUNCTION folio_agent_jobs_notify();
