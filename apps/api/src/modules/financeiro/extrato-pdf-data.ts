import { addDays, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { posicaoDaLoja } from '../ledger/saldos.js';
import { contasDaLoja, todosOsMovimentos, type ExtratoMovimento } from './extrato-movimentos.js';
import { lojaDoExtrato } from './extrato-loja.js';

export type ExtratoPdfData = {
  loja: { id: number; fantasia: string; razao: string; cnpj: string };
  de: IsoDate;
  ate: IsoDate;
  inicialCents: number;
  /** Read while the PDF is written. */
  movimentos: AsyncIterable<ExtratoMovimento[]>;
};

/**
 * GET /api/financeiro/getExtratoPdf: tenancy and the opening balance are settled before the PDF
 * starts (a refusal is still a JSON answer); the movements are read while it is written.
 */
export async function extratoPdfData(db: DbOrTx, actor: Actor, input: { empresa_id?: number; de: IsoDate; ate: IsoDate }): Promise<ExtratoPdfData> {
  const loja = await lojaDoExtrato(db, actor, input.empresa_id);
  const contas = await contasDaLoja(db, loja.id);
  const inicialCents = (await posicaoDaLoja(db, loja.id, addDays(input.de, -1))).liquidoCents;
  return { loja, de: input.de, ate: input.ate, inicialCents, movimentos: todosOsMovimentos(db, contas, input) };
}
