import { useState } from 'react';
import { Select, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RETORNO_RESULTADOS, type RetornoResultado } from '@bg/domain';
import { PagedTable } from '../../../components';
import { listItens, type RetornoItem } from '../api/retornos';
import { RESULTADO_LABEL } from './labels';
import { itemColumns } from './PreviaSummary';

/** The per-title results of an applied retorno, in file order, filtered by resultado. */
export function RetornoItens({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const [resultado, setResultado] = useState<RetornoResultado | ''>('');
  const query = useQuery({ queryKey: ['retorno-itens', id, page, resultado], queryFn: () => listItens(id, page, resultado), placeholderData: keepPreviousData });
  return (
    <Stack>
      <Select
        label="Resultado"
        w={240}
        data={[{ value: '', label: 'TODOS' }, ...RETORNO_RESULTADOS.map((r) => ({ value: r, label: RESULTADO_LABEL[r] }))]}
        value={resultado}
        onChange={(v) => {
          setResultado(RETORNO_RESULTADOS.find((r) => r === v) ?? '');
          setPage(1);
        }}
        allowDeselect={false}
      />
      <PagedTable<RetornoItem> caption="Resultado por título" rowKey={(r) => r.linha} result={query.data} loading={query.isFetching} onPage={setPage} columns={itemColumns} />
    </Stack>
  );
}
