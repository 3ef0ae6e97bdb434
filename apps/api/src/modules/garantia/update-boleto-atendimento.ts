import { eq, sql } from 'drizzle-orm';
import { centsToDecimalText, fromCents, toCents, type AcertoAtendimentoInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, boletoHistorico, garantia } from '../../db/schema/index.js';
import { boletoExtra } from '../../db/schema/boleto-extra.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import { diffFields, recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { contaCobrancaById } from '../conta-cobranca/active-conta-cobranca.js';
import { renumberBoletos } from '../boletos/number-boletos.js';
import { assertSeam } from '../boletos/boleto-seams.js';

/** Situações in which a boleto may still be changed: not yet released, or released and unpaid. */
const EDITABLE = new Set<string | null>([null, 'DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO']);
export const ACERTO_MOTIVO = 'Acerto de atendimento';

/**
 * POST /api/boleto/update/{id} ("Acerto de Atendimento", administrador): new vencimento and valor
 * of one boleto while it is neither paid nor cancelled and its guarantee still stands. A numbered
 * boleto gets its barcode and linha digitável recomputed (same nosso número). Recorded in the
 * boleto's history with the motivo "Acerto de atendimento" (same situação before and after) and
 * in the audit log with the old and new values.
 */
export async function updateBoletoAtendimento(db: Db, actor: Actor, id: number, input: AcertoAtendimentoInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ b: boleto, garantia_status: garantia.status })
      .from(boleto)
      .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
      .where(eq(boleto.id, id))
      .for('update', { of: boleto });
    if (!row) throw notFound('Boleto');
    if (!EDITABLE.has(row.b.situacao) || row.garantia_status === 'NÃO AUTORIZADO' || row.garantia_status === 'CANCELADO') {
      throw wrongState(`Não é possível alterar o boleto: ele está ${row.b.situacao ?? row.garantia_status}.`);
    }
    // an advance holds it: none of this in analysis; once approved, never the value (decision 109)
    await assertSeam(tx, actor, id, 'atualizar', { valorMuda: toCents(input.valor) !== toCents(row.b.valor) });
    const after = { vencimento: input.vencimento, valor: centsToDecimalText(toCents(input.valor)) };
    await tx.update(boleto).set({ ...after, updated_at: sql`now()` }).where(eq(boleto.id, id));
    if (row.b.nosso_numero != null) {
      const [extra] = await tx.select({ conta_id: boletoExtra.conta_cobranca_id }).from(boletoExtra).where(eq(boletoExtra.id, id));
      const conta = extra?.conta_id != null ? await contaCobrancaById(tx, extra.conta_id) : null;
      if (conta) await renumberBoletos(tx, conta, [id]);
    }
    // boleto_historico.para is NOT NULL: a boleto not yet released has no situação to record, so
    // its change lives in the audit log only.
    if (row.b.situacao) {
      await tx.insert(boletoHistorico).values({ boleto_id: id, de: row.b.situacao, para: row.b.situacao, motivo: ACERTO_MOTIVO, usuario_id: actor.id });
    }
    await recordAudit(tx, actor, {
      action: 'boleto.acertoAtendimento',
      entity: 'boleto',
      entityId: id,
      summary: { motivo: ACERTO_MOTIVO, ...diffFields({ vencimento: row.b.vencimento, valor: row.b.valor }, after) },
    });
    // money on the wire is a number (DOMAIN.md "Wire format"), not the column's decimal text
    return { id, vencimento: after.vencimento, valor: fromCents(toCents(input.valor)) };
  });
}
