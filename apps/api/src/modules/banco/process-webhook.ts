import { eq, sql } from 'drizzle-orm';
import { todayInSaoPaulo } from '@bg/domain';
import { BankError, type BankAdapter, type BankCall, type BankSettlement, type BankWebhookNotice } from '../../adapters/bank/bank-adapter.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { bancoDivergencia, bancoRegistro, bancoWebhook, boleto } from '../../db/schema/index.js';
import type { BankServices } from '../../services.js';
import { applyBankMovements } from './apply-bank-movements.js';
import { adapterOf, contaById, type ContaRow } from './conta-banco.js';
import { rowsOf, storeCalls } from './sync-conta.js';

const SISTEMA = { id: null, ip: null } as const;

export type WebhookResult = { notificacoes: number; liquidados: number; em_processamento: number; cancelados: number; desconhecidos: number };

/**
 * The job banco.webhook: the stored body of one webhook call, notice by notice. A payment notice
 * (BB's "baixa operacional") is provisional: the boleto shows "Pagamento em processamento" and the
 * bank is asked for the title at once; when the bank says it is settled, the payment is applied as
 * the retorno's liquidação (applyBankMovements: same situação rules, same ledger posting, the same
 * key as the settlement listing and a later CNAB retorno — a repeated webhook changes nothing). A
 * cancellation (BB code 10) drops the provisional payment; if the payment was already settled it
 * becomes a difference in Conciliação (money is never reversed by a notice alone).
 */
export async function processWebhook(db: Db, bank: BankServices, webhookId: number): Promise<WebhookResult> {
  const result: WebhookResult = { notificacoes: 0, liquidados: 0, em_processamento: 0, cancelados: 0, desconhecidos: 0 };
  const [hook] = await db.select().from(bancoWebhook).where(eq(bancoWebhook.id, webhookId));
  if (!hook || hook.status === 'PROCESSADO' || hook.conta_cobranca_id === null) return result;
  const conta = await contaById(db, hook.conta_cobranca_id);
  if (!conta) return result;
  const adapter = adapterOf(bank, conta);
  let notices: BankWebhookNotice[];
  try {
    notices = adapter.parseWebhook(JSON.parse(hook.corpo));
  } catch (e) {
    const erro = e instanceof BankError ? e.message : 'Corpo do webhook não é JSON.';
    await db.update(bancoWebhook).set({ status: 'FALHOU', erro: erro.slice(0, 600), processado_em: sql`now()` }).where(eq(bancoWebhook.id, webhookId));
    return result;
  }
  for (const n of notices) {
    result.notificacoes++;
    const outcome = await applyNotice(db, adapter, conta, n, webhookId);
    result[outcome]++;
  }
  await db.update(bancoWebhook).set({ status: 'PROCESSADO', resultado: result, processado_em: sql`now()` }).where(eq(bancoWebhook.id, webhookId));
  return result;
}

async function registroOf(db: DbOrTx, contaId: number, numeroBanco: string) {
  const [r] = await rowsOf<{ boleto_id: number; nosso_numero: string; valor: string; situacao: string | null }>(
    db,
    sql`select r.boleto_id, b.nosso_numero::text as nosso_numero, b.valor::text as valor, b.situacao from banco_registro r join boleto b on b.id = r.boleto_id
        where r.conta_cobranca_id = ${contaId} and r.numero_banco = ${numeroBanco}`,
  );
  return r ?? null;
}

