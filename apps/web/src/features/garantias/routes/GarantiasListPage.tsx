import { useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, GARANTIA_FILTRO_SITUACOES } from '@bg/domain';
import { DateText, PagedTable, PageHeader, SearchBox, StatusBadge } from '../../../components';
import { garantiasApi, type GarantiaRow, type ListFilters } from '../api/garantias-api';

const DUPLICATAS = [
  { value: '', label: 'Com e sem duplicatas' },
  { value: 'N', label: 'Somente sem duplicatas' },
  { value: 'S', label: 'Somente com duplicatas' },
] as const;
const situacaoOf = (v: string | null) => GARANTIA_FILTRO_SITUACOES.find((s) => s === v) ?? 'TODAS';
const duplicataOf = (v: string | null) => DUPLICATAS.find((d) => d.value === v)?.value ?? '';

/** Garantias (administrador): filters Loja, Situação, Duplicatas and search; a row opens the analysis. */
export function GarantiasListPage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ListFilters>({ page: 1, pesquisa: '', situacao: 'TODAS', empresa_id: '', possui_duplicata: '' });
  const set = (patch: Partial<ListFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const lojas = useQuery({ queryKey: ['empresas', 'select'], queryFn: garantiasApi.empresas, staleTime: 60_000 });
  const query = useQuery({ queryKey: ['garantias', filters], queryFn: () => garantiasApi.list(filters), placeholderData: keepPreviousData });

  return (
    <Stack>
      <PageHeader title="Garantias" />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Loja"
          w={240}
          searchable
          data={[{ value: '', label: 'TODAS' }, ...(lojas.data ?? []).map((l) => ({ value: String(l.value), label: l.label }))]}
          value={filters.empresa_id}
          onChange={(v) => set({ empresa_id: v ?? '' })}
          allowDeselect={false}
        />
        <Select label="Situação" w={200} data={[...GARANTIA_FILTRO_SITUACOES]} value={filters.situacao} onChange={(v) => set({ situacao: situacaoOf(v) })} allowDeselect={false} />
        <Select label="Duplicatas" w={240} data={[...DUPLICATAS]} value={filters.possui_duplicata} onChange={(v) => set({ possui_duplicata: duplicataOf(v) })} allowDeselect={false} />
        <div style={{ flex: 1, minWidth: 280 }}>
          <SearchBox placeholder="Pesquisar por nome ou CPF/CNPJ" onSearch={(pesquisa) => set({ pesquisa })} loading={query.isFetching} />
        </div>
      </Group>
      <PagedTable<GarantiaRow>
        caption="Garantias"
        rowKey={(r) => r.id}
        loading={query.isFetching}
        result={query.data}
        onPage={(page) => setFilters((f) => ({ ...f, page }))}
        onRowClick={(r) => navigate(`/operacao/garantias/detalhe/${r.id}`)}
        columns={[
          { key: 'protocolo', header: 'Protocolo' },
          { key: 'data', header: 'Data', render: (r) => <DateText value={r.data} withTime /> },
          { key: 'loja', header: 'Loja' },
          { key: 'pessoa', header: 'Pessoa' },
          { key: 'cpf_cnpj', header: 'Cpf/Cnpj', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'qtd_titulo', header: 'Qtd.', align: 'center' },
          { key: 'status', header: 'Situação', render: (r) => <StatusBadge status={r.status} /> },
          { key: 'possui_duplicata', header: 'Possui Duplicata?', align: 'center', render: (r) => (r.possui_duplicata === 'S' ? 'SIM' : 'NÃO') },
        ]}
      />
    </Stack>
  );
}
