import { Button } from '@mantine/core';
import { formatCpfCnpj } from '@bg/domain';
import { DataTable, DateText, StatusBadge } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { cobrancaApi, type AgendamentoRow } from '../api/cobranca';
import { cobrancaKeys } from '../api/cobranca-queries';
import { logText } from './log-text';

export interface AgendamentosTableProps {
  rows: readonly AgendamentoRow[];
  loading?: boolean;
  /** Pessoa and Cpf/Cnpj columns (the Agendamentos screen); a person's own list leaves them out. */
  showPessoa?: boolean;
  caption?: string;
}

/** A person's schedules (data, descrição, log, status) with "Concluir" for the pending ones. */
export function AgendamentosTable({ rows, loading, showPessoa = false, caption = 'Agendamentos' }: AgendamentosTableProps) {
  const concluir = useSubmit((row: AgendamentoRow) => cobrancaApi.concluirAgendamento(row.id), {
    confirm: (row) => ({ title: 'Concluir agendamento', text: `Marcar como realizado o agendamento de ${row.nome_razao}?`, confirmLabel: 'Sim, concluir agendamento' }),
    invalidate: [cobrancaKeys.agendamentos],
  });
  return (
    <DataTable<AgendamentoRow>
      caption={caption}
      rowKey={(r) => r.id}
      rows={rows}
      loading={loading}
      emptyText="Nenhum agendamento."
      columns={[
        { key: 'data', header: 'Data', kind: 'date', render: (r) => <DateText value={r.data} /> },
        { key: 'descricao', header: 'Descrição' },
        ...(showPessoa
          ? [
              { key: 'nome_razao', header: 'Pessoa', kind: 'name' as const },
              { key: 'cpf_cnpj', header: 'Cpf/Cnpj', kind: 'document' as const, render: (r: AgendamentoRow) => formatCpfCnpj(r.cpf_cnpj) },
            ]
          : []),
        { key: 'log', header: 'Log', render: (r) => logText(r.created_at, r.usuario) },
        { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
        {
          key: 'acao',
          header: 'Ação',
          kind: 'actions',
          render: (r) =>
            r.status === 'PENDENTE' ? (
              <Button size="compact-sm" variant="light" loading={concluir.busy} onClick={() => void concluir.run(r)} aria-label={`Concluir agendamento de ${r.nome_razao} em ${r.data}`}>
                Concluir
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
