-- Leases of running jobs (docs/decisions/108-job-leases-after-a-crash.md). Each process that runs
-- jobs (JOBS=on) has a row in job_worker and renews its heartbeat every JOB_HEARTBEAT_SECONDS; a
-- running background_job names the process that holds it (lease_owner). A job whose owner's
-- heartbeat is older than the owner's lease (JOB_LEASE_SECONDS), or whose owner row is gone, was
-- abandoned by a dead process: another process, or the restarted one, puts it back in the queue and
-- it resumes from its checkpoint — within a minute, instead of after the queue's time limit (30 min
-- for the CNAB jobs).

CREATE TABLE job_worker (
  -- chosen by the process when its queue starts (a new one at each start)
  id uuid PRIMARY KEY,
  -- where it runs, for the operator (os.hostname(), process.pid)
  host varchar(255) NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  -- renewed every JOB_HEARTBEAT_SECONDS while the process lives
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  -- the process's own JOB_LEASE_SECONDS: how long the others wait for its next heartbeat
  lease_seconds integer NOT NULL CHECK (lease_seconds > 0)
);

-- the process that holds a running job (job_worker.id; no foreign key: a dead worker's row is
-- deleted once it holds nothing) and since when (the run's claim)
ALTER TABLE background_job ADD COLUMN lease_owner uuid;
ALTER TABLE background_job ADD COLUMN leased_at timestamptz;
-- times the job was taken back from a dead process (not errors; at most 5, then it fails)
ALTER TABLE background_job ADD COLUMN reclaims integer NOT NULL DEFAULT 0;
-- at most one queued or running job per (kind, exclusive_key): concurrent requests enqueue one
-- job (Gerar Remessa) and the others answer that job's id
ALTER TABLE background_job ADD COLUMN exclusive_key varchar(100);

-- a remessa job already waiting or running when this migration runs keeps the later requests out
UPDATE background_job SET exclusive_key = 'gerar-remessa'
WHERE id = (SELECT max(id) FROM background_job WHERE kind = 'cnab.remessa' AND status IN ('queued', 'running'));

CREATE UNIQUE INDEX background_job_exclusive_key ON background_job (kind, exclusive_key)
  WHERE status IN ('queued', 'running') AND exclusive_key IS NOT NULL;
-- the reclaimer's question: which running jobs does each process hold
CREATE INDEX background_job_running_owner_idx ON background_job (lease_owner) WHERE status = 'running';
