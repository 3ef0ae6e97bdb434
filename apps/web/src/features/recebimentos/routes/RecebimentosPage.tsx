import { Button, Stack } from '@mantine/core';
import { formatCpfCnpj, formatProtocol } from '@bg/domain';
import { DateText, MoneyText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { withNewTab } from '../../../lib/new-tab';
import { useSubmit } from '../../../lib/use-submit';
import { recebimentoKeys, useRecebimentosList } from '../api/recebimento-queries';
import { comprovanteUrl, receber, type RecebimentoRow } from '../api/recebimentos';

/**
 * Recebimentos de Boletos Garantidos: the GARANTIDO boletos with their Valor Atualizado (2% multa
 * + 0.33% ao dia). Receber baixa the boleto and opens its public receipt.
 */
export function RecebimentosPage() {
  const list = useRecebimentosList();
  const onReceber = useSubmit(
    (row: RecebimentoRow) => withNewTab(() => receber(row.id), (res) => comprovanteUrl(res.data.comprovante_token)),
    {
      confirm: (row) => ({
        title: 'Receber boleto',
        text: `Confirmar o recebimento da parcela ${row.parcela} de ${row.nome_razao}? O boleto será baixado e esta ação não pode ser desfeita.`,
      }),
      invalidate: [recebimentoKeys.all],
    },
  );

  return (
    <Stack>
      <PageHeader title="Recebimentos de Boletos Garantidos" />
      <SearchBox placeholder="Pesquisar por nome ou CPF/CNPJ" {...list.searchProps} />
      <PagedTable<RecebimentoRow>
        caption="Recebimentos de Boletos Garantidos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        columns={[
          { key: 'garantia', header: 'Garantia', kind: 'document', render: (r) => formatProtocol(r.garantia_id, r.garantia_digito).replace('-', ' - ') },
          { key: 'nome_razao', header: 'Cliente', kind: 'name' },
          { key: 'cpf_cnpj', header: 'CPF/CNPJ', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (r) => <DateText value={r.vencimento} /> },
          { key: 'valor', header: 'Valor', align: 'right', kind: 'money', render: (r) => <MoneyText value={r.valor} /> },
          { key: 'valor_atualizado', header: 'Valor Atualizado', align: 'right', kind: 'money', render: (r) => <MoneyText value={r.valor_atualizado} /> },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
          {
            key: 'acao',
            header: 'Ação',
            align: 'right',
            kind: 'actions',
            render: (r) => (
              <Button size="compact-sm" onClick={() => void onReceber.run(r)} aria-label={`Receber parcela ${r.parcela} de ${r.nome_razao}`}>
                Receber
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
