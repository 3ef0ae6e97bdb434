import { addDays, EXTRATO_CURSOR, FINANCEIRO_MSG, fromCents, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { posicaoDaLoja } from '../ledger/saldos.js';
import { contasDaLoja, movimentosDaLoja, saldoAntes, type ExtratoCursor, type ExtratoMovimento } from './extrato-movimentos.js';
import { lojaDoExtrato } from './extrato-loja.js';

export type ExtratoInput = { empresa_id?: number; de: IsoDate; ate: IsoDate; apos?: string; per_page: number };

/** A movement as the API answers it: debit or credit (one of them zero) and the running balance. */
export function movimentoJson(m: ExtratoMovimento, saldoCents: number) {
  return {
    transacao_id: m.transacaoId,
    data: m.data,
    tipo: m.tipo,
    descricao: m.descricao,
    boleto: m.boleto,
    antecipacao_id: m.antecipacaoId,
    acordo_id: m.acordoId,
    repasse_id: m.repasseId,
    debito: fromCents(Math.max(0, -m.valorCents)),
    credito: fromCents(Math.max(0, m.valorCents)),
    saldo: fromCents(saldoCents),
  };
}

function cursorOf(apos: string | undefined, de: IsoDate, ate: IsoDate): ExtratoCursor | undefined {
  if (!apos) return undefined;
  const m = EXTRATO_CURSOR.exec(apos);
  // a cursor outside the period would start the running balance from the wrong day
  if (!m || m[1] < de || m[1] > ate) throw new AppError('VALIDATION', FINANCEIRO_MSG.posicaoInvalida, { errors: { apos: FINANCEIRO_MSG.posicaoInvalida } });
  return { data: m[1], transacaoId: Number(m[2]) };
}

const saldoJson = (p: { aPagarCents: number; aReceberCents: number; liquidoCents: number }) => ({
  a_pagar: fromCents(p.aPagarCents),
  a_receber: fromCents(p.aReceberCents),
  saldo: fromCents(p.liquidoCents),
});

/**
 * GET /api/financeiro/getExtrato: one page of a shop's statement (DOMAIN.md "Money ledger"), the
 * balances at the start and end of the period, the balance before the page and each movement's
 * running balance. `apos` (the previous page's `proximo`) continues after its last movement.
 */
export async function getExtrato(db: DbOrTx, actor: Actor, input: ExtratoInput) {
  const loja = await lojaDoExtrato(db, actor, input.empresa_id);
  const cursor = cursorOf(input.apos, input.de, input.ate);
  const contas = await contasDaLoja(db, loja.id);
  const [inicial, final, anterior, page] = await Promise.all([
    posicaoDaLoja(db, loja.id, addDays(input.de, -1)),
    posicaoDaLoja(db, loja.id, input.ate),
    saldoAntes(db, loja.id, contas, input.de, cursor),
    movimentosDaLoja(db, contas, { de: input.de, ate: input.ate }, input.per_page + 1, cursor),
  ]);
  const movimentos = page.slice(0, input.per_page);
  let saldo = anterior;
  const data = movimentos.map((m) => movimentoJson(m, (saldo += m.valorCents)));
  const last = movimentos[movimentos.length - 1];
  return {
    empresa: loja,
    de: input.de,
    ate: input.ate,
    inicial: saldoJson(inicial),
    final: saldoJson(final),
    saldo_anterior: fromCents(anterior),
    data,
    proximo: page.length > input.per_page && last ? `${last.data}.${last.transacaoId}` : null,
  };
}
