import { and, eq, sql } from 'drizzle-orm';
import { todayInSaoPaulo, type IsoDate, type RetornoTitle } from '@bg/domain';
import type { Tx } from '../../db/client.js';
import { retorno, retornoItem } from '../../db/schema/index.js';
import { addRetornoTotals, applyBatch } from '../cnab/apply-retorno.js';
import type { RetornoTotals } from '../cnab/decide-title.js';

/** A movement the bank's API reported, in the terms of a CNAB 240 retorno title. */
export type BankMovement = {
  /** CNAB 240 movement codes, so a later retorno line of the same fact has the same key: 02 entrada confirmada, 03 rejeitada, 06 liquidação, 09 baixa. */
  movimento: '02' | '03' | '06' | '09';
  descricao: string;
  sequencial: number;
  numeroBanco: string;
  /** The bank's date of the fact (payment date for a liquidação): with the movement code, the key that makes it happen once. */
  dataOcorrencia: IsoDate;
  dataCredito?: IsoDate | null;
  valorTituloCents: number;
  valorPagoCents?: number;
  tarifaCents?: number;
  jurosCents?: number;
  descontoCents?: number;
  canal?: string | null;
  idPagamento?: string | null;
  motivos?: { codigo: string; mensagem: string }[];
};

const CATEGORY = { '02': 'entrada', '03': 'rejeicao', '06': 'liquidacao', '09': 'baixa' } as const;

export type BankMovementsResult = { retornoId: number; totals: RetornoTotals };

/**
 * Applies movements reported by a bank's API (a registration confirmed, a webhook's payment, the
 * settlement listing, a write-off) through the retorno's own path (apply-retorno.ts applyBatch):
 * the same situação rules, the same ledger postings, the same idempotency — a retorno_item is
 * unique per (boleto, movimento, data de ocorrência), so the webhook, the listing and a later CNAB
 * retorno of the same payment change state once; the later ones are recorded JA_APLICADO.
 *
 * The movements go into the conta's retorno of origin API for the day (created on first use, locked
 * for the caller's transaction so lines are numbered in order). Runs in the caller's transaction.
 */
export async function applyBankMovements(tx: Tx, contaId: number, movements: BankMovement[], actor: { id: number | null; ip: null }, today: IsoDate = todayInSaoPaulo()): Promise<BankMovementsResult> {
  const day = await apiRetornoOfDay(tx, contaId, today);
  const titles: RetornoTitle[] = movements.map((m, i) => titleOf(m, day.nextLine + i));
  const totals = await applyBatch(tx, day.id, null, contaId, titles, actor);
  await addRetornoTotals(tx, day.id, totals);
  await tx
    .update(retorno)
    .set({ quantidade_titulos: sql`${retorno.quantidade_titulos} + ${titles.length}`, aplicado_em: sql`now()` })
    .where(eq(retorno.id, day.id));
  // the payment's channel and the bank's id, on the lines just recorded
  for (const [i, m] of movements.entries()) {
    if (!m.canal && !m.idPagamento) continue;
    await tx
      .update(retornoItem)
      .set({ canal: m.canal?.slice(0, 20) ?? null, id_pagamento_banco: m.idPagamento?.slice(0, 80) ?? null })
      .where(and(eq(retornoItem.retorno_id, day.id), eq(retornoItem.linha, titles[i].line)));
  }
  return { retornoId: day.id, totals };
}

/** The conta's API retorno of the day, locked, and the next free line number. */
async function apiRetornoOfDay(tx: Tx, contaId: number, today: IsoDate): Promise<{ id: number; nextLine: number }> {
  await tx
    .insert(retorno)
    .values({ arquivo: `Movimentos por API de ${today.split('-').reverse().join('/')}`, origem: 'API', data_movimento: today, conta_cobranca_id: contaId, status: 'PROCESSADO' })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: retorno.id, titulos: retorno.quantidade_titulos })
    .from(retorno)
    .where(and(eq(retorno.origem, 'API'), eq(retorno.conta_cobranca_id, contaId), eq(retorno.data_movimento, today)))
    .for('update');
  return { id: row.id, nextLine: row.titulos + 1 };
}

function titleOf(m: BankMovement, line: number): RetornoTitle {
  const paid = m.movimento === '06' ? (m.valorPagoCents ?? m.valorTituloCents) : 0;
  const fee = m.tarifaCents ?? 0;
  return {
    bank: '',
    movement: m.movimento,
    movementDescription: m.descricao,
    category: CATEGORY[m.movimento],
    ourNumber: m.numeroBanco,
    ourNumberSequence: String(m.sequencial),
    documentNumber: '',
    companyReference: '',
    dueDate: null,
    amountCents: m.valorTituloCents,
    paidCents: paid,
    netCents: paid - fee,
    feeCents: fee,
    interestCents: m.jurosCents ?? 0,
    discountCents: m.descontoCents ?? 0,
    rebateCents: 0,
    iofCents: 0,
    otherExpensesCents: 0,
    otherCreditsCents: 0,
    occurrenceDate: m.dataOcorrencia,
    creditDate: m.dataCredito ?? null,
    reasons: (m.motivos ?? []).map((r) => ({ code: r.codigo, description: r.mensagem })),
    reasonsRaw: '',
    payerDocument: '',
    payerName: '',
    collectingBank: '',
    collectingAgency: '',
    line,
  };
}
