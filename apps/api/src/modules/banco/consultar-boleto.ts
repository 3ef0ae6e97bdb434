import { eq, sql } from 'drizzle-orm';
import { BankError, type BankCall } from '../../adapters/bank/bank-adapter.js';
import type { Db } from '../../db/client.js';
import { bancoRegistro, boleto } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { BankServices } from '../../services.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { adapterOf, contaById } from './conta-banco.js';
import { applySettlement, recordDivergencia } from './process-webhook.js';
import { storeCalls } from './sync-conta.js';

/**
 * POST /api/banco/consultar/{id} (administrador): asks the bank for the boleto now — for a bank
 * without webhooks (Caixa) the way to learn of a payment before the daily reconciliation. A payment
 * the bank settled is applied as the retorno's liquidação (idempotent, the same key as every other
 * channel); a write-off at the bank of a boleto open here becomes a difference in Conciliação.
 * Answers what the bank said.
 */
export async function consultarBoleto(db: Db, bank: BankServices, actor: Actor, boletoId: number): Promise<{ estado_banco: string; liquidado: boolean }> {
  assertAdmin(actor);
  const [r] = await db.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, boletoId));
  if (!r) {
    const [b] = await db.select({ id: boleto.id }).from(boleto).where(eq(boleto.id, boletoId));
    if (!b) throw notFound('Boleto');
    throw wrongState('Este boleto não foi enviado ao banco por API.');
  }
  if (!r.numero_banco) throw wrongState('Este boleto ainda não foi enviado ao banco.');
  const conta = await contaById(db, r.conta_cobranca_id);
  if (!conta) throw notFound('Conta de cobrança');
  const calls: BankCall[] = [];
  let state;
  try {
    state = await adapterOf(bank, conta).get(r.numero_banco, (c) => void calls.push(c));
  } catch (e) {
    await storeCalls(db, conta.id, boletoId, calls);
    if (e instanceof BankError) throw wrongState(e.message);
    throw e;
  }
  const [b] = await db.select({ nosso_numero: boleto.nosso_numero, situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, boletoId));
  let liquidado = false;
  await db.transaction(async (tx) => {
    await storeCalls(tx, conta.id, boletoId, calls);
    if (!state) {
      if (r.estado === 'REGISTRADO') await recordDivergencia(tx, conta.id, boletoId, r.numero_banco as string, 'DESCONHECIDO_NO_BANCO', { origem: 'consulta' });
    } else if (state.pagamento) {
      await applySettlement(tx, conta.id, boletoId, Number(b.nosso_numero), state.pagamento, 'consulta');
      liquidado = true;
    } else if (state.estado === 'BAIXADO' && b.situacao && ['ENVIADO PARA REGISTRO', 'GARANTIDO', 'DISPONÍVEL PARA PAGAMENTO'].includes(b.situacao)) {
      await recordDivergencia(tx, conta.id, boletoId, r.numero_banco as string, 'BAIXA_NAO_APLICADA', { origem: 'consulta', estado_banco: state.estadoBanco });
    }
    await tx.update(bancoRegistro).set({ updated_at: sql`now()` }).where(eq(bancoRegistro.boleto_id, boletoId));
    await recordAudit(tx, actor, { action: 'banco.consultar', entity: 'boleto', entityId: boletoId, summary: { estado_banco: state?.estadoBanco ?? 'desconhecido', liquidado } });
  });
  return { estado_banco: state ? state.estadoBanco : 'O banco não conhece este título.', liquidado };
}
