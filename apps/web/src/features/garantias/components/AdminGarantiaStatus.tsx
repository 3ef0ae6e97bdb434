import { Badge, Group } from '@mantine/core';
import { GARANTIA_STATUS } from '@bg/domain';
import { StatusBadge, WHOLE_BADGE } from '../../../components';

const PRE_APROVADO = 'PRÉ APROVADO';

export interface AdminGarantiaStatusProps {
  /** The guarantee status, or the label users see (PRÉ APROVADO reads as APROVADO not released). */
  status: string;
  liberaBoleto?: string | null;
}

/**
 * A guarantee's situação on the administrador's screens (list, analysis, Boletos Anteriores).
 * PRÉ APROVADO is what the shop user sees (spec §4); the administrador sees the real status,
 * APROVADO, with the release of the boletos beside it, so the list and the analysis agree.
 */
export function AdminGarantiaStatus({ status, liberaBoleto }: AdminGarantiaStatusProps) {
  const released = status === PRE_APROVADO ? 'N' : liberaBoleto;
  const real = status === PRE_APROVADO ? GARANTIA_STATUS.APROVADO : status;
  return (
    // the two badges stack when the column is narrow, each read whole: neither is cut nor runs
    // into "Possui Duplicata?" beside it (issue 25)
    <Group gap={4} wrap="wrap">
      <StatusBadge status={real} />
      {real === GARANTIA_STATUS.APROVADO && released != null && (
        <Badge
          variant="outline"
          radius="sm"
          color={released === 'S' ? 'teal' : 'gray'}
          data-libera-boleto={released}
          styles={WHOLE_BADGE}
        >
          Boletos liberados: {released === 'S' ? 'Sim' : 'Não'}
        </Badge>
      )}
    </Group>
  );
}
