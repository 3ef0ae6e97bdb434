import { Anchor, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { garantiaContracts } from '@bg/domain';
import { call } from '../lib/api-contract';
import { errorMessage } from '../lib/api-client';
import { DataTable } from './DataTable';
import { DateText } from './DateText';

/**
 * The duplicatas already uploaded for a guarantee (GET /api/garantia/getDuplicatas/{id}). Their
 * links expire (FILE_LINK_TTL, 10 minutes by default), so the list is read again every 5 minutes
 * while shown. The screen that uploads invalidates `duplicatasKey(id)` after an upload.
 */
export const duplicatasKey = (garantiaId: number) => ['garantia', garantiaId, 'duplicatas'] as const;
export const duplicatasQuery = (garantiaId: number) =>
  queryOptions({
    queryKey: duplicatasKey(garantiaId),
    queryFn: async () => (await call(garantiaContracts.getDuplicatas, { params: { id: garantiaId } })).data,
    refetchInterval: 5 * 60_000,
  });

type Duplicata = Awaited<ReturnType<NonNullable<ReturnType<typeof duplicatasQuery>['queryFn']>>>[number];

/** Boletos da Garantia: name, when and by whom each duplicata was sent, and a link to view it. */
export function DuplicatasEnviadas({ garantiaId }: { garantiaId: number }) {
  const query = useQuery(duplicatasQuery(garantiaId));
  if (query.isPending) return null;
  if (query.isError) return <Text size="sm" c="red">{errorMessage(query.error, 'Não foi possível listar as duplicatas enviadas.')}</Text>;
  if (query.data.length === 0) return <Text size="sm" c="dimmed">Nenhuma duplicata enviada.</Text>;
  return (
    <DataTable<Duplicata>
      caption="Duplicatas enviadas"
      rowKey={(d) => d.id}
      rows={query.data}
      columns={[
        { key: 'nome', header: 'Arquivo', kind: 'name' },
        { key: 'enviado_em', header: 'Enviado em', kind: 'date', render: (d) => <DateText value={d.enviado_em} withTime /> },
        { key: 'enviado_por', header: 'Enviado por', kind: 'name', render: (d) => d.enviado_por ?? '—' },
        {
          key: 'ver',
          header: 'Ação',
          kind: 'actions',
          render: (d) => (
            <Anchor href={d.url} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`Visualizar ${d.nome}`}>
              Visualizar
            </Anchor>
          ),
        },
      ]}
    />
  );
}
