import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  centsToDecimalText,
  COBRANCA_MSG,
  formatDateBR,
  formatProtocol,
  isValidPhone,
  onlyDigits,
  OPEN_SITUACOES,
  SPC_EM_CURSO,
  SPC_STATUS,
  spcAvisoTexto,
  todayInSaoPaulo,
  toCents,
} from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { acordoBoleto, assinaturaSolicitacao, boleto, empresa, garantia, pessoa, pessoaVisao, spcInclusao, type SpcCartaDestinatario } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { enqueueMensagem, sendMensagemJob } from '../mensagem/enqueue-mensagem.js';
import { assertAdmin } from '../tenancy/access.js';
import { credorAtual } from './credor.js';
import { telefonesDasPessoas } from './pendentes.js';

/**
 * POST /api/acordo/incluir-spc {boletoId} ("Incluir no SPC", decisions 050, 111 and 116). One
 * transaction, with the boleto locked:
 * 1. only an overdue pending boleto, not in a running acordo, without a record AVISADA or ATIVA (a
 *    partial unique index settles two concurrent clicks);
 * 2. the prior notice of CDC art. 43 § 2º is a registered LETTER to the debtor's address (STJ
 *    Súmula 359: the creditor's side sends it, before the inclusion): the address is the one the
 *    boleto's shop recorded, else the latest complete one of another shop; none → 422. The address
 *    is kept on the record (carta_destinatario) and the letter is printed from it (spc-carta.ts);
 * 3. the same notice goes by WhatsApp (first valid phone) and e-mail (the one the person gave for
 *    signing) when the person has them — tipo 'spc_aviso', LGPD basis proteção do crédito;
 * 4. our spc_inclusao row is AVISADA with no inclusion date yet: the operator records the posting
 *    (data + AR code, spc-carta.ts) and only then inclusao_prevista = posting + `avisoDias`. The
 *    daily job spc.inclusao never includes a record whose letter was not posted.
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
        empresa_id: garantia.empresa_id,
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
    if (emCurso?.inclusao_prevista) throw new AppError('CONFLICT', COBRANCA_MSG.spcAvisoEmCurso(formatDateBR(emCurso.inclusao_prevista)));
    if (emCurso) throw new AppError('CONFLICT', COBRANCA_MSG.spcAvisoAguardandoPostagem);
    const destinatario = await enderecoParaCarta(tx, b.pessoa_id, b.empresa_id, b.nome_razao, b.cpf_cnpj);
    if (!destinatario) throw new AppError('VALIDATION', COBRANCA_MSG.spcSemEndereco);

    const protocolo = formatProtocol(b.id, b.digito);
    const credor = await credorAtual(tx);
    const aviso = spcAvisoTexto({
      nome: b.nome_razao, cpfCnpj: b.cpf_cnpj, credor: credor.nome, loja: b.loja, protocolo, parcela: b.parcela, vencimento: b.vencimento, valorCents: toCents(b.valor),
      prazoDias: avisoDias, comCarta: true,
    });
    const [row] = await tx
      .insert(spcInclusao)
      .values({
        cpf_cnpj: b.cpf_cnpj,
        pessoa_id: b.pessoa_id,
        boleto_id: b.id,
        status: SPC_STATUS.AVISADA,
        incluido_por: actor.id,
        aviso_em: sql`now()`,
        inclusao_prevista: null,
        valor: centsToDecimalText(toCents(b.valor)),
        vencimento: b.vencimento,
        carta_destinatario: destinatario,
      })
      .returning({ id: spcInclusao.id, status: spcInclusao.status, protocolo: spcInclusao.protocolo, aviso_em: spcInclusao.aviso_em });

    // the letter is the notice of record; WhatsApp and e-mail go too when the person has them
    const mensagens: { id: number; channel: string; to: string }[] = [];
    const base = { subject: aviso.subject, text: aviso.text, entity: 'spc_inclusao', entityId: row.id, pessoaId: b.pessoa_id, empresaId: b.empresa_id, tipo: 'spc_aviso' as const };
    const telefone = ((await telefonesDasPessoas(tx, [b.pessoa_id])).get(b.pessoa_id) ?? []).map(onlyDigits).find((t) => isValidPhone(t));
    if (telefone) mensagens.push({ ...(await enqueueMensagem(tx, jobs, { ...base, channel: 'whatsapp', to: telefone }, actor)), channel: 'whatsapp', to: telefone });
    const email = await emailDaPessoa(tx, b.pessoa_id);
    if (email) mensagens.push({ ...(await enqueueMensagem(tx, jobs, { ...base, channel: 'email', to: email }, actor)), channel: 'email', to: email });
    const avisoMensagemId = mensagens[0]?.id ?? null;
    if (avisoMensagemId) await tx.update(spcInclusao).set({ aviso_mensagem_id: avisoMensagemId }).where(eq(spcInclusao.id, row.id));

    await recordAudit(tx, actor, {
      action: 'spc.aviso',
      entity: 'spc_inclusao',
      entityId: row.id,
      summary: {
        boleto_id: b.id, protocolo_boleto: protocolo, cpf_cnpj: b.cpf_cnpj, valor: b.valor, vencimento: b.vencimento,
        carta_para: `${destinatario.endereco}, ${destinatario.numero ?? 's/n'} — ${destinatario.cidade}/${destinatario.uf} — CEP ${destinatario.cep}`,
        mensagens: mensagens.map((m) => ({ id: m.id, channel: m.channel, para: m.to })),
        aviso_dias: avisoDias,
      },
    });
    return {
      id: row.id, boleto_id: b.id, status: row.status, protocolo: row.protocolo, aviso_mensagem_id: avisoMensagemId, mensagens: mensagens.map((m) => m.id),
      aviso_em: row.aviso_em ?? new Date(), inclusao_prevista: null,
    };
  });
  if (result.mensagens.length) jobs.wake(sendMensagemJob);
  return result;
}

const completo = (v: { endereco: string | null; cidade: string | null; uf: string | null; cep: string | null }) =>
  Boolean(v.endereco?.trim() && v.cidade?.trim() && v.uf?.trim() && v.cep && /^\d{8}$/.test(v.cep));

/**
 * Where the letter goes: the address the boleto's shop recorded for the person (its view), else the
 * most recently updated complete address another shop (or the administradores) recorded.
 */
