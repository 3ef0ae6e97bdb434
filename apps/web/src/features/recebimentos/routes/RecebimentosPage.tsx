import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCpfCnpj, formatProtocol } from '@bg/domain';
import { confirmAction, DateText, MoneyText, PagedTable, PageHeader, SearchBox, showResult, StatusBadge } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { comprovanteUrl, listRecebimentos, receber, type RecebimentoRow } from '../api/recebimentos';

/**
 * Recebimentos de Boletos Garantidos: the GARANTIDO boletos with their Valor Atualizado (2% multa
 * + 0.33% ao dia). Receber baixa the boleto and opens its public receipt.
 */
export function RecebimentosPage() {
  const [page, setPage] = useState(1);
  const [pesquisa, setPesquisa] = useState('');
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['recebimentos', page, pesquisa], queryFn: () => listRecebimentos(page, pesquisa), placeholderData: keepPreviousData });

  async function onReceber(row: RecebimentoRow) {
    const ok = await confirmAction({
      title: 'Receber boleto',
      text: `Confirmar o recebimento da parcela ${row.parcela} de ${row.nome_razao}? O boleto será baixado e esta ação não pode ser desfeita.`,
    });
    if (!ok) return;
    const tab = window.open('', '_blank');
    try {
      const res = await receber(row.id);
      showResult(res);
      if (tab) tab.location.href = comprovanteUrl(res.data.comprovante_token);
    } catch (err) {
      tab?.close();
      showResult({ status: err instanceof ApiError ? err.status : 0, msg: errorMessage(err) });
    }
    client.invalidateQueries({ queryKey: ['recebimentos'] });
  }

  return (
    <Stack>
      <PageHeader title="Recebimentos de Boletos Garantidos" />
      <SearchBox placeholder="Pesquisar por nome ou CPF/CNPJ" loading={query.isFetching} onSearch={(t) => { setPesquisa(t); setPage(1); }} />
      <PagedTable<RecebimentoRow>
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        columns={[
          { key: 'garantia', header: 'Garantia', render: (r) => formatProtocol(r.garantia_id, r.garantia_digito).replace('-', ' - ') },
          { key: 'nome_razao', header: 'Cliente' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'vencimento', header: 'Vencimento', render: (r) => <DateText value={r.vencimento} /> },
          { key: 'valor', header: 'Valor', align: 'right', render: (r) => <MoneyText value={r.valor} /> },
          { key: 'valor_atualizado', header: 'Valor Atualizado', align: 'right', render: (r) => <MoneyText value={r.valor_atualizado} /> },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          {
            key: 'acao',
            header: 'Ação',
            align: 'right',
            render: (r) => (
              <Button size="compact-sm" onClick={() => onReceber(r)} aria-label={`Receber parcela ${r.parcela} de ${r.nome_razao}`}>
                Receber
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
