import { useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALL_SITUACOES, formatCpfCnpj, formatProtocol, type Situacao } from '@bg/domain';
import { confirmAction, DateText, MoneyText, PagedTable, PageHeader, SearchBox, showResult, StatusBadge } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { boletoAction, comprovanteUrl, empresasForSelect, listBoletos, type BoletoAction, type BoletoRow } from '../api/boletos';
import { BoletoActions } from '../components/BoletoActions';
import { HistoricoTable } from '../components/HistoricoTable';
import { UpdateBoletoForm } from '../components/UpdateBoletoForm';

const CONFIRM: Record<BoletoAction, string> = {
  cancelar: 'Cancelar este boleto? Esta ação não pode ser desfeita.',
  quitar: 'Quitar este boleto (garantia honrada)? Esta ação não pode ser desfeita.',
  baixar: 'Baixar este boleto (recebido pela loja)? Esta ação não pode ser desfeita.',
  marcarQuitado: 'Marcar este boleto como quitado? Esta ação não pode ser desfeita.',
};

/** Financeiro > Boletos Garantidos (administrador). */
export function BoletosGarantidosPage() {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<{ situacao: Situacao | ''; empresa_id: string }>({ situacao: '', empresa_id: '' });
  const [filters, setFilters] = useState({ pesquisa: '', ...draft });
  const client = useQueryClient();
  const empresas = useQuery({ queryKey: ['empresas', 'select'], queryFn: empresasForSelect });
  const query = useQuery({
    queryKey: ['boletos', page, filters],
    queryFn: () => listBoletos({ page, ...filters }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['boletos'] });
  const apply = (pesquisa: string) => {
    setFilters({ pesquisa, ...draft });
    setPage(1);
  };

  async function act(action: BoletoAction, row: BoletoRow) {
    if (!(await confirmAction({ title: 'Confirmação', text: CONFIRM[action], confirmColor: action === 'cancelar' ? 'red' : undefined }))) return;
    // the receipt tab is opened during the click, before the request, so no popup blocker interferes
    const tab = action === 'baixar' ? window.open('', '_blank') : null;
    try {
      const res = await boletoAction(action, row.id);
      showResult(res);
      if (tab && 'comprovante_token' in res.data) tab.location.href = comprovanteUrl(res.data.comprovante_token);
    } catch (err) {
      tab?.close();
      showResult({ status: err instanceof ApiError ? err.status : 0, msg: errorMessage(err) });
    }
    refresh();
  }

  function update(row: BoletoRow) {
    const id = modals.open({
      title: 'Atualizar boleto',
      children: <UpdateBoletoForm row={row} onCancel={() => modals.close(id)} onDone={() => { modals.close(id); refresh(); }} />,
    });
  }

  function history(row: BoletoRow) {
    modals.open({ title: `Histórico do boleto ${formatProtocol(row.garantia_id, row.garantia_digito)} — parcela ${row.parcela}`, size: 'xl', children: <HistoricoTable id={row.id} /> });
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
      <SearchBox placeholder="Pesquisar por cliente, CPF/CNPJ ou garantia" loading={query.isFetching} onSearch={apply} />
      <PagedTable<BoletoRow>
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        columns={[
          { key: 'garantia', header: 'Garantia', render: (r) => `${formatProtocol(r.garantia_id, r.garantia_digito)} (${r.parcela})` },
          { key: 'fantasia', header: 'Loja' },
          { key: 'nome_razao', header: 'Cliente' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'vencimento', header: 'Vencimento', render: (r) => <DateText value={r.vencimento} /> },
          { key: 'valor', header: 'Valor', align: 'right', render: (r) => <MoneyText value={r.valor} /> },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          { key: 'acao', header: 'Ação', align: 'right', render: (r) => <BoletoActions row={r} onAction={act} onUpdate={update} onHistory={history} /> },
        ]}
      />
    </Stack>
  );
}
