import { Paper, Title } from '@mantine/core';
import { formatPhone } from '@bg/domain';
import { DataTable, DateText, StatusBadge } from '../../../components';
import type { AssinaturaEnvio } from '../api/assinatura-envio';

/** Where each signing link of the guarantee stands: sent, opened, signed, expired or replaced. */
export function AssinaturasEnviadas({ rows }: { rows: AssinaturaEnvio[] }) {
  if (!rows.length) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Envios para assinatura">
      <Title order={5} mb="sm">
        Envios para assinatura
      </Title>
      <DataTable<AssinaturaEnvio>
        caption="Envios para assinatura"
        rowKey={(r) => r.id}
        rows={rows}
        columns={[
          { key: 'created_at', header: 'Enviado em', kind: 'date', render: (r) => <DateText value={r.created_at} withTime /> },
          { key: 'telefone', header: 'WhatsApp', kind: 'document', render: (r) => formatPhone(r.telefone) },
          { key: 'email', header: 'E-mail', kind: 'name' },
          { key: 'opened_at', header: 'Aberto em', kind: 'date', render: (r) => (r.opened_at ? <DateText value={r.opened_at} withTime /> : '—') },
          { key: 'signed_at', header: 'Assinado em', kind: 'date', render: (r) => (r.signed_at ? <DateText value={r.signed_at} withTime /> : '—') },
          { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
        ]}
      />
    </Paper>
  );
}
