import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isIsoDate } from '@bg/domain';
import { DateField, DateText, MoneyText, PagedTable, showError } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { download } from '../../../lib/download';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { repassesCsvUrl } from '../api/financeiro';
import { useRepassesList } from '../api/financeiro-queries';

/** The repasses registered, newest first, by shop and period, with their CSV. */
export function RepassesSection() {
  const list = useRepassesList();
  const empresas = useQuery(empresasForSelectQuery());
  const f = list.filters;
  const exportar = () => void repassesCsvUrl(f).then((url) => download(url, 'repasses.csv')).catch((err) => showError(errorMessage(err)));
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={4}>Repasses registrados</Title>
        <Button variant="light" onClick={exportar}>
          Exportar CSV
        </Button>
      </Group>
      <Group align="flex-end">
        <Select
          label="Loja"
          placeholder="Todas"
          w={280}
          data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
          value={f.empresaId === null ? null : String(f.empresaId)}
          onChange={(v) => list.setFilters({ empresaId: v ? Number(v) : null })}
          searchable
          clearable
        />
        <DateField label="De" w={160} value={f.de} onChange={(v) => (v === '' || isIsoDate(v)) && list.setFilters({ de: v })} />
        <DateField label="Até" w={160} value={f.ate} onChange={(v) => (v === '' || isIsoDate(v)) && list.setFilters({ ate: v })} />
      </Group>
      <PagedTable
        {...list.tableProps}
        caption="Repasses registrados"
        rowKey={(r) => r.id}
        emptyText="Nenhum repasse registrado."
        columns={[
          { key: 'id', header: 'Nº' },
          { key: 'data', header: 'Data', kind: 'date', render: (r) => <DateText value={r.data} /> },
          { key: 'fantasia', header: 'Loja', kind: 'name' },
          { key: 'valor', header: 'Valor', kind: 'money', align: 'right', render: (r) => <MoneyText value={r.valor} /> },
          { key: 'compensado', header: 'Compensado', kind: 'money', align: 'right', render: (r) => (r.compensado > 0 ? <MoneyText value={r.compensado} /> : '') },
          { key: 'referencia', header: 'Referência bancária', render: (r) => r.referencia ?? '' },
          { key: 'usuario', header: 'Registrado por', kind: 'name' },
        ]}
      />
    </Stack>
  );
}
