import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatCpfCnpj, GARANTIA_FILTRO_SITUACOES } from '@bg/domain';
import { DateText, PagedTable, PageHeader, SearchBox } from '../../../components';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useGarantiasList } from '../api/garantia-queries';
import type { GarantiaRow } from '../api/garantias-api';
import { AdminGarantiaStatus } from '../components/AdminGarantiaStatus';

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
  const lojas = useQuery({ ...empresasForSelectQuery(), staleTime: 60_000 });
  const list = useGarantiasList({ situacao: 'TODAS', empresa_id: '', possui_duplicata: '' });

  return (
    <Stack>
      <PageHeader title="Garantias" />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Loja"
          w={240}
          searchable
          data={[{ value: '', label: 'TODAS' }, ...(lojas.data ?? []).map((l) => ({ value: String(l.value), label: l.label }))]}
          value={list.filters.empresa_id}
          onChange={(v) => list.setFilters({ empresa_id: v ?? '' })}
          allowDeselect={false}
        />
        <Select label="Situação" w={200} data={[...GARANTIA_FILTRO_SITUACOES]} value={list.filters.situacao} onChange={(v) => list.setFilters({ situacao: situacaoOf(v) })} allowDeselect={false} />
        <Select label="Duplicatas" w={240} data={[...DUPLICATAS]} value={list.filters.possui_duplicata} onChange={(v) => list.setFilters({ possui_duplicata: duplicataOf(v) })} allowDeselect={false} />
        <div style={{ flex: 1, minWidth: 280 }}>
          <SearchBox placeholder="Pesquisar por nome ou CPF/CNPJ" {...list.searchProps} />
        </div>
      </Group>
      <PagedTable<GarantiaRow>
        caption="Garantias"
        rowKey={(r) => r.id}
        {...list.tableProps}
        onRowClick={(r) => navigate(`/operacao/garantias/detalhe/${r.id}`)}
        columns={[
          { key: 'protocolo', header: 'Protocolo', kind: 'document' },
          { key: 'data', header: 'Data', kind: 'date', render: (r) => <DateText value={r.data} withTime /> },
          { key: 'loja', header: 'Loja', kind: 'name' },
          { key: 'pessoa', header: 'Pessoa', kind: 'name' },
          { key: 'cpf_cnpj', header: 'Cpf/Cnpj', kind: 'document', render: (r) => formatCpfCnpj(r.cpf_cnpj) },
          { key: 'qtd_titulo', header: 'Qtd.', align: 'center' },
          { key: 'status', header: 'Situação', render: (r) => <AdminGarantiaStatus status={r.status} liberaBoleto={r.libera_boleto} /> },
          { key: 'possui_duplicata', header: 'Possui Duplicata?', align: 'center', render: (r) => (r.possui_duplicata === 'S' ? 'SIM' : 'NÃO') },
        ]}
      />
    </Stack>
  );
}
