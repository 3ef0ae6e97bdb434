import { Badge, type BadgeProps } from '@mantine/core';

/**
 * Colour per status text as the API spells it (spec §4). Keys are upper-case; lookups upper-case
 * the status so mixed-case values such as "Em Aberto" or "Aguardando Ativação" match too.
 */
const STATUS_COLORS: Record<string, string> = {
  // guarantees
  PENDENTE: 'yellow',
  APROVADO: 'green',
  'PRÉ APROVADO': 'teal',
  CANCELADO: 'gray',
  'NÃO AUTORIZADO': 'red',
  // companies, people, users
  ATIVA: 'green',
  ATIVO: 'green',
  BLOQUEADA: 'red',
  BLOQUEADO: 'red',
  INATIVA: 'gray',
  INATIVO: 'gray',
  // boletos
  'DISPONÍVEL PARA PAGAMENTO': 'cyan',
  'ENVIADO PARA REGISTRO': 'indigo',
  GARANTIDO: 'blue',
  'ENVIADO PARA BAIXA': 'orange',
  'ENVIADO PARA CANCELAMENTO': 'orange',
  'ENVIADO PARA REMOÇÃO': 'orange',
  BAIXADO: 'violet',
  'BAIXADO (CANCELADO)': 'gray',
  'BAIXADO (REMOVIDO)': 'grape',
  LIQUIDADO: 'green',
  QUITADO: 'green',
  'CANCELADO SR': 'gray',
  // advances, settlements, schedules
  'EM ANÁLISE': 'yellow',
  APROVADA: 'green',
  NEGADA: 'red',
  'AGUARDANDO ATIVAÇÃO': 'yellow',
  'EM ABERTO': 'yellow',
  PAGO: 'green',
  PAGA: 'green',
  REALIZADO: 'green',
};

export function statusColor(status: string | null | undefined): string {
  return STATUS_COLORS[(status ?? '').trim().toUpperCase()] ?? 'gray';
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  status: string | null | undefined;
  /** Overrides the colour map, e.g. for a status this map does not know yet. */
  color?: string;
}

/**
 * Spec §4: "The class of the status label equals the status", so className is the status text
 * itself (styles and e2e tests select on it). data-status carries it whole as well, because a
 * status with spaces ("NÃO AUTORIZADO") becomes several CSS classes.
 */
/** Badge styles that never cut the text: it wraps at its spaces when the column is narrow. */
export const WHOLE_BADGE = {
  root: { overflow: 'visible', flexShrink: 0, height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 },
  label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
} as const;

export function StatusBadge({ status, color, className, ...others }: StatusBadgeProps) {
  const text = status ?? '';
  return (
    <Badge
      variant="light"
      radius="sm"
      // a status must always read in full: never truncated to fit a narrow column; when the list
      // is short of room at 1280 px it wraps inside the badge instead ("ENVIADO PARA / REGISTRO"),
      // so the columns beside it stay whole too (issue 25)
      styles={WHOLE_BADGE}
      {...others}
      color={color ?? statusColor(text)}
      className={[text, className].filter(Boolean).join(' ') || undefined}
      data-status={text}
    >
      {text}
    </Badge>
  );
}
