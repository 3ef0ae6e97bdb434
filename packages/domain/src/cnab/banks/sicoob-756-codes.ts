import type { CodeTable } from '../codes/movement-codes.js';

/**
 * Sicoob (756) code tables, from the "Leiaute Cobrança Sicoob — Sistemas de Terceiro" planilha
 * (22/08/2017, brcobranca's docs/Sicoob/), sheet "06.Retorno - Opção CNAB240". Sicoob follows
 * FEBRABAN's C044 and C047; only what it adds or words differently is here.
 */

/** Campo 07.3T: the retorno movements Sicoob lists beyond FEBRABAN's 02-54. */
export const SICOOB_RETORNO_MOVEMENTS: CodeTable = {
  '55': 'Confirmação de pedido de dispensa de multa',
  '56': 'Confirmação do pedido de cobrança de multa',
  '57': 'Confirmação do pedido de alteração de cobrança de juros',
  '58': 'Confirmação do pedido de alteração do valor/data de desconto',
  '59': 'Confirmação do pedido de alteração do beneficiário do título',
  '60': 'Confirmação do pedido de dispensa de juros de mora',
  '85': 'Confirmação de desistência de protesto',
  '86': 'Confirmação de cancelamento do protesto',
};

/** Campo 28.3T: the fee motivos (movement 28) Sicoob words its own way. */
export const SICOOB_FEES: CodeTable = {
  '03': 'Tarifa de desistência (sustação) de protesto',
  '04': 'Tarifa de protesto',
  '08': 'Custas de protesto',
  '21': 'Tarifa de gravação eletrônica (CRA)',
};
