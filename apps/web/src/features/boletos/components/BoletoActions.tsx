import { Badge, Button, Group, Menu } from '@mantine/core';
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
      {/* one compact menu instead of up to six buttons, so the list fits a 1280 px screen with
          Situação whole (issue 25) */}
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <Button size="compact-xs" variant="light" rightSection="▾" aria-label={`Ações do boleto ${row.id}`}>
            Ações
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((a) => (
            <Menu.Item key={a} color={a === 'cancelar' ? 'red' : undefined} onClick={() => onAction(a, row)}>
              {LABELS[a]}
            </Menu.Item>
          ))}
          {updatable && <Menu.Item onClick={() => onUpdate(row)}>Atualizar</Menu.Item>}
          <Menu.Item onClick={() => onHistory(row)}>Histórico</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
