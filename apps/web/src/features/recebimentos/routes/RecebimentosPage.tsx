import { Badge, Button, Stack, Text } from '@mantine/core';
import { formatCpfCnpj, formatProtocol, seamConsequence, seamRefusal, SOMENTE_LEITURA_MSG, toCents } from '@bg/domain';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
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
  const admin = isAdmin(useCurrentUser());
  const onReceber = useSubmit(
    (row: RecebimentoRow) => withNewTab(() => receber(row.id), (res) => comprovanteUrl(res.data.comprovante_token)),
    {
      // an advanced boleto: the administrador reads what happens to the advance before confirming (decision 109)
      confirm: (row) => ({
        title: 'Receber boleto',
        text:
          seamConsequence('receber', row.antecipacao, toCents(row.valor)) ??
          `Confirmar o recebimento da parcela ${row.parcela} de ${row.nome_razao}? O boleto será baixado e esta ação não pode ser desfeita.`,
        confirmLabel: 'Sim, receber boleto',
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
            render: (r) => {
              // a franqueado reads its franchisees' boletos only (DOMAIN.md "Tenancy"; the server refuses too)
              if (!r.pode_alterar) {
                return (
                  <Text size="xs" c="dimmed" title={SOMENTE_LEITURA_MSG}>
                    Somente consulta
                  </Text>
                );
              }
              // inside an advance the shop does not receive it (the server refuses it too): say why instead
              const recusa = seamRefusal('receber', r.antecipacao, { admin });
              if (recusa) {
                return (
                  <Badge variant="light" color="violet" title={recusa}>
                    {r.antecipacao?.situacao === 'APROVADA' ? 'Antecipado' : 'Em antecipação'}
                  </Badge>
                );
              }
              return (
                <Button size="compact-sm" onClick={() => void onReceber.run(r)} aria-label={`Receber parcela ${r.parcela} de ${r.nome_razao}`}>
                  Receber
                </Button>
              );
            },
          },
        ]}
      />
    </Stack>
  );
}
