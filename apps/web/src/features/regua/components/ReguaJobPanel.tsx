import { Alert, Group, Loader, Text } from '@mantine/core';
import { useJobOutcome, type JobOutcome } from '../../../lib/use-job-run';

export interface ReguaJobPanelProps {
  jobId: number;
  onFinished: (outcome: JobOutcome<unknown>) => void;
}

const sameResult = (result: unknown) => result;

/** The régua running on demand, until the job ends. */
export function ReguaJobPanel({ jobId, onFinished }: ReguaJobPanelProps) {
  const job = useJobOutcome<unknown>(jobId, onFinished, sameResult, 'A execução da régua de cobrança falhou.');
  return (
    <Alert variant="light" color="blue" title="Executando a régua de cobrança" data-testid="regua-job">
      <Group gap="sm">
        <Loader size="xs" />
        <Text size="sm">{job?.status === 'running' ? `${job.progress_done} mensagem(ns) decidida(s)…` : 'Na fila…'}</Text>
      </Group>
    </Alert>
  );
}

type RunResult = { planejadas?: number; enfileiradas?: number; ignoradas?: number; adiadas?: number };

/** The sentence shown when a run ends (anything unexpected reads as a plain "concluída"). */
export function reguaResumo(result: unknown): string {
  const r = (result ?? {}) as RunResult;
  if (typeof r.enfileiradas !== 'number') return 'Régua de cobrança executada.';
  return `Régua de cobrança executada: ${r.planejadas ?? 0} mensagem(ns) nova(s) planejada(s) para hoje, ${r.enfileiradas} enviada(s) para a fila, ${r.adiadas ?? 0} adiada(s) (uma por pessoa por dia ou fora do horário) e ${r.ignoradas ?? 0} descartada(s) (pago, canal recusado, sem contato…).`;
}
