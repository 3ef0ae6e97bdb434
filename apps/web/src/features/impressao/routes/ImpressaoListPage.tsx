import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatProtocol } from '@bg/domain';
import { DateText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import type { GarantiaImpressao } from '../api/impressao';
import { useImpressaoList } from '../api/impressao-queries';

/** Impressão de Boletos: the user's own guarantees (administrador: all), a row opens its boletos. */
export function ImpressaoListPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const list = useImpressaoList();
  return (
    <Stack>
      <PageHeader title="Impressão de Boletos" />
      <SearchBox placeholder="Pesquisar por nome, CPF/CNPJ ou protocolo" {...list.searchProps} />
      <PagedTable<GarantiaImpressao>
        caption="Impressão de Boletos"
        rowKey={(r) => r.id}
        {...list.tableProps}
        onRowClick={(r) => navigate(`/operacao/garantias/impressao/detalhe/${r.id}`)}
        columns={[
          { key: 'protocolo', header: 'Protocolo', kind: 'document', render: (r) => formatProtocol(r.id, r.digito) },
          { key: 'data', header: 'Data', kind: 'date', render: (r) => <DateText value={r.data} /> },
          ...(isAdmin(user) ? [{ key: 'fantasia', header: 'Loja', kind: 'name' as const }] : []),
          { key: 'nome_razao', header: 'Pessoa', kind: 'name' },
          { key: 'cpf_cnpj', header: 'Cpf/Cnpj', kind: 'document', render: (r: GarantiaImpressao) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'qtd_titulo', header: 'Quant.', align: 'center' as const },
          { key: 'situacao', header: 'Situação', render: (r: GarantiaImpressao) => <StatusBadge status={r.situacao} /> },
        ]}
      />
    </Stack>
  );
}
