import { eq } from 'drizzle-orm';
import { addDays, COBRANCA_MSG, dayInSaoPaulo, formatProtocol, SPC_STATUS, spcAvisoTexto, todayInSaoPaulo, toCents, type IsoDate } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, contaCobranca, empresa, garantia, spcInclusao, type SpcCartaDestinatario } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { CREDOR_PADRAO } from './credor.js';

/** What the notice letter prints (pdf/spc-carta-pdf.ts). */
export type SpcCarta = {
  id: number;
  remetente: { nome: string; cnpj: string | null; endereco: string | null };
  destinatario: SpcCartaDestinatario;
  debito: { credor: string; credor_cnpj: string | null; loja: string; protocolo: string; parcela: number; qtd_parcelas: number; vencimento: IsoDate; valor_cents: number };
  emitida_em: IsoDate;
  prazo_dias: number;
  texto: string;
  assunto: string;
  carta_postada_em: IsoDate | null;
  carta_rastreio: string | null;
};

/**
 * GET /api/acordo/spc/{id}/carta (administradores): the data of the registered letter of an SPC
 * record's prior notice — sender (the creditor, the active conta de cobrança), addressee as
 * recorded when the notice was issued, the debt and the notice's text. Records issued before the
 * letter existed (no address kept) are refused with the same 422 as a person without an address.
 */
export async function spcCartaData(db: Db, actor: Actor, id: number, avisoDias: number): Promise<SpcCarta> {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const [r] = await db
    .select({
      id: spcInclusao.id, destinatario: spcInclusao.carta_destinatario, aviso_em: spcInclusao.aviso_em, incluido_em: spcInclusao.incluido_em,
      postada: spcInclusao.carta_postada_em, rastreio: spcInclusao.carta_rastreio, valor: spcInclusao.valor, vencimento: spcInclusao.vencimento,
      boleto_id: boleto.id, digito: boleto.digito, parcela: boleto.parcela, qtd: garantia.qtd_titulo, loja: empresa.fantasia,
    })
    .from(spcInclusao)
    .innerJoin(boleto, eq(boleto.id, spcInclusao.boleto_id))
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(eq(spcInclusao.id, id));
  if (!r) throw notFound('Boleto');
  if (!r.destinatario) throw new AppError('VALIDATION', COBRANCA_MSG.spcSemEndereco);
  const [conta] = await db.select().from(contaCobranca).where(eq(contaCobranca.padrao, true)).limit(1);
  const remetente = conta
    ? { nome: conta.nome, cnpj: conta.cnpj, endereco: `${conta.endereco}, ${conta.numero} — ${conta.bairro} — ${conta.cidade}/${conta.uf} — CEP ${conta.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` }
    : { nome: CREDOR_PADRAO.nome, cnpj: CREDOR_PADRAO.cnpj, endereco: null };
  const protocolo = formatProtocol(r.boleto_id, r.digito);
  const valorCents = toCents(r.valor ?? '0');
  const vencimento = r.vencimento as IsoDate;
  const aviso = spcAvisoTexto({
    nome: r.destinatario.nome, cpfCnpj: r.destinatario.cpf_cnpj, credor: remetente.nome, loja: r.loja, protocolo, parcela: r.parcela, vencimento, valorCents, prazoDias: avisoDias,
  });
  return {
    id: r.id,
    remetente,
    destinatario: r.destinatario,
    debito: { credor: remetente.nome, credor_cnpj: remetente.cnpj, loja: r.loja, protocolo, parcela: r.parcela, qtd_parcelas: r.qtd, vencimento, valor_cents: valorCents },
    emitida_em: dayInSaoPaulo(r.aviso_em ?? r.incluido_em),
    prazo_dias: avisoDias,
    // the letter's own words: no "responda a esta mensagem"
    texto: aviso.text.replace('Para negociar a dívida, responda a esta mensagem.', 'Para negociar a dívida ou esclarecer dúvidas, procure o credor pelos contatos acima.'),
    assunto: aviso.subject,
    carta_postada_em: r.postada,
    carta_rastreio: r.rastreio,
  };
}

/**
 * POST /api/acordo/spc/{id}/postagem (administradores): the day the letter was posted and its AR
 * tracking code. One transaction with the record locked: only an AVISADA record; the date neither
 * before the notice was issued nor after today; inclusao_prevista = posting + `avisoDias` (the
 * period counts from the posting, decision 116). Recording the same posting again changes nothing;
 * a correction (wrong code or date) is allowed while AVISADA and audited.
 */
export async function registrarPostagemSpc(
  db: Db,
  actor: Actor,
  id: number,
  input: { data_postagem: string; codigo_rastreio: string },
  avisoDias: number,
  today = todayInSaoPaulo(),
) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(spcInclusao).where(eq(spcInclusao.id, id)).for('update');
    if (!r) throw notFound('Boleto');
    if (r.status !== SPC_STATUS.AVISADA) throw new AppError('WRONG_STATE', COBRANCA_MSG.spcCartaNaoAvisada);
    if (!r.carta_destinatario) throw new AppError('VALIDATION', COBRANCA_MSG.spcSemEndereco);
    const emitida = dayInSaoPaulo(r.aviso_em ?? r.incluido_em);
    if (input.data_postagem < emitida || input.data_postagem > today) {
      throw new AppError('VALIDATION', COBRANCA_MSG.spcPostagemData, { errors: { data_postagem: COBRANCA_MSG.spcPostagemData } });
    }
    const inclusaoPrevista = addDays(input.data_postagem as IsoDate, avisoDias);
    const data = { id: r.id, carta_postada_em: input.data_postagem, carta_rastreio: input.codigo_rastreio, inclusao_prevista: inclusaoPrevista };
    if (r.carta_postada_em === input.data_postagem && r.carta_rastreio === input.codigo_rastreio && r.inclusao_prevista === inclusaoPrevista) return data;
    await tx
      .update(spcInclusao)
      .set({ carta_postada_em: input.data_postagem, carta_rastreio: input.codigo_rastreio, inclusao_prevista: inclusaoPrevista, carta_registrada_por: actor.id, carta_registrada_em: new Date() })
      .where(eq(spcInclusao.id, r.id));
    await recordAudit(tx, actor, {
      action: 'spc.carta_postada',
      entity: 'spc_inclusao',
      entityId: r.id,
      summary: { boleto_id: r.boleto_id, data_postagem: input.data_postagem, codigo_rastreio: input.codigo_rastreio, inclusao_prevista: inclusaoPrevista, anterior: r.carta_postada_em ? { data_postagem: r.carta_postada_em, codigo_rastreio: r.carta_rastreio } : null },
    });
    return data;
  });
}