async function applyNotice(db: Db, adapter: BankAdapter, conta: ContaRow, n: BankWebhookNotice, webhookId: number): Promise<keyof Omit<WebhookResult, 'notificacoes'>> {
  const r = await registroOf(db, conta.id, n.numeroBanco);
  if (!r) {
    await recordDivergencia(db, conta.id, null, n.numeroBanco, 'NAO_ENCONTRADO_AQUI', { origem: 'webhook', webhook_id: webhookId, codigo: n.codigo, valor_pago_cents: n.valorPagoCents, data: n.dataPagamento });
    return 'desconhecidos';
  }
  if (n.tipo === 'CANCELAMENTO_PAGAMENTO') {
    await db.transaction(async (tx) => {
      await tx.update(bancoRegistro).set({ pagamento_processando: null, updated_at: sql`now()` }).where(eq(bancoRegistro.boleto_id, r.boleto_id));
      const [b] = await tx.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, r.boleto_id));
      if (b?.situacao === 'LIQUIDADO') {
        await recordDivergencia(tx, conta.id, r.boleto_id, n.numeroBanco, 'PAGAMENTO_NAO_APLICADO', { origem: 'webhook', webhook_id: webhookId, cancelamento: true, codigo: n.codigo, valor_pago_cents: n.valorPagoCents, data: n.dataPagamento, observacao: 'O banco cancelou a baixa operacional de um boleto já liquidado aqui: confira com o banco.' });
      }
    });
    return 'cancelados';
  }
  // provisional at once, then the bank's word on the settlement
  await db
    .update(bancoRegistro)
    .set({ pagamento_processando: { data: n.dataPagamento, valor_cents: n.valorPagoCents, canal: n.canal, recebido_em: new Date().toISOString(), webhook_id: webhookId }, updated_at: sql`now()` })
    .where(eq(bancoRegistro.boleto_id, r.boleto_id));
  const calls: BankCall[] = [];
  let settlement: BankSettlement | null = null;
  try {
    const state = await adapter.get(n.numeroBanco, (c) => void calls.push(c));
    settlement = state?.pagamento ?? null;
  } catch (e) {
    if (!(e instanceof BankError)) throw e;
    // the bank cannot answer now: keep what was said and let the job retry (every step above is idempotent)
    if (e.kind === 'INDISPONIVEL' || e.kind === 'AGUARDAR') {
      await storeCalls(db, conta.id, r.boleto_id, calls);
      throw e;
    }
  }
  await db.transaction(async (tx) => {
    await storeCalls(tx, conta.id, r.boleto_id, calls);
    if (settlement) await applySettlement(tx, conta.id, r.boleto_id, Number(r.nosso_numero), { ...settlement, canal: settlement.canal ?? n.canal, idPagamento: settlement.idPagamento ?? n.idPagamento }, 'webhook');
  });
  return settlement ? 'liquidados' : 'em_processamento';
}

/**
 * A settled payment (webhook confirmed by a query, the settlement listing, Conciliação's "aplicar"):
 * the retorno's liquidação, keyed by (boleto, 06, payment date) — whatever brought it first, the
 * others are JA_APLICADO. The provisional payment, if any, is cleared.
 */
export async function applySettlement(tx: Parameters<typeof applyBankMovements>[0], contaId: number, boletoId: number, sequencial: number, s: BankSettlement, origem: string) {
  await applyBankMovements(
    tx,
    contaId,
    [
      {
        movimento: '06',
        descricao: `Liquidação (API: ${origem})`,
        sequencial,
        numeroBanco: s.numeroBanco,
        dataOcorrencia: s.dataPagamento,
        dataCredito: s.dataCredito,
        valorTituloCents: s.valorTituloCents,
        valorPagoCents: s.valorPagoCents,
        tarifaCents: s.tarifaCents,
        jurosCents: s.jurosCents,
        descontoCents: s.descontoCents,
        canal: s.canal,
        idPagamento: s.idPagamento,
      },
    ],
    SISTEMA,
    todayInSaoPaulo(),
  );
  await tx.update(bancoRegistro).set({ pagamento_processando: null, updated_at: sql`now()` }).where(eq(bancoRegistro.boleto_id, boletoId));
}

export async function recordDivergencia(db: DbOrTx, contaId: number, boletoId: number | null, numeroBanco: string, tipo: typeof bancoDivergencia.$inferInsert.tipo, detalhe: Record<string, unknown>) {
  await db
    .insert(bancoDivergencia)
    .values({ conta_cobranca_id: contaId, boleto_id: boletoId, numero_banco: numeroBanco, tipo, detalhe })
    .onConflictDoNothing();
}


