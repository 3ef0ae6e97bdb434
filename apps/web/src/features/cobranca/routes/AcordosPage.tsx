import { useState } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { formatCpfCnpj, todayInSaoPaulo } from '@bg/domain';
import { DateText, MoneyText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { acordoVigente, cobrancaApi, type AcordoFilters, type AcordoParcelaRow } from '../api/cobranca';
import { cobrancaKeys, useAcordosList } from '../api/cobranca-queries';
import { AcordoDetailsModal } from '../components/AcordoDetailsModal';
import { MesField } from '../components/MesField';

const SITUACOES = [
  { value: '', label: 'Todas' },
  { value: 'Em Aberto', label: 'Em Aberto' },
  { value: 'Paga', label: 'Paga' },
  { value: 'Cancelada', label: 'Cancelada' },
];

/**
 * Acordos (spec §2): instalments of the month (vencimento), search; Vencimento, Pessoa, Cpf/Cnpj,
 * Parcela n/total, Valor, Situação, Ação — settle the instalment, and the acordo's details modal.
 */
export function AcordosPage() {
  const list = useAcordosList({ mes: todayInSaoPaulo().slice(0, 7), situacao: '' });
  const [acordoId, setAcordoId] = useState<number | null>(null);
  const baixar = useSubmit((row: AcordoParcelaRow) => cobrancaApi.baixarParcela(row.id), {
    confirm: (row) => ({
      title: 'Baixar parcela',
      text: `Confirma o pagamento da parcela ${row.parcela}/${row.numero_parcelas} de ${row.nome_razao}? Esta ação não pode ser desfeita.`,
      confirmLabel: 'Sim, baixar parcela',
    }),
    invalidate: [cobrancaKeys.acordos],
  });

  return (
    <Stack>
      <PageHeader title="Acordos" />
      <Group align="flex-end" wrap="wrap">
        <MesField label="Mês" w={150} clearable value={list.filters.mes} onChange={(mes) => list.setFilters({ mes })} />
        <Select
          label="Situação"
          w={160}
          data={SITUACOES}
          value={list.filters.situacao}
          allowDeselect={false}
          onChange={(v) => list.setFilters({ situacao: (v ?? '') as AcordoFilters['situacao'] })}
        />
        <div style={{ flex: 1, minWidth: 260 }}>
          <SearchBox placeholder="Pesquisar por nome, CPF/CNPJ ou nº do acordo" {...list.searchProps} />
        </div>
      </Group>
      <PagedTable<AcordoParcelaRow>
        caption="Acordos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (r) => <DateText value={r.vencimento} /> },
          { key: 'nome_razao', header: 'Pessoa', kind: 'name' },
          { key: 'cpf_cnpj', header: 'Cpf/Cnpj', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'parcela', header: 'Parcela', render: (r) => `${r.parcela}/${r.numero_parcelas}` },
          { key: 'valor', header: 'Valor', align: 'right', kind: 'money', render: (r) => <MoneyText value={r.valor} /> },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          {
            key: 'acao',
            header: 'Ação',
            align: 'right',
            kind: 'actions',
            render: (r) => (
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {r.situacao === 'Em Aberto' && acordoVigente(r.acordo_status) && (
                  <Button size="compact-sm" color="green" variant="light" onClick={() => void baixar.run(r)} aria-label={`Baixar parcela ${r.parcela}/${r.numero_parcelas} de ${r.nome_razao}`}>
                    Baixar
                  </Button>
                )}
                <Button size="compact-sm" variant="light" onClick={() => setAcordoId(r.acordo_id)} aria-label={`Detalhes do acordo ${r.acordo_id} de ${r.nome_razao}`}>
                  Detalhes
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <AcordoDetailsModal acordoId={acordoId} onClose={() => setAcordoId(null)} />
    </Stack>
  );
}
