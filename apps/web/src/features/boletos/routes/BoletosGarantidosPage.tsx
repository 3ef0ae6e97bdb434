import { useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ALL_SITUACOES, formatCpfCnpj, formatProtocol, seamConsequence, toCents, type SeamAction } from '@bg/domain';
import { BoletoBancoPanel, DateText, MoneyText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { withNewTab } from '../../../lib/new-tab';
import { useSubmit } from '../../../lib/use-submit';
import { boletoKeys, useBoletosList, type BoletoFilters } from '../api/boleto-queries';
import { boletoAction, comprovanteUrl, type BoletoAction, type BoletoRow } from '../api/boletos';
import { BoletoActions } from '../components/BoletoActions';
import { HistoricoTable } from '../components/HistoricoTable';
import { UpdateBoletoForm } from '../components/UpdateBoletoForm';

const SEAM: Record<BoletoAction, SeamAction> = { cancelar: 'cancelar', quitar: 'quitar', baixar: 'receber', marcarQuitado: 'quitar' };

// the confirm button names the action (issue 25: never a bare Confirmar beside a Cancelar that means "don't")
const CONFIRM_LABEL: Record<BoletoAction, string> = {
  cancelar: 'Sim, cancelar boleto',
  quitar: 'Sim, quitar boleto',
  baixar: 'Sim, baixar boleto',
  marcarQuitado: 'Sim, marcar como quitado',
};

const CONFIRM: Record<BoletoAction, string> = {
  cancelar: 'Cancelar este boleto? Esta ação não pode ser desfeita.',
  quitar: 'Quitar este boleto (garantia honrada)? Esta ação não pode ser desfeita.',
  baixar: 'Baixar este boleto (recebido pela loja)? Esta ação não pode ser desfeita.',
  marcarQuitado: 'Marcar este boleto como quitado? Esta ação não pode ser desfeita.',
};

/** Financeiro > Boletos Garantidos (administrador). */
export function BoletosGarantidosPage() {
  // the selects are a draft: Filtrar (or Enter in the search box) applies them with the text
  const [draft, setDraft] = useState<BoletoFilters>({ situacao: '', empresa_id: '' });
  const client = useQueryClient();
  const empresas = useQuery(empresasForSelectQuery());
  const list = useBoletosList(draft);
  const refresh = () => client.invalidateQueries({ queryKey: boletoKeys.all });
  const act = useSubmit(
    // baixar opens its receipt in a new tab once the boleto is baixado (no tab at all if it fails)
    (a: BoletoAction, row: BoletoRow) =>
      a === 'baixar' ? withNewTab(() => boletoAction(a, row.id), (res) => ('comprovante_token' in res.data ? comprovanteUrl(res.data.comprovante_token) : null)) : boletoAction(a, row.id),
    {
      // an advanced boleto's confirmation says what happens to the advance before it happens (decision 109)
      confirm: (a, row) => ({ title: 'Confirmação', text: seamConsequence(SEAM[a], row.antecipacao, toCents(row.valor)) ?? CONFIRM[a], confirmLabel: CONFIRM_LABEL[a], confirmColor: a === 'cancelar' ? 'red' : undefined }),
      invalidate: [boletoKeys.all],
    },
  );
  function update(row: BoletoRow) {
    const id = modals.open({
      title: 'Atualizar boleto',
      children: <UpdateBoletoForm row={row} onCancel={() => modals.close(id)} onDone={() => { modals.close(id); refresh(); }} />,
    });
  }

  function history(row: BoletoRow) {
    modals.open({
      title: `Histórico do boleto ${formatProtocol(row.garantia_id, row.garantia_digito)} — parcela ${row.parcela}`,
      size: 'xl',
      children: (
        <Stack>
          <HistoricoTable id={row.id} />
          {/* only when its conta works by the bank's API (issue 26); a payment found there changes the list */}
          <BoletoBancoPanel boletoId={row.id} admin invalidate={[boletoKeys.all, boletoKeys.detail(row.id)]} />
        </Stack>
      ),
    });
  }

  return (
    <Stack>
      <PageHeader title="Boletos Garantidos" />
      <Group align="flex-end">
        <Select
          label="Loja"
          w={240}
          data={[{ value: '', label: 'TODAS' }, ...(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))]}
          value={draft.empresa_id}
          onChange={(v) => setDraft((d) => ({ ...d, empresa_id: v ?? '' }))}
          allowDeselect={false}
          searchable
        />
        <Select
          label="Situação"
          w={260}
          data={[{ value: '', label: 'TODAS' }, ...ALL_SITUACOES.map((s) => ({ value: s, label: s }))]}
          value={draft.situacao}
          onChange={(v) => setDraft((d) => ({ ...d, situacao: ALL_SITUACOES.find((s) => s === v) ?? '' }))}
          allowDeselect={false}
        />
      </Group>
      <SearchBox placeholder="Pesquisar por cliente, CPF/CNPJ ou garantia" {...list.searchProps} onSearch={(text) => list.search(text, draft)} />
      <PagedTable<BoletoRow>
        caption="Boletos Garantidos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'garantia', header: 'Garantia', kind: 'document', render: (r) => `${formatProtocol(r.garantia_id, r.garantia_digito)} (${r.parcela})` },
          { key: 'fantasia', header: 'Loja', kind: 'name' },
          { key: 'nome_razao', header: 'Cliente', kind: 'name' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (r) => <DateText value={r.vencimento} /> },
          { key: 'valor', header: 'Valor', align: 'right', kind: 'money', render: (r) => <MoneyText value={r.valor} /> },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          {
            key: 'acao',
            header: 'Ação',
            align: 'right',
            kind: 'actions',
            render: (r) => <BoletoActions row={r} onAction={(a, row) => void act.run(a, row)} onUpdate={update} onHistory={history} />,
          },
        ]}
      />
    </Stack>
  );
}
