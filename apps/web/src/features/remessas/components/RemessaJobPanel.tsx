import { useEffect, useRef } from 'react';
import { Alert, Group, Loader, Progress, Text } from '@mantine/core';
import { jobPercent, useJobRun } from '../../../lib/use-job-run';
import { remessaResult } from '../api/remessas';
import type { RemessaJobResult } from '@bg/domain';

export interface RemessaJobPanelProps {
  jobId: number;
  /** Called once when the job ends: its result (done) or its error (failed). */
  onFinished: (outcome: { ok: true; result: RemessaJobResult | null } | { ok: false; error: string }) => void;
}

/** The remessa being generated: a progress bar of the títulos written, until the job ends. */
export function RemessaJobPanel({ jobId, onFinished }: RemessaJobPanelProps) {
  const job = useJobRun(jobId).data;
  const reported = useRef(false);
  useEffect(() => {
    if (!job || reported.current) return;
    if (job.status === 'done') {
      reported.current = true;
      onFinished({ ok: true, result: remessaResult(job.result) });
    } else if (job.status === 'failed') {
      reported.current = true;
      onFinished({ ok: false, error: job.error ?? 'A geração da remessa falhou.' });
    }
  }, [job, onFinished]);

  const percent = jobPercent(job);
  return (
    <Alert variant="light" color="blue" title="Gerando a remessa" data-testid="remessa-job">
      <Group gap="sm" mb="xs">
        <Loader size="xs" />
        <Text size="sm">
          {job?.status === 'queued' || !job
            ? 'Na fila…'
            : job.progress_total
              ? `${job.progress_done.toLocaleString('pt-BR')} de ${job.progress_total.toLocaleString('pt-BR')} títulos gravados`
              : 'Separando os títulos…'}
        </Text>
      </Group>
      <Progress value={percent ?? 100} animated={percent === null} aria-label="Andamento da remessa" />
    </Alert>
  );
}
