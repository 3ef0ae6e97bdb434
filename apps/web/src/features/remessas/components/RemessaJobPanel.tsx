import { Alert, Group, Loader, Progress, Text } from '@mantine/core';
import { jobPercent, useJobOutcome, type JobOutcome } from '../../../lib/use-job-run';
import { remessaResult } from '../api/remessas';
import type { RemessaJobResult } from '@bg/domain';

export interface RemessaJobPanelProps {
  jobId: number;
  /** Called once when the job ends: its result (done) or its error (failed). */
  onFinished: (outcome: JobOutcome<RemessaJobResult | null>) => void;
}

/** The remessa being generated: a progress bar of the títulos written, until the job ends. */
export function RemessaJobPanel({ jobId, onFinished }: RemessaJobPanelProps) {
  const job = useJobOutcome<RemessaJobResult | null>(jobId, onFinished, remessaResult, 'A geração da remessa falhou.');
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
