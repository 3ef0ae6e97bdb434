import { and, eq } from 'drizzle-orm';
import {
  centsToDecimalText,
  COBRANCA_MSG,
  formatProtocol,
  OPEN_SITUACOES,
  SPC_STATUS,
  spcAvisoTexto,
  todayInSaoPaulo,
  toCents,
} from '@bg/domain';
import type { BureauAdapter } from '../../adapters/bureau/bureau.js';
import type { Db } from '../../db/client.js';
import { acordoBoleto, boleto, empresa, garantia, mensagemOutbox, pessoa, spcInclusao } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { enqueueMensagem, sendMensagemJob } from '../mensagem/enqueue-mensagem.js';
import { assertAdmin } from '../tenancy/access.js';
import { credorAtual } from './credor.js';
import { telefonesDasPessoas } from './pendentes.js';

/**
 * POST /api/acordo/incluir-spc {boletoId} ("Incluir no SPC", docs/decisions/050). One transaction,
 * with the boleto locked:
 * 1. only an overdue pending boleto, not in a running acordo, without an ATIVA record (a partial
 *    unique index settles two concurrent clicks);
 * 2. the prior notice of CDC art. 43 § 2º goes into the messaging outbox first (WhatsApp to the
 *    person's first phone; no phone, no inclusion);
 * 3. the bureau adapter registers the debt and answers its protocol;
 * 4. our spc_inclusao row (ATIVA, linked to the notice) is what blocks new guarantees for the
 *    document (the lookup answers 900) until the exclusion job removes it after payment.
 */
export async function incluirSpc(db: Db, jobs: JobQueue, bureau: BureauAdapter, actor: Actor, boletoId: number, today = todayInSaoPaulo()) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const result = await db.transaction(async (tx) => {
    const [b] = await tx
      .select({
        id: boleto.id,
        digito: boleto.digito,
        parcela: boleto.parcela,
        valor: boleto.valor,
        vencimento: boleto.vencimento,
        situacao: boleto.situacao,
        pessoa_id: pessoa.id,
        nome_razao: pessoa.nome_razao,
        cpf_cnpj: pessoa.cpf_cnpj,
        loja: empresa.fantasia,
      })
      .from(boleto)
      .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
      .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
      .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
      .where(eq(boleto.id, boletoId))
      .for('update', { of: boleto });
    if (!b) throw notFound('Boleto');
    if (!b.situacao || !OPEN_SITUACOES.includes(b.situacao) || b.vencimento >= today) throw new AppError('WRONG_STATE', COBRANCA_MSG.spcBoletoNaoVencido);
    const [emAcordo] = await tx
      .select({ acordo_id: acordoBoleto.acordo_id })
      .from(acordoBoleto)
      .where(and(eq(acordoBoleto.boleto_id, b.id), eq(acordoBoleto.vigente, true)));
    if (emAcordo) throw new AppError('WRONG_STATE', COBRANCA_MSG.spcBoletoEmAcordo);
    const [ativa] = await tx
      .select({ id: spcInclusao.id })
      .from(spcInclusao)
      .where(and(eq(spcInclusao.boleto_id, b.id), eq(spcInclusao.status, SPC_STATUS.ATIVA)));
    if (ativa) throw new AppError('CONFLICT', COBRANCA_MSG.spcJaIncluido);
    const [telefone] = (await telefonesDasPessoas(tx, [b.pessoa_id])).get(b.pessoa_id) ?? [];
    if (!telefone) throw new AppError('VALIDATION', COBRANCA_MSG.spcSemTelefone);

    const protocolo = formatProtocol(b.id, b.digito);
    const credor = await credorAtual(tx);
    const aviso = spcAvisoTexto({
      nome: b.nome_razao, cpfCnpj: b.cpf_cnpj, credor: credor.nome, loja: b.loja, protocolo, parcela: b.parcela, vencimento: b.vencimento, valorCents: toCents(b.valor),
    });
    const mensagem = await enqueueMensagem(tx, jobs, { channel: 'whatsapp', to: telefone, subject: aviso.subject, text: aviso.text, entity: 'boleto', entityId: b.id }, actor);
    const registro = await bureau.incluirSpc(tx, { cpf_cnpj: b.cpf_cnpj, boleto_id: b.id, valor_cents: toCents(b.valor), vencimento: b.vencimento });
    const [row] = await tx
      .insert(spcInclusao)
      .values({
        cpf_cnpj: b.cpf_cnpj,
        pessoa_id: b.pessoa_id,
        boleto_id: b.id,
        status: SPC_STATUS.ATIVA,
        protocolo: registro.protocolo,
        incluido_por: actor.id,
        valor: centsToDecimalText(toCents(b.valor)),
        vencimento: b.vencimento,
        aviso_mensagem_id: mensagem.id,
      })
      .returning({ id: spcInclusao.id, status: spcInclusao.status, protocolo: spcInclusao.protocolo });
    await tx.update(mensagemOutbox).set({ entity: 'spc_inclusao', entity_id: String(row.id) }).where(eq(mensagemOutbox.id, mensagem.id));
    await recordAudit(tx, actor, {
      action: 'spc.inclusao',
      entity: 'spc_inclusao',
      entityId: row.id,
      summary: { boleto_id: b.id, protocolo_boleto: protocolo, cpf_cnpj: b.cpf_cnpj, valor: b.valor, vencimento: b.vencimento, aviso_mensagem_id: mensagem.id, aviso_para: telefone, bureau: bureau.name, protocolo: registro.protocolo },
    });
    return { id: row.id, boleto_id: b.id, status: row.status, protocolo: row.protocolo, aviso_mensagem_id: mensagem.id };
  });
  jobs.wake(sendMensagemJob);
  return result;
}