export async function enderecoParaCarta(db: DbOrTx, pessoaId: number, empresaId: number, nome: string, cpfCnpj: string): Promise<SpcCartaDestinatario | null> {
  const views = await db
    .select({
      empresa_id: pessoaVisao.empresa_id, endereco: pessoaVisao.endereco, numero: pessoaVisao.numero, complemento: pessoaVisao.complemento,
      bairro: pessoaVisao.bairro, cidade: pessoaVisao.cidade, uf: pessoaVisao.uf, cep: pessoaVisao.cep,
    })
    .from(pessoaVisao)
    .where(eq(pessoaVisao.pessoa_id, pessoaId))
    .orderBy(desc(pessoaVisao.updated_at), desc(pessoaVisao.id));
  const v = views.find((x) => x.empresa_id === empresaId && completo(x)) ?? views.find(completo);
  if (!v) return null;
  return {
    nome, cpf_cnpj: cpfCnpj, endereco: v.endereco!.trim(), numero: v.numero?.trim() || null, complemento: v.complemento?.trim() || null,
    bairro: v.bairro?.trim() || null, cidade: v.cidade!.trim(), uf: v.uf!.trim(), cep: v.cep!,
  };
}

/** The person's e-mail: the pessoa has none of its own; the one last given to sign their duplicatas. */
async function emailDaPessoa(db: DbOrTx, pessoaId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: assinaturaSolicitacao.email })
    .from(assinaturaSolicitacao)
    .innerJoin(garantia, eq(garantia.id, assinaturaSolicitacao.garantia_id))
    .where(eq(garantia.pessoa_id, pessoaId))
    .orderBy(desc(assinaturaSolicitacao.created_at))
    .limit(1);
  const email = row?.email.trim();
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

