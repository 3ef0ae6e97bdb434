import { Badge, Button, Group } from '@mantine/core';
import { canApply, seamRefusal, type SeamAction } from '@bg/domain';
import type { BoletoAction, BoletoRow } from '../api/boletos';

const LABELS: Record<BoletoAction, string> = { cancelar: 'Cancelar', quitar: 'Quitar', baixar: 'Baixar', marcarQuitado: 'Marcar como quitado' };
const SEAM: Record<BoletoAction, SeamAction> = { cancelar: 'cancelar', quitar: 'quitar', baixar: 'receber', marcarQuitado: 'quitar' };

/**
 * The row actions of Boletos Garantidos (administrador), shown only where the state machine and the
 * seams with advances allow them (decision 109: nothing while an advance is in analysis).
 */
export function BoletoActions({ row, onAction, onUpdate, onHistory }: {
  row: BoletoRow;
  onAction: (action: BoletoAction, row: BoletoRow) => void;
  onUpdate: (row: BoletoRow) => void;
  onHistory: (row: BoletoRow) => void;
}) {
  const from = row.situacao;
  const hold = row.antecipacao;
  const actions = (['cancelar', 'quitar', 'baixar', 'marcarQuitado'] as const).filter((a) => canApply(a, from) && !seamRefusal(SEAM[a], hold, { admin: true }));
  const updatable = canApply('cancelar', from) && !seamRefusal('atualizar', hold, { admin: true });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {hold && (
        <Badge size="sm" variant="light" color={hold.situacao === 'APROVADA' ? 'violet' : 'yellow'} title={`Antecipação nº ${hold.id} ${hold.situacao}`}>
          {hold.situacao === 'APROVADA' ? `Antecipado nº ${hold.id}` : `Em antecipação nº ${hold.id}`}
        </Badge>
      )}
      {actions.map((a) => (
        <Button key={a} size="compact-xs" variant="light" color={a === 'cancelar' ? 'red' : undefined} onClick={() => onAction(a, row)}>
          {LABELS[a]}
        </Button>
      ))}
      {updatable && (
        <Button size="compact-xs" variant="light" color="gray" onClick={() => onUpdate(row)}>
          Atualizar
        </Button>
      )}
      <Button size="compact-xs" variant="subtle" onClick={() => onHistory(row)}>
        Histórico
      </Button>
    </Group>
  );
}
