import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCpfCnpj, formatDateTimeBR, formatProtocol } from '@bg/domain';
import { DataTable, DateText, MoneyText, StatusBadge, showError } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { withNewTab } from '../../../lib/new-tab';
import { useSubmit } from '../../../lib/use-submit';
import { acordoVigente, cobrancaApi, type AcordoDetail } from '../api/cobranca';
import { acordoQuery, cobrancaKeys } from '../api/cobranca-queries';
import { AgendamentosDaPessoa } from './AgendamentosDaPessoa';

export interface AcordoDetailsModalProps {
  acordoId: number | null;
  onClose: () => void;
}

/** Opens the agreement term (PDF) in a new tab. */
export const abrirTermo = (acordoId: number) =>
  withNewTab(() => cobrancaApi.termoUrl(acordoId), (url) => url).catch((err) => showError(errorMessage(err)));

/**
 * The acordo's details (spec §2 Acordos): tabs "Dados do Acordo" (figures, instalments, boletos,
 * the term, "Cancelar Acordo" — disabled once CANCELADO, and for a QUITADO one, which the server
 * refuses too) and "Agendamentos" (the person's schedules).
 */
export function AcordoDetailsModal({ acordoId, onClose }: AcordoDetailsModalProps) {
  const query = useQuery(acordoQuery(acordoId));
  const cancelar = useSubmit((a: AcordoDetail) => cobrancaApi.cancelarAcordo(a.id), {
    confirm: (a) => ({
      title: 'Cancelar Acordo',
      text: `Confirma o cancelamento do acordo nº ${a.id} de ${a.nome_razao}? As parcelas em aberto serão canceladas e os boletos voltam a ser cobrados do devedor.`,
      confirmLabel: 'Sim, cancelar acordo',
      confirmColor: 'red',
    }),
    invalidate: [cobrancaKeys.acordos, cobrancaKeys.inadimplentes, cobrancaKeys.inadimplenteDetails],
  });
  const a = query.data;
  return (
    <Modal opened={acordoId !== null} onClose={onClose} title={a ? `Acordo nº ${a.id}` : 'Acordo'} size="xl">
      {query.isPending && acordoId !== null && <Loader aria-label="Carregando acordo" />}
      {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {a && (
        <Tabs defaultValue="dados" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="dados">Dados do Acordo</Tabs.Tab>
            <Tabs.Tab value="agendamentos">Agendamentos</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="dados" pt="md">
            <DadosDoAcordo a={a} />
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => void abrirTermo(a.id)}>
                Imprimir Termo
              </Button>
              <Button color="red" disabled={!acordoVigente(a.status)} loading={cancelar.busy} onClick={() => void cancelar.run(a)}>
                Cancelar Acordo
              </Button>
            </Group>
          </Tabs.Panel>
          <Tabs.Panel value="agendamentos" pt="md">
            <AgendamentosDaPessoa pessoaId={a.pessoa_id} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

function DadosDoAcordo({ a }: { a: AcordoDetail }) {
  const fields: [string, ReactNode][] = [
    ['Situação', <StatusBadge key="s" status={a.status} />],
    ['Pessoa', a.nome_razao],
    ['Cpf/Cnpj', formatCpfCnpj(a.cpf_cnpj)],
    ['Valor sem juros', <MoneyText key="1" value={a.valor_sem_juros} />],
    ['Valor atualizado', <MoneyText key="2" value={a.valor_atualizado} />],
    ['Desconto', <MoneyText key="3" value={a.desconto} />],
    ['Total do acordo', <MoneyText key="4" value={a.valor} />],
    ['Total pago', <MoneyText key="5" value={a.total_pago} />],
    ['Último vencimento', <DateText key="6" value={a.ultimo_vencimento} />],
    ['Registrado', `${formatDateTimeBR(a.created_at)} por ${a.usuario}`],
    ['Cancelamento', a.data_cancelamento ? `${formatDateTimeBR(a.data_cancelamento)} por ${a.usuario_cancelamento ?? '—'}` : '—'],
  ];
  return (
    <Stack gap="md">
      <Text size="sm">{a.descricao}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {fields.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" component="div" aria-label={label}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Title order={6}>Parcelas</Title>
      <DataTable
        caption="Parcelas do acordo"
        rowKey={(p) => p.id}
        rows={a.parcelas}
        columns={[
          { key: 'parcela', header: 'Parcela', render: (p) => `${p.parcela}/${a.numero_parcelas}` },
          { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (p) => <DateText value={p.vencimento} /> },
          { key: 'valor', header: 'Valor', align: 'right', kind: 'money', render: (p) => <MoneyText value={p.valor} /> },
          { key: 'situacao', header: 'Situação', render: (p) => <StatusBadge status={p.situacao} /> },
          { key: 'pago', header: 'Pagamento', render: (p) => (p.pago_em ? `${formatDateTimeBR(p.pago_em)}${p.pago_por ? ` por ${p.pago_por}` : ''}` : '—') },
        ]}
      />
      <Title order={6}>Boletos do acordo</Title>
      <DataTable
        caption="Boletos do acordo"
        rowKey={(b) => b.id}
        rows={a.boletos}
        columns={[
          { key: 'empresa', header: 'Empresa', kind: 'name' },
          { key: 'protocolo', header: 'Protocolo', kind: 'document', render: (b) => formatProtocol(b.id, b.digito) },
          { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (b) => <DateText value={b.vencimento} /> },
          { key: 'dias_atraso', header: 'Dias de Atraso', align: 'right' },
          { key: 'valor', header: 'Valor', align: 'right', kind: 'money', render: (b) => <MoneyText value={b.valor} /> },
          { key: 'situacao', header: 'Situação', render: (b) => <StatusBadge status={b.situacao} /> },
        ]}
      />
    </Stack>
  );
}
