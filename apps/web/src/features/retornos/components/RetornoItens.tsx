import { Select, Stack } from '@mantine/core';
import { RETORNO_RESULTADOS } from '@bg/domain';
import { PagedTable } from '../../../components';
import { useRetornoItensList } from '../api/retorno-queries';
import type { RetornoItem } from '../api/retornos';
import { RESULTADO_LABEL } from './labels';
import { itemColumns } from './PreviaSummary';

/** The per-title results of an applied retorno, in file order, filtered by resultado. */
export function RetornoItens({ id }: { id: number }) {
  const list = useRetornoItensList(id);
  return (
    <Stack>
      <Select
        label="Resultado"
        w={240}
        data={[{ value: '', label: 'TODOS' }, ...RETORNO_RESULTADOS.map((r) => ({ value: r, label: RESULTADO_LABEL[r] }))]}
        value={list.filters.resultado}
        onChange={(v) => list.setFilters({ resultado: RETORNO_RESULTADOS.find((r) => r === v) ?? '' })}
        allowDeselect={false}
      />
      <PagedTable<RetornoItem> caption="Resultado por título" rowKey={(r) => r.linha} {...list.tableProps} columns={itemColumns} />
    </Stack>
  );
}
