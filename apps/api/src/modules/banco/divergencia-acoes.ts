import type { DIVERGENCIA_ACOES } from '@bg/domain';
import type { DivergenciaTipo } from '../../db/schema/index.js';

export type DivergenciaAcao = (typeof DIVERGENCIA_ACOES)[number];

/**
 * The one-click resolutions offered for each kind of finding (docs/banks.md "Conciliação"):
 * a payment not applied is applied from the bank's word now; a registration the bank confirmed is
 * marked registered; a title the bank does not know is sent again; anything can be dismissed.
 */
export const ACOES_POR_TIPO: Record<DivergenciaTipo, DivergenciaAcao[]> = {
  PAGAMENTO_NAO_APLICADO: ['APLICAR_PAGAMENTO', 'DESCARTAR'],
  REGISTRO_NAO_CONFIRMADO: ['MARCAR_REGISTRADO', 'DESCARTAR'],
  DESCONHECIDO_NO_BANCO: ['REENVIAR_REGISTRO', 'DESCARTAR'],
  NAO_ENCONTRADO_AQUI: ['DESCARTAR'],
  BAIXA_NAO_APLICADA: ['DESCARTAR'],
};
