import { Button, Group } from '@mantine/core';
import { canApply } from '@bg/domain';
import type { BoletoAction, BoletoRow } from '../api/boletos';

const LABELS: Record<BoletoAction, string> = { cancelar: 'Cancelar', quitar: 'Quitar', baixar: 'Baixar', marcarQuitado: 'Marcar como quitado' };

/** The row actions of Boletos Garantidos, shown only where the state machine allows them. */
export function BoletoActions({ row, onAction, onUpdate, onHistory }: {
  row: BoletoRow;
  onAction: (action: BoletoAction, row: BoletoRow) => void;
  onUpdate: (row: BoletoRow) => void;
  onHistory: (row: BoletoRow) => void;
}) {
  const from = row.situacao;
  const actions = (['cancelar', 'quitar', 'baixar', 'marcarQuitado'] as const).filter((a) => canApply(a, from));
  const updatable = canApply('cancelar', from);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
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
