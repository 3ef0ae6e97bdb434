import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  centsToDecimalText,
  COBRANCA_MSG,
  formatDateBR,
  formatProtocol,
  OPEN_SITUACOES,
  SPC_EM_CURSO,
  SPC_STATUS,
  spcAvisoTexto,
  todayInSaoPaulo,
  toCents,
} from '@bg/domain';
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
 * POST /api/acordo/incluir-spc {boletoId} ("Incluir no SPC", docs/decisions/050 and 111). One
 * transaction, with the boleto locked:
 * 1. only an overdue pending boleto, not in a running acordo, without a record AVISADA or ATIVA (a
 *    partial unique index settles two concurrent clicks);
 * 2. the prior notice of CDC art. 43 § 2º goes into the messaging outbox (WhatsApp to the person's
 *    first phone; no phone, no inclusion), saying the debt will be registered from the day the
 *    notice period (`avisoDias`, SPC_AVISO_DIAS) ends;
 * 3. our spc_inclusao row is AVISADA with that day: nothing is sent to the bureau yet. The daily job
 *    spc.inclusao (spc-inclusao.ts) registers it then if the debt is still open; the ATIVA record
 *    is what blocks new guarantees for the document until the exclusion job removes it.
 */
export async function incluirSpc(db: Db, jobs: JobQueue, actor: Actor, boletoId: number, avisoDias: number, today = todayInSaoPaulo()) {
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
    const [emCurso] = await tx
      .select({ status: spcInclusao.status, inclusao_prevista: spcInclusao.inclusao_prevista })
      .from(spcInclusao)
      .where(and(eq(spcInclusao.boleto_id, b.id), inArray(spcInclusao.status, SPC_EM_CURSO)));
    if (emCurso?.status === SPC_STATUS.ATIVA) throw new AppError('CONFLICT', COBRANCA_MSG.spcJaIncluido);
    if (emCurso) throw new AppError('CONFLICT', COBRANCA_MSG.spcAvisoEmCurso(formatDateBR(emCurso.inclusao_prevista ?? today)));
    const [telefone] = (await telefonesDasPessoas(tx, [b.pessoa_id])).get(b.pessoa_id) ?? [];
    if (!telefone) throw new AppError('VALIDATION', COBRANCA_MSG.spcSemTelefone);

    const protocolo = formatProtocol(b.id, b.digito);
    const credor = await credorAtual(tx);
    const inclusaoPrevista = addDays(today, avisoDias);
    const aviso = spcAvisoTexto({
      nome: b.nome_razao, cpfCnpj: b.cpf_cnpj, credor: credor.nome, loja: b.loja, protocolo, parcela: b.parcela, vencimento: b.vencimento, valorCents: toCents(b.valor), inclusaoEm: inclusaoPrevista,
    });
    const mensagem = await enqueueMensagem(tx, jobs, { channel: 'whatsapp', to: telefone, subject: aviso.subject, text: aviso.text, entity: 'boleto', entityId: b.id }, actor);
    const [row] = await tx
      .insert(spcInclusao)
      .values({
        cpf_cnpj: b.cpf_cnpj,
        pessoa_id: b.pessoa_id,
        boleto_id: b.id,
        status: SPC_STATUS.AVISADA,
        incluido_por: actor.id,
        aviso_em: sql`now()`,
        inclusao_prevista: inclusaoPrevista,
        valor: centsToDecimalText(toCents(b.valor)),
        vencimento: b.vencimento,
        aviso_mensagem_id: mensagem.id,
      })
      .returning({ id: spcInclusao.id, status: spcInclusao.status, protocolo: spcInclusao.protocolo, aviso_em: spcInclusao.aviso_em });
    await tx.update(mensagemOutbox).set({ entity: 'spc_inclusao', entity_id: String(row.id) }).where(eq(mensagemOutbox.id, mensagem.id));
    await recordAudit(tx, actor, {
      action: 'spc.aviso',
      entity: 'spc_inclusao',
      entityId: row.id,
      summary: { boleto_id: b.id, protocolo_boleto: protocolo, cpf_cnpj: b.cpf_cnpj, valor: b.valor, vencimento: b.vencimento, aviso_mensagem_id: mensagem.id, aviso_para: telefone, inclusao_prevista: inclusaoPrevista },
    });
    return { id: row.id, boleto_id: b.id, status: row.status, protocolo: row.protocolo, aviso_mensagem_id: mensagem.id, aviso_em: row.aviso_em ?? new Date(), inclusao_prevista: inclusaoPrevista };
  });
  jobs.wake(sendMensagemJob);
  return result;
}
