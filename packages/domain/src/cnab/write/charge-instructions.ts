import { JUROS_DIA_PERCENT, MULTA_PERCENT } from '../../boleto/valor-atualizado.js';
import { addDays, type IsoDate } from '../../dates/calendar.js';
import { percentOf } from '../../money/cents.js';
import type { CnabAccount, CnabFine, CnabInterest } from '../cnab-types.js';

/**
 * The multa and juros every slip prints (spec §9: 2% multa, 0.33% a day), as the bank must
 * register them so it charges what the slip says: multa as 2% (segment R, code 2) and juros as
 * a fixed amount per day (segment P, code 1) — 0.33% of the value rounded half up once, the same
 * rounding as valorAtualizadoCents. Both apply from the day after the due date.
 */
export function boletoChargeInstructions(amountCents: number, dueDate: IsoDate): { fine: CnabFine; interest: CnabInterest } {
  const from = addDays(dueDate, 1);
  return {
    fine: { type: 'percent', percent: MULTA_PERCENT, date: from },
    interest: { type: 'per_day', cents: percentOf(amountCents, JUROS_DIA_PERCENT), date: from },
  };
}

/** The conta de cobrança row/schema (contaCobrancaSchema output) as the CNAB writers take it. */
export function cnabAccountFromConta(conta: {
  banco: string;
  agencia: string;
  conta?: string | null;
  codigo_beneficiario: string;
  carteira: string;
  nome: string;
  cnpj: string;
  variacao_carteira?: string | null;
}): CnabAccount {
  return {
    bank: conta.banco,
    agency: conta.agencia,
    account: conta.conta ?? undefined,
    beneficiaryCode: conta.codigo_beneficiario,
    wallet: conta.carteira,
    walletVariation: conta.variacao_carteira ?? undefined,
    beneficiaryName: conta.nome,
    beneficiaryDocument: conta.cnpj,
  };
}
