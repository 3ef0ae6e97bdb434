import { useState } from 'react';
import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, formatProtocol } from '@bg/domain';
import { DateText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { listGarantiasImpressao, type GarantiaImpressao } from '../api/impressao';

/** Impressão de Boletos: the user's own guarantees (administrador: all), a row opens its boletos. */
export function ImpressaoListPage() {
  const [page, setPage] = useState(1);
  const [pesquisa, setPesquisa] = useState('');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const query = useQuery({
    queryKey: ['impressao', page, pesquisa],
    queryFn: () => listGarantiasImpressao(page, pesquisa),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <PageHeader title="Impressão de Boletos" />
      <SearchBox placeholder="Pesquisar por nome, CPF/CNPJ ou protocolo" loading={query.isFetching} onSearch={(t) => { setPesquisa(t); setPage(1); }} />
      <PagedTable<GarantiaImpressao>
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={setPage}
        onRowClick={(r) => navigate(`/operacao/garantias/impressao/detalhe/${r.id}`)}
        columns={[
          { key: 'protocolo', header: 'Protocolo', render: (r) => formatProtocol(r.id, r.digito) },
          { key: 'data', header: 'Data', render: (r) => <DateText value={r.data} /> },
          ...(user && isAdmin(user) ? [{ key: 'fantasia', header: 'Loja' }] : []),
          { key: 'nome_razao', header: 'Pessoa' },
          { key: 'cpf_cnpj', header: 'Cpf/Cnpj', render: (r: GarantiaImpressao) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'qtd_titulo', header: 'Quant.', align: 'center' as const },
          { key: 'situacao', header: 'Situação', render: (r: GarantiaImpressao) => <StatusBadge status={r.situacao} /> },
        ]}
      />
    </Stack>
  );
}
