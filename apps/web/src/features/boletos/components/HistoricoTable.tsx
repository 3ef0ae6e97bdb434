import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, DateText } from '../../../components';
import { boletoQuery } from '../api/boleto-queries';
import type { HistoricoRow } from '../api/boletos';

/** The boleto's history: who, when, from, to, why. */
export function HistoricoTable({ id }: { id: number }) {
  const query = useQuery(boletoQuery(id));
  if (!query.data) return <Loader size="sm" />;
  return (
    <DataTable<HistoricoRow>
      rowKey={(h) => h.id}
      rows={query.data.historico}
      caption="Histórico do boleto"
      columns={[
        { key: 'created_at', header: 'Data', render: (h) => <DateText value={h.created_at} withTime /> },
        { key: 'de', header: 'De', render: (h) => h.de ?? '—' },
        { key: 'para', header: 'Para' },
        { key: 'motivo', header: 'Motivo', render: (h) => h.motivo ?? '—' },
        { key: 'usuario', header: 'Usuário', render: (h) => h.usuario ?? 'Sistema' },
      ]}
    />
  );
}
