import { Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DateText, MoneyText, StatusBadge } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { retornoKeys, retornoQuery } from '../api/retorno-queries';
import { aplicarRetorno, type RetornoDetail } from '../api/retornos';
import { fileSize, STATUS_COLOR, STATUS_LABEL } from './labels';
import { PreviaSummary } from './PreviaSummary';
import { RetornoItens } from './RetornoItens';

const working = (r: RetornoDetail | undefined) => r?.status === 'ANALISANDO' || r?.status === 'APLICANDO';

/**
 * One retorno: while a job works on it, its progress (bytes of the file read; titles recorded
 * when applying); then the preview with Aplicar, or the result with the per-title list.
 */
export function RetornoPanel({ id }: { id: number }) {
  const query = useQuery({
    ...retornoQuery(id),
    refetchInterval: (q) => (working(q.state.data) ? 800 : false),
  });
  const aplicar = useSubmit(() => aplicarRetorno(id), {
    confirm: { title: 'Aplicar retorno', text: 'Aplicar este retorno? As situações dos boletos serão atualizadas conforme a prévia.', confirmLabel: 'Sim, aplicar retorno' },
    result: false,
    invalidate: [retornoKeys.detail(id), retornoKeys.all],
  });
  const r = query.data;
  const client = useQueryClient();
  const status = r?.status;
  // the list's counters and state follow the panel's
  useEffect(() => {
    if (status) void client.invalidateQueries({ queryKey: retornoKeys.all });
  }, [status, client]);
  if (!r) return <Loader size="sm" />;

  const job = working(r) ? r.job : null;
  const percent = job?.progress_total ? Math.min(100, Math.round((job.progress_done / job.progress_total) * 100)) : null;
  const openItens = () => modals.open({ title: `Resultado por título — retorno nº ${r.id}`, size: '90%', children: <RetornoItens id={r.id} /> });

  return (
    <Paper withBorder p="md" data-testid="retorno-panel" data-status={r.status}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>
            Retorno nº {r.id} — {r.arquivo}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {fileSize(r.tamanho_bytes)}, enviado por {r.usuario ?? '—'} em <DateText value={r.created_at} withTime />
            </Text>
            <StatusBadge status={STATUS_LABEL[r.status]} color={STATUS_COLOR[r.status]} />
          </Group>
        </Group>
        {job && (
          <div data-testid="job-progress">
            <Text size="sm">
              {r.status === 'ANALISANDO' ? 'Calculando a prévia' : `Aplicando: ${r.quantidade_processada.toLocaleString('pt-BR')} de ${r.quantidade_titulos.toLocaleString('pt-BR')} títulos`}
              {job.progress_total ? ` — ${fileSize(job.progress_done)} de ${fileSize(job.progress_total)} lidos` : ''}
              {job.status === 'queued' ? ' (na fila)' : ''}
            </Text>
            <Progress value={percent ?? 100} animated={percent === null} aria-label="Andamento do retorno" />
          </div>
        )}
        {r.status === 'FALHOU' && <Text c="red">A tarefa falhou: {r.job?.error ?? 'erro desconhecido'}.</Text>}
        {r.status === 'PROCESSADO' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="retorno-resultado">
            <Resumo label="Entradas confirmadas" quantidade={r.quantidade_entrada} valor={r.total_valor_entrada} />
            <Resumo label="Liquidados" quantidade={r.quantidade_liquidado} valor={r.total_valor_liquidado} />
            <Resumo label="Baixados" quantidade={r.quantidade_baixa} valor={r.total_valor_baixa} />
            <Text size="sm">Rejeitados: {r.quantidade_rejeitado}</Text>
            <Text size="sm">Não encontrados: {r.quantidade_nao_encontrado}</Text>
            <Text size="sm">Já aplicados antes: {r.quantidade_ja_aplicado}</Text>
          </SimpleGrid>
        )}
        {r.previa && r.status !== 'PROCESSADO' && <PreviaSummary previa={r.previa} />}
        <Group justify="flex-end">
          {r.status === 'PROCESSADO' && (
            <Button variant="default" onClick={openItens}>
              Resultado por título
            </Button>
          )}
          {(r.status === 'PRONTO' || (r.status === 'FALHOU' && r.previa)) && (
            <Button onClick={() => void aplicar.run()} loading={aplicar.busy}>
              Aplicar retorno
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Resumo({ label, quantidade, valor }: { label: string; quantidade: number; valor: number }) {
  return (
    <Text size="sm">
      {label}: <strong>{quantidade.toLocaleString('pt-BR')}</strong> (<MoneyText value={valor} />)
    </Text>
  );
}
