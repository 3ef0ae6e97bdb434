import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatProtocol, fromCents } from '@bg/domain';
import { DataTable, DateText, dateText, MoneyText, StatusBadge } from '../../../components';
import type { BoletoPendente } from '../api/cobranca';
import { selectionValue } from './acordo-plan';
import { SpcAviso } from './SpcAviso';

export interface BoletosPendentesTableProps {
  boletos: readonly BoletoPendente[];
  hoje: string;
  selectedIds: number[];
  onSelect: (ids: number[]) => void;
  onIncluirSpc: (boleto: BoletoPendente) => void;
  spcBusy?: boolean;
  /** The person's id: the SPC posting refreshes their detail. */
  pessoaId: number;
}

/**
 * "Novo Acordo" pending boletos (spec §2): Empresa, Protocolo, Garantia, Vencimento, Dias de Atraso,
 * Valor, with a tick per boleto for the acordo, "Incluir no SPC" per overdue boleto, and the total
 * without interest and the updated value of the ticked ones.
 */
export function BoletosPendentesTable({ boletos, hoje, selectedIds, onSelect, onIncluirSpc, spcBusy, pessoaId }: BoletosPendentesTableProps) {
  const toggle = (id: number, on: boolean) => onSelect(on ? [...selectedIds, id].sort((a, b) => a - b) : selectedIds.filter((x) => x !== id));
  const totals = selectionValue(boletos, selectedIds, hoje);
  return (
    <Paper withBorder p="md" component="section" aria-label="Boletos pendentes">
      <Stack gap="sm">
        <Title order={5}>Boletos pendentes</Title>
        <DataTable<BoletoPendente>
          caption="Boletos pendentes"
          rowKey={(b) => b.id}
          rows={boletos}
          emptyText="Nenhum boleto pendente."
          columns={[
            {
              key: 'sel',
              header: 'Acordo',
              render: (b) => (
                <Checkbox
                  aria-label={`Incluir o boleto ${formatProtocol(b.id, b.digito)} no acordo`}
                  checked={selectedIds.includes(b.id)}
                  onChange={(e) => toggle(b.id, e.currentTarget.checked)}
                />
              ),
            },
            { key: 'empresa', header: 'Empresa', kind: 'name' },
            { key: 'protocolo', header: 'Protocolo', kind: 'document', render: (b) => formatProtocol(b.id, b.digito) },
            { key: 'garantia', header: 'Garantia', kind: 'document', render: (b) => `${formatProtocol(b.garantia_id, b.garantia_digito)}/${String(b.parcela).padStart(2, '0')}` },
            { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (b) => <DateText value={b.vencimento} /> },
            { key: 'dias_atraso', header: 'Dias de Atraso', align: 'right' },
            { key: 'valor', header: 'Valor', align: 'right', kind: 'money', render: (b) => <MoneyText value={b.valor} /> },
            { key: 'situacao', header: 'Situação', render: (b) => <StatusBadge status={b.situacao} /> },
            {
              key: 'spc',
              header: 'SPC',
              kind: 'actions',
              render: (b) =>
                b.spc?.status === 'ATIVA' ? (
                  <span title={`Incluído em ${dateText(b.spc.incluido_em)}, protocolo ${b.spc.protocolo ?? '—'}`}>
                    <StatusBadge status="NO SPC" color="red" />
                  </span>
                ) : b.spc?.status === 'AVISADA' ? (
                  // the notice is a registered letter (decision 116): its PDF, its posting, then the period
                  <SpcAviso spc={b.spc} pessoaId={pessoaId} />
                ) : (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    disabled={b.dias_atraso === 0 || spcBusy}
                    onClick={() => onIncluirSpc(b)}
                    aria-label={`Incluir no SPC o boleto ${formatProtocol(b.id, b.digito)}`}
                  >
                    Incluir no SPC
                  </Button>
                ),
            },
          ]}
        />
        <Group justify="flex-end" gap="xl">
          <Text size="sm">
            Total sem juros: <b aria-label="Total sem juros">{totals ? <MoneyText value={fromCents(totals.baseCents)} /> : '—'}</b>
          </Text>
          {totals && totals.previousPaymentsCents > 0 && (
            <Text size="sm">
              Pagamentos anteriores: <b aria-label="Pagamentos anteriores">−<MoneyText value={fromCents(totals.previousPaymentsCents)} /></b>
            </Text>
          )}
          <Text size="sm">
            Valor atualizado: <b aria-label="Valor atualizado dos boletos">{totals ? <MoneyText value={fromCents(totals.updatedCents)} /> : '—'}</b>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
