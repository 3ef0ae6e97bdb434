import { eq } from 'drizzle-orm';
import { centsToDecimalText, formatBRL, fromCents, LEDGER_KEY, LEDGER_MSG, planRepasse, repasseDraft, toCents, type RegistrarRepasseInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa, repasse } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { postTransaction, transactionIdByKey } from '../ledger/post-transaction.js';
import { posicaoDaLoja } from '../ledger/saldos.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/razao/registrarRepasse (administrador): a transfer to a shop of what it is owed
 * (decision 109). One transaction: the shop's row is locked (two repasses of one shop take turns),
 * its position read from the ledger, what it owes the guarantor netted first (planRepasse), the
 * amount refused (409) above what remains owed; the repasse row and its ledger transaction
 * (`repasse:<id>`: a pagar debited, a receber netted, the bank credited) commit together. The form's
 * `chave` makes a repeated request answer the same repasse.
 */
export async function registrarRepasse(db: Db, actor: Actor, input: RegistrarRepasseInput) {
  assertAdmin(actor, LEDGER_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [e] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, input.empresa_id)).for('update');
    if (!e) throw notFound('Empresa');
    const [same] = await tx.select().from(repasse).where(eq(repasse.chave, input.chave));
    if (same) {
      if (same.empresa_id !== input.empresa_id || toCents(same.valor) !== toCents(input.valor) || same.data !== input.data) {
        throw new AppError('CONFLICT', 'Este formulário já registrou outro repasse. Abra o registro de novo.');
      }
      return answer(same, (await transactionIdByKey(tx, LEDGER_KEY.repasse(same.id)))!);
    }
    const posicao = await posicaoDaLoja(tx, input.empresa_id);
    const valorCents = toCents(input.valor);
    const plan = planRepasse(posicao.aPagarCents, posicao.aReceberCents, valorCents);
    if (plan.maximoCents <= 0) throw new AppError('WRONG_STATE', LEDGER_MSG.repasseSemSaldo);
    if (valorCents > plan.maximoCents) throw new AppError('WRONG_STATE', LEDGER_MSG.repasseMaiorQueDevido(formatBRL(valorCents), formatBRL(plan.maximoCents)));
    const [row] = await tx
      .insert(repasse)
      .values({
        empresa_id: input.empresa_id,
        data: input.data,
        valor: centsToDecimalText(valorCents),
        compensado: centsToDecimalText(plan.compensadoCents),
        referencia: input.referencia || null,
        observacao: input.observacao || null,
        chave: input.chave,
        usuario_id: actor.id,
      })
      .returning();
    const posted = await postTransaction(tx, repasseDraft({ repasseId: row.id, empresaId: input.empresa_id, occurredOn: input.data, plan, referencia: input.referencia, usuarioId: actor.id }));
    await recordAudit(tx, actor, {
      action: 'repasse.registrar',
      entity: 'repasse',
      entityId: row.id,
      summary: { empresa_id: input.empresa_id, data: input.data, valor: row.valor, compensado: row.compensado, referencia: row.referencia },
    });
    return answer(row, posted.id);
  });
}

function answer(row: typeof repasse.$inferSelect, transacaoId: number) {
  return { id: row.id, empresa_id: row.empresa_id, data: row.data, valor: fromCents(toCents(row.valor)), compensado: fromCents(toCents(row.compensado)), transacao_id: transacaoId };
}
