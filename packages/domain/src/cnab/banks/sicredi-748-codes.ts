import type { CodeTable, MovementCategory } from '../codes/movement-codes.js';
import { FEBRABAN_REASONS } from '../codes/reason-codes.js';

/**
 * Sicredi (748) code tables, from the "Manual CNAB 240 Sicredi" (August 2019, laravel-boleto's
 * manuais/SICREDI/novos/): C044 (retorno movements, pp. 77-78) and C047 (motivos, pp. 79-83).
 * Sicredi follows FEBRABAN's tables; only what it adds or words differently is here.
 */

/** C044, pp. 77-78: movements beyond FEBRABAN's (baixa rejeitada, negativação). */
export const SICREDI_RETORNO_MOVEMENTS: CodeTable = {
  '36': 'Baixa rejeitada',
  '78': 'Confirmação de recebimento de pedido de negativação',
  '79': 'Confirmação de recebimento de pedido de exclusão de negativação',
  '80': 'Confirmação de entrada de negativação',
  '81': 'Entrada de negativação rejeitada',
  '82': 'Confirmação de exclusão de negativação',
  '83': 'Exclusão de negativação rejeitada',
  '84': 'Exclusão de negativação por outros motivos',
  '85': 'Ocorrência informacional por outros motivos',
};

/** A refused baixa is a rejection the operator must see; negativação is never asked by us. */
export const SICREDI_MOVEMENT_CATEGORIES: Readonly<Record<string, MovementCategory>> = {
  '36': 'rejeicao',
};

/** C047-A, pp. 79-81: rejection motivos Sicredi words its own way or adds. */
export const SICREDI_REJECTIONS: CodeTable = {
  '07': 'Cooperativa de crédito/agência/conta/DV inválido',
  '41': 'Pedido de cancelamento/sustação para título sem instrução de protesto/negativação',
  '61': 'Alteração da cooperativa de crédito/agência cobradora/DV inválida',
  CZ: 'Instrução inválida',
  L6: 'Tipo de comando de instrução inválido para beneficiário pessoa física',
};

/** C047-B, pp. 81-82: fees of negativação. */
export const SICREDI_FEES: CodeTable = {
  S4: 'Tarifa de inclusão de negativação',
  S5: 'Tarifa de exclusão de negativação',
};

/** C047-C, p. 82: Sicredi's wording of the channels of a liquidação. */
export const SICREDI_SETTLEMENT: CodeTable = {
  '03': 'Liquidação no banco em dinheiro',
  '30': 'Liquidação no banco em cheque',
};

/** C047-D, E and F, pp. 82-83: motivos of movements outside FEBRABAN's groups. */
const ALTERACAO: CodeTable = { '01': 'Alteração de carteira' };
const EXCLUSAO_NEGATIVACAO: CodeTable = {
  N1: 'Decurso de prazo',
  N2: 'Determinação judicial',
  N3: 'Solicitação da empresa conveniada',
  N4: 'Devolução de comunicado pelos correios',
  N5: 'Diversos',
};
const NEGATIVACAO_REJEITADA: CodeTable = { S1: 'Rejeitado pela empresa de negativação parceira' };

export const SICREDI_REASONS_BY_MOVEMENT: Readonly<Record<string, CodeTable>> = {
  // C044 ties no table to 36 (baixa rejeitada); a refusal's motivos are table A's (CZ instrução inválida…)
  '36': { ...FEBRABAN_REASONS.rejeicao, ...SICREDI_REJECTIONS },
  '27': ALTERACAO,
  '84': EXCLUSAO_NEGATIVACAO,
  '85': EXCLUSAO_NEGATIVACAO,
  '81': NEGATIVACAO_REJEITADA,
  '83': NEGATIVACAO_REJEITADA,
};
