import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { jobContracts, type ContractResult } from '@bg/domain';
import { call } from './api-contract';

export type JobRun = ContractResult<typeof jobContracts.getById>['data'];

/** The key a job's run is cached under while a screen follows it. */
export const jobKeys = { run: (jobId: number | null) => ['job', jobId] as const };

/** Queued or running: still worth asking again. */
export const jobIsOpen = (job: Pick<JobRun, 'status'> | null | undefined) => job?.status === 'queued' || job?.status === 'running';

/**
 * Follows a background job (GET /api/job/{id}) until it is done or failed, asking every `everyMs`
 * while it runs: what progress bars of long work (remessa, retorno) show. null: nothing to follow.
 */
export function useJobRun(jobId: number | null, everyMs = 700) {
  return useQuery({
    queryKey: jobKeys.run(jobId),
    queryFn: () => call(jobContracts.getById, { params: { id: jobId as number } }).then((r) => r.data),
    enabled: jobId !== null,
    refetchInterval: (q) => (jobIsOpen(q.state.data) || !q.state.data ? everyMs : false),
  });
}

/** "45%" of a run whose total is known, else null. */
export function jobPercent(job: Pick<JobRun, 'progress_done' | 'progress_total'> | null | undefined): number | null {
  if (!job?.progress_total) return null;
  return Math.min(100, Math.round((job.progress_done / job.progress_total) * 100));
}

export type JobOutcome<R> = { ok: true; result: R } | { ok: false; error: string };

/**
 * useJobRun plus the end of the run, told once: `onFinished` hears the result (done, read by
 * `readResult`) or the error (failed, else `failureMessage`). What a panel following a job needs.
 */
export function useJobOutcome<R>(jobId: number, onFinished: (outcome: JobOutcome<R>) => void, readResult: (result: unknown) => R, failureMessage: string) {
  const job = useJobRun(jobId).data;
  const reported = useRef(false);
  useEffect(() => {
    if (!job || reported.current) return;
    if (job.status === 'done') {
      reported.current = true;
      onFinished({ ok: true, result: readResult(job.result) });
    } else if (job.status === 'failed') {
      reported.current = true;
      onFinished({ ok: false, error: job.error ?? failureMessage });
    }
  }, [job, onFinished, readResult, failureMessage]);
  return job;
}
