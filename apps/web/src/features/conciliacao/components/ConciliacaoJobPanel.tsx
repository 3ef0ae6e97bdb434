import { Alert, Group, Loader, Progress, Text } from '@mantine/core';
import { jobPercent, useJobOutcome, type JobOutcome } from '../../../lib/use-job-run';

export interface ConciliacaoJobPanelProps {
  jobId: number;
  /** Called once when the job ends: its result (done) or its error (failed). */
  onFinished: (outcome: JobOutcome<unknown>) => void;
}

/** The job's result as it came (the page reads it). */
const sameResult = (result: unknown) => result;

/** The reconciliation running: the contas compared so far, until the job ends (as Remessas follows its job). */
export function ConciliacaoJobPanel({ jobId, onFinished }: ConciliacaoJobPanelProps) {
  const job = useJobOutcome<unknown>(jobId, onFinished, sameResult, 'A conciliação falhou.');
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
