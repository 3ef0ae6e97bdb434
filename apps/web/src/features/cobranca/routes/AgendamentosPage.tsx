import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCpfCnpj, todayInSaoPaulo } from '@bg/domain';
import { DateText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { cobrancaApi, type AgendamentoFilters, type AgendamentoRow } from '../api/cobranca';
import { cobrancaKeys, operadoresQuery, useAgendamentosList } from '../api/cobranca-queries';
import { AgendamentosDaPessoa } from '../components/AgendamentosDaPessoa';
import { logText } from '../components/log-text';
import { MesField } from '../components/MesField';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'PENDENTE', label: 'PENDENTE' },
  { value: 'REALIZADO', label: 'REALIZADO' },
];

/**
 * Agendamentos (spec §2): filters month (required), operator, status and name or document; columns
 * Data, Descrição, Pessoa, Cpf/Cnpj, Log, Status; mark done; the person's schedules in a modal.
 */
export function AgendamentosPage() {
  const list = useAgendamentosList({ mes: todayInSaoPaulo().slice(0, 7), usuario_id: '', status: '' });
  const operadores = useQuery({ ...operadoresQuery(), staleTime: 60_000 });
  const [pessoa, setPessoa] = useState<{ id: number; nome: string } | null>(null);
  const concluir = useSubmit((row: AgendamentoRow) => cobrancaApi.concluirAgendamento(row.id), {
    confirm: (row) => ({ title: 'Concluir agendamento', text: `Marcar como realizado o agendamento de ${row.nome_razao}?`, confirmLabel: 'Sim, concluir agendamento' }),
    invalidate: [cobrancaKeys.agendamentos],
  });

  return (
    <Stack>
      <PageHeader title="Agendamentos" />
      <Group align="flex-end" wrap="wrap">
        <MesField
          label="Mês"
          required
          w={150}
          clearable={false}
          value={list.filters.mes}
          onChange={(mes) => mes && list.setFilters({ mes })}
        />
        <Select
          label="Operador"
          w={240}
          data={[{ value: '', label: 'Todos' }, ...(operadores.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))]}
          value={list.filters.usuario_id}
          allowDeselect={false}
          onChange={(v) => list.setFilters({ usuario_id: v ?? '' })}
        />
        <Select
          label="Status"
          w={160}
          data={STATUS_OPTIONS}
          value={list.filters.status}
          allowDeselect={false}
          onChange={(v) => list.setFilters({ status: (v ?? '') as AgendamentoFilters['status'] })}
        />
        <div style={{ flex: 1, minWidth: 260 }}>
          <SearchBox placeholder="Pesquisar por nome ou CPF/CNPJ" {...list.searchProps} />
        </div>
      </Group>
      <PagedTable<AgendamentoRow>
        caption="Agendamentos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'data', header: 'Data', kind: 'date', render: (r) => <DateText value={r.data} /> },
          { key: 'descricao', header: 'Descrição' },
          { key: 'nome_razao', header: 'Pessoa', kind: 'name' },
          { key: 'cpf_cnpj', header: 'Cpf/Cnpj', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'log', header: 'Log', render: (r) => logText(r.created_at, r.usuario) },
          { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
          {
            key: 'acao',
            header: 'Ação',
            align: 'right',
            kind: 'actions',
            render: (r) => (
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {r.status === 'PENDENTE' && (
                  <Button size="compact-sm" variant="light" color="green" onClick={() => void concluir.run(r)} aria-label={`Concluir agendamento de ${r.nome_razao}`}>
                    Concluir
                  </Button>
                )}
                <Button size="compact-sm" variant="light" onClick={() => setPessoa({ id: r.pessoa_id, nome: r.nome_razao })} aria-label={`Agendamentos de ${r.nome_razao}`}>
                  Agendamentos
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={pessoa !== null} onClose={() => setPessoa(null)} title={`Agendamentos de ${pessoa?.nome ?? ''}`} size="xl">
        {pessoa && <AgendamentosDaPessoa pessoaId={pessoa.id} />}
      </Modal>
    </Stack>
  );
}
