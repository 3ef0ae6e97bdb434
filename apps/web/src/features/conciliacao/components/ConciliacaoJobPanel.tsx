import { useEffect, useRef } from 'react';
import { Alert, Group, Loader, Progress, Text } from '@mantine/core';
import { jobPercent, useJobRun } from '../../../lib/use-job-run';

export interface ConciliacaoJobPanelProps {
  jobId: number;
  /** Called once when the job ends: its result (done) or its error (failed). */
  onFinished: (outcome: { ok: true; result: unknown } | { ok: false; error: string }) => void;
}

/** The reconciliation running: the contas compared so far, until the job ends (as Remessas follows its job). */
export function ConciliacaoJobPanel({ jobId, onFinished }: ConciliacaoJobPanelProps) {
  const job = useJobRun(jobId).data;
  const reported = useRef(false);
  useEffect(() => {
    if (!job || reported.current) return;
    if (job.status === 'done') {
      reported.current = true;
      onFinished({ ok: true, result: job.result });
    } else if (job.status === 'failed') {
      reported.current = true;
      onFinished({ ok: false, error: job.error ?? 'A conciliação falhou.' });
    }
  }, [job, onFinished]);

  const percent = jobPercent(job);
  return (
    <Alert variant="light" color="blue" title="Conciliando com o banco" data-testid="conciliacao-job">
      <Group gap="sm" mb="xs">
        <Loader size="xs" />
        <Text size="sm">
          {job?.status === 'queued' || !job
            ? 'Na fila…'
            : job.progress_total
              ? `${job.progress_done} de ${job.progress_total} conta(s) conciliada(s)`
              : 'Consultando o banco…'}
        </Text>
      </Group>
      <Progress value={percent ?? 100} animated={percent === null} aria-label="Andamento da conciliação" />
    </Alert>
  );
}
