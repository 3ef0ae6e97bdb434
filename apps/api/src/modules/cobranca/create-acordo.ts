import { asc, eq, inArray } from 'drizzle-orm';
import {
  centsToDecimalText,
  COBRANCA_MSG,
  diasDeAtraso,
  formatProtocol,
  isPendente,
  OPEN_SITUACOES,
  todayInSaoPaulo,
  toCents,
  type AcordoCreateInput,
} from '@bg/domain';
import type { Db } from '../../db/client.js';
import { acordo, acordoBoleto, acordoParcela, boleto, boletoHistorico, garantia, pessoa } from '../../db/schema/index.js';
import { AppError, invalid, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { emitirEventoAcordo } from '../eventos/eventos-cobranca.js';
import { changeSituacao } from '../boletos/change-situacao.js';
import { loadBoletoContexts } from '../ledger/boleto-context.js';
import { assertAdmin } from '../tenancy/access.js';
import { simulateAndCompare } from './acordo-simulation.js';

/**
 * POST /api/acordo/create ("Efetivar Acordo"), in one transaction:
 * - the boletos are locked in id order (two operators effecting overlapping boletos queue here
 *   instead of deadlocking); each must belong to the person, be pending (open, or removed by an
 *   acordo that was cancelled; not in another running acordo) — the second of two concurrent
 *   requests finds them in a vigente acordo and gets 409;
 * - what cancelled acordos already paid of their principal (the ledger) is deducted: "Pagamentos
 *   anteriores" (decision 109);
 * - the plan is simulated again (simulateAndCompare) and must equal the figures shown;
 * - the acordo is stored "Aguardando Ativação" with its instalments "Em Aberto", each boleto goes
 *   to ENVIADO PARA REMOÇÃO through the situação machine (history row, audit), and acordo_boleto
 *   keeps the figures and the situação it came from. A partial unique index on acordo_boleto
 *   (boleto_id) WHERE vigente backs the rule "one running acordo per boleto".
 */
const OPEN = new Set<string>(OPEN_SITUACOES);

export async function createAcordo(db: Db, actor: Actor, input: AcordoCreateInput, today = todayInSaoPaulo()) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [p] = await tx.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.id, input.pessoa_id));
    if (!p) throw notFound('Pessoa');
    const ids = [...input.boletoIds].sort((a, b) => a - b);
    const rows = await tx
      .select({
        id: boleto.id,
        digito: boleto.digito,
        valor: boleto.valor,
        vencimento: boleto.vencimento,
        situacao: boleto.situacao,
        pessoa_id: garantia.pessoa_id,
      })
      .from(boleto)
      .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
      .where(inArray(boleto.id, ids))
      .orderBy(asc(boleto.id))
      .for('update', { of: boleto });
    if (rows.length !== ids.length) throw invalid({ boletoIds: COBRANCA_MSG.boletoNaoEncontrado }, COBRANCA_MSG.boletoNaoEncontrado);
    if (rows.some((r) => r.pessoa_id !== input.pessoa_id)) throw invalid({ boletoIds: COBRANCA_MSG.boletoDeOutraPessoa }, COBRANCA_MSG.boletoDeOutraPessoa);
    const links = await tx.select({ boleto_id: acordoBoleto.boleto_id, vigente: acordoBoleto.vigente }).from(acordoBoleto).where(inArray(acordoBoleto.boleto_id, ids));
    if (links.some((l) => l.vigente)) throw new AppError('WRONG_STATE', COBRANCA_MSG.boletoEmAcordo);
    const cancelados = new Set(links.map((l) => l.boleto_id));
    for (const r of rows) {
      // open, or removed by an acordo that was cancelled (pending again, decision 109)
      if (!isPendente(r.situacao, { vigente: false, cancelado: cancelados.has(r.id) })) {
        throw new AppError('WRONG_STATE', COBRANCA_MSG.boletoIndisponivel(formatProtocol(r.id, r.digito), r.situacao ?? 'aguardando liberação'));
      }
    }
    // what cancelled acordos already paid of these boletos' principal is deducted ("Pagamentos anteriores")
    const ledger = await loadBoletoContexts(tx, ids);
    const anteriores = ids.reduce((sum, id) => sum + (ledger.get(id)?.position.recuperadoEmAcordos ?? 0), 0);

    const fresh = simulateAndCompare(input, rows.map((r) => ({ amountCents: toCents(r.valor), dueDate: r.vencimento })), today, anteriores);
    const money = centsToDecimalText;
    const parcelas = fresh.installments;
    const [created] = await tx
      .insert(acordo)
      .values({
        pessoa_id: input.pessoa_id,
        descricao: `Acordo de ${rows.length} boleto(s): ${rows.map((r) => formatProtocol(r.id, r.digito)).join(', ')}`.slice(0, 300),
        valor: money(fresh.totalCents),
        desconto: money(toCents(input.desconto)),
        valor_sem_juros: money(fresh.baseCents),
        multa: money(fresh.fineCents),
        juros: money(fresh.interestCents),
        taxa: money(fresh.feeCents),
        valor_atualizado: money(fresh.updatedCents),
        pagamentos_anteriores: money(fresh.previousPaymentsCents),
        valor_entrada: money(parcelas[0].amountCents),
        numero_parcelas: parcelas.length,
        ultimo_vencimento: parcelas[parcelas.length - 1].dueDate,
        data_simulacao: today,
        user_id: actor.id,
      })
      .returning({ id: acordo.id });
    await tx.insert(acordoParcela).values(
      parcelas.map((q) => ({ acordo_id: created.id, parcela: q.number, vencimento: q.dueDate, valor: money(q.amountCents) })),
    );
    for (const r of rows) {
      const motivo = `Substituído pelo acordo nº ${created.id}`;
      // a boleto removed by a cancelled acordo is already out of the bank: only its history says so
      if (cancelados.has(r.id) && r.situacao && !OPEN.has(r.situacao)) await tx.insert(boletoHistorico).values({ boleto_id: r.id, de: r.situacao, para: r.situacao, motivo, usuario_id: actor.id });
      else await changeSituacao(tx, r.id, 'remover', actor, motivo);
    }
    await tx.insert(acordoBoleto).values(
      rows.map((r) => ({
        acordo_id: created.id,
        boleto_id: r.id,
        valor: r.valor,
        vencimento: r.vencimento,
        dias_atraso: diasDeAtraso(r.vencimento, today),
        situacao_anterior: r.situacao!,
      })),
    );
    await emitirEventoAcordo(tx, created.id, 'acordo.criado');
    await recordAudit(tx, actor, {
      action: 'acordo.create',
      entity: 'acordo',
      entityId: created.id,
      summary: {
        pessoa_id: input.pessoa_id,
        boletos: ids,
        numero_parcelas: parcelas.length,
        valor_atualizado: money(fresh.updatedCents),
        desconto: money(toCents(input.desconto)),
        valor: money(fresh.totalCents),
      },
    });
    return { id: created.id };
  });
}
