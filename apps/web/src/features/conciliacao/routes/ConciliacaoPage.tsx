import { useCallback, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DateText, PagedTable, PageHeader, showError, showResult } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { conciliacaoResumo, executarConciliacao, resolverDivergencia, type Divergencia, type DivergenciaAcao, type DivergenciaEstado } from '../api/conciliacao';
import { conciliacaoKeys, contasQuery, useConciliacaoList } from '../api/conciliacao-queries';
import { BoletoLink } from '../components/BoletoLink';
import { ConciliacaoJobPanel } from '../components/ConciliacaoJobPanel';
import { DivergenciaDetalhe } from '../components/DivergenciaDetalhe';

/** Each one-click resolution's button, and what its confirmation says it does. */
const ACAO: Record<DivergenciaAcao, { label: string; texto: string; color?: string }> = {
  APLICAR_PAGAMENTO: { label: 'Aplicar pagamento', texto: 'Aplicar aqui o pagamento que o banco informou? O boleto é liquidado e o valor lançado, uma vez só.' },
  MARCAR_REGISTRADO: { label: 'Marcar registrado', texto: 'Marcar o boleto como registrado no banco? Ele passa a poder ser impresso.' },
  REENVIAR_REGISTRO: { label: 'Reenviar registro', texto: 'Enviar o registro deste boleto ao banco de novo?' },
  DESCARTAR: { label: 'Descartar', texto: 'Descartar esta diferença sem mudar nada? Ela sai da lista de abertas.', color: 'gray' },
};

const BANCOS: Record<string, string> = { '001': 'BB', '104': 'Caixa' };

/**
 * Operação > Conciliação (administrador, issue 26): the differences the daily reconciliation found
 * between our boletos and the bank's list, each with its one-click resolutions, and "Conciliar
 * agora" (the job on demand, followed like Gerar Remessa's).
 */
export function ConciliacaoPage() {
  const client = useQueryClient();
  const [estado, setEstado] = useState<DivergenciaEstado>('ABERTA');
  const [jobId, setJobId] = useState<number | null>(null);
  const list = useConciliacaoList('ABERTA');
  const contas = useQuery(contasQuery());
  const contaNome = (id: number) => {
    const c = contas.data?.find((x) => x.id === id);
    return c ? `${BANCOS[c.banco] ?? c.banco} ${c.agencia}/${c.codigo_beneficiario}` : `Conta ${id}`;
  };

  const resolver = useSubmit((d: Divergencia, acao: DivergenciaAcao) => resolverDivergencia(d.id, acao), {
    confirm: (d, acao) => ({ title: ACAO[acao].label, text: `${d.descricao} (nº ${d.numero_banco}). ${ACAO[acao].texto}`, confirmLabel: ACAO[acao].label, confirmColor: ACAO[acao].color }),
    invalidate: [conciliacaoKeys.all],
  });
  const conciliar = useSubmit(executarConciliacao, { result: false, onSuccess: (res) => setJobId(res.data.job_id) });
  const onFinished = useCallback<Parameters<typeof ConciliacaoJobPanel>[0]['onFinished']>(
    (outcome) => {
      setJobId(null);
      void client.invalidateQueries({ queryKey: conciliacaoKeys.all });
      if (outcome.ok) showResult({ status: 200, msg: conciliacaoResumo(outcome.result) });
      else showError(outcome.error);
    },
    [client],
  );

  return (
    <Stack>
      <PageHeader
        title="Conciliação"
        actions={
          <Button onClick={() => void conciliar.run()} loading={conciliar.busy || jobId !== null}>
            Conciliar agora
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        Todo dia às 6h30 os boletos das contas que trabalham por API são comparados com a lista do banco. Os pagamentos de boletos em aberto entram sozinhos; o que não
        se resolve sozinho aparece aqui, com a ação que o corrige.
      </Text>
      {jobId !== null && <ConciliacaoJobPanel jobId={jobId} onFinished={onFinished} />}
      <Group>
        <SegmentedControl
          aria-label="Diferenças"
          data={[
            { value: 'ABERTA', label: 'Abertas' },
            { value: 'RESOLVIDA', label: 'Resolvidas' },
          ]}
          value={estado}
          onChange={(v) => {
            const next = v === 'RESOLVIDA' ? 'RESOLVIDA' : 'ABERTA';
            setEstado(next);
            list.setFilters({ estado: next });
          }}
        />
      </Group>
      <PagedTable<Divergencia>
        caption="Conciliação"
        rowKey={(d) => d.id}
        {...list.tableProps}
        emptyText={estado === 'ABERTA' ? 'Nenhuma diferença aberta: os boletos daqui conferem com o banco.' : 'Nenhuma diferença resolvida ainda.'}
        columns={[
          { key: 'created_at', header: 'Data', kind: 'date', render: (d) => <DateText value={d.created_at} withTime /> },
          { key: 'conta', header: 'Conta', render: (d) => contaNome(d.conta_cobranca_id) },
          { key: 'boleto', header: 'Boleto', render: (d) => <BoletoLink boletoId={d.boleto_id} /> },
          { key: 'numero_banco', header: 'Nº no banco', kind: 'document' },
          { key: 'descricao', header: 'Diferença' },
          { key: 'detalhe', header: 'Detalhe', render: (d) => <DivergenciaDetalhe detalhe={d.detalhe} /> },
          {
            key: 'acoes',
            header: 'Ações',
            align: 'right',
            kind: 'actions',
            render: (d) =>
              d.estado === 'RESOLVIDA' ? (
                <Text size="xs">
                  {d.resolucao ?? 'Resolvida'}
                  {d.resolvida_em && <> em <DateText value={d.resolvida_em} withTime /></>}
                </Text>
              ) : (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {d.acoes.map((a) => (
                    <Button key={a} size="compact-xs" variant={a === 'DESCARTAR' ? 'subtle' : 'light'} color={ACAO[a].color} onClick={() => void resolver.run(d, a)}>
                      {ACAO[a].label}
                    </Button>
                  ))}
                </Group>
              ),
          },
        ]}
      />
    </Stack>
  );
}
