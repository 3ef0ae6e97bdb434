import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { formatProtocol, fromCents, toCents, COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import {
  acessoDadosPessoais,
  acordo,
  acordoParcela,
  agendamento,
  assinaturaSolicitacao,
  boleto,
  boletoAvulso,
  boletoHistorico,
  consultaBureau,
  consultaDocumento,
  cpfSuspeito,
  empresa,
  garantia,
  garantiaAvaliacao,
  garantiaPessoa,
  garantiaRevisao,
  mensagemConsentimento,
  mensagemOutbox,
  pagadorAcesso,
  pessoa,
  pessoaDocumento,
  pessoaTelefone,
  pessoaVisao,
  spcInclusao,
  storedFile,
  usuario,
  whatsappRecebida,
} from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { dadosColumns, dadosJson, visaoLoja } from '../../shared/pessoa-dados.js';
import { assertAdmin } from '../tenancy/access.js';
import { recordDataAccess } from './record-acesso.js';

const money = (v: string | null) => (v === null ? null : fromCents(toCents(v)));
const none = sql`false`;
const anyOf = <T extends string | number>(column: PgColumn, values: T[]): SQL => (values.length ? inArray(column, values) : none);

/**
 * POST /api/lgpd/exportar (and /pdf): everything held about one CPF/CNPJ, for a data subject's
 * request (LGPD art. 18): the person's identity, every shop's view of it (decision 104), phones
 * and the documents' list (names and dates, never the files), each marked by the shop that holds
 * it, guarantees with the data typed in each request, and their boletos (with the history of situações), boletos avulsos, acordos
 * with instalments, notes (agendamentos), SPC inclusions, digital signatures, messages sent, bureau
 * queries and lookups, the suspect list entry, and the access log. Read in one snapshot
 * (REPEATABLE READ), so the sections agree. The export itself is logged (recurso `exportacao`) and
 * audited. A document nothing is held about answers the same shape, every section empty.
 */
export async function exportarDados(db: Db, actor: Actor, cpfCnpj: string) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const data = await db.transaction(async (tx) => {
    const [titular] = await tx.select().from(pessoa).where(eq(pessoa.cpf_cnpj, cpfCnpj));
    const pessoaId = titular?.id ?? null;
    const ofPessoa = (column: PgColumn) => (pessoaId === null ? none : eq(column, pessoaId));

    // every shop's view, and its phones and documents, marked by the shop that holds them
    const visoes = await tx
      .select({ empresa_id: pessoaVisao.empresa_id, fantasia: empresa.fantasia, ...dadosColumns(pessoaVisao), created_at: pessoaVisao.created_at, updated_at: pessoaVisao.updated_at })
      .from(pessoaVisao).leftJoin(empresa, eq(empresa.id, pessoaVisao.empresa_id))
      .where(ofPessoa(pessoaVisao.pessoa_id)).orderBy(asc(pessoaVisao.id));
    const telefones = await tx
      .select({ telefone: pessoaTelefone.telefone, contato: pessoaTelefone.contato, created_at: pessoaTelefone.created_at, empresa_id: pessoaTelefone.empresa_id, fantasia: empresa.fantasia })
      .from(pessoaTelefone).leftJoin(empresa, eq(empresa.id, pessoaTelefone.empresa_id))
      .where(ofPessoa(pessoaTelefone.pessoa_id)).orderBy(asc(pessoaTelefone.id));
    const documentos = await tx
      .select({ nome: storedFile.original_name, tipo: storedFile.content_type, tamanho_bytes: storedFile.size_bytes, created_at: pessoaDocumento.created_at, empresa_id: pessoaDocumento.empresa_id, fantasia: empresa.fantasia })
      .from(pessoaDocumento).innerJoin(storedFile, eq(storedFile.id, pessoaDocumento.file_id)).leftJoin(empresa, eq(empresa.id, pessoaDocumento.empresa_id))
      .where(ofPessoa(pessoaDocumento.pessoa_id)).orderBy(asc(pessoaDocumento.id));
    const garantias = await tx
      .select({
        id: garantia.id, digito: garantia.digito, data: garantia.data, status: garantia.status, libera_boleto: garantia.libera_boleto, loja: empresa.fantasia,
        motivo: garantia.motivo, observacao: garantia.observacao, qtd_titulo: garantia.qtd_titulo,
        dados: { ...dadosColumns(garantiaPessoa), origem: garantiaPessoa.origem },
      })
      .from(garantia).innerJoin(empresa, eq(empresa.id, garantia.empresa_id)).leftJoin(garantiaPessoa, eq(garantiaPessoa.garantia_id, garantia.id))
      .where(ofPessoa(garantia.pessoa_id)).orderBy(asc(garantia.id));
    const garantiaIds = garantias.map((g) => g.id);
    const boletos = await tx
      .select({ id: boleto.id, digito: boleto.digito, garantia_id: boleto.garantia_id, parcela: boleto.parcela, valor: boleto.valor, vencimento: boleto.vencimento, situacao: boleto.situacao, nosso_numero: boleto.nosso_numero, linha_digitavel: boleto.linha_digitavel })
      .from(boleto).where(anyOf(boleto.garantia_id, garantiaIds)).orderBy(asc(boleto.garantia_id), asc(boleto.parcela));
    const boletoIds = boletos.map((b) => b.id);
    const historico = await tx
      .select({ boleto_id: boletoHistorico.boleto_id, de: boletoHistorico.de, para: boletoHistorico.para, motivo: boletoHistorico.motivo, created_at: boletoHistorico.created_at })
      .from(boletoHistorico).where(anyOf(boletoHistorico.boleto_id, boletoIds)).orderBy(asc(boletoHistorico.id));
    const avulsos = await tx
      .select({ id: boletoAvulso.id, nome_razao: boletoAvulso.nome_razao, valor: boletoAvulso.valor, vencimento: boletoAvulso.vencimento, situacao: boletoAvulso.situacao, nosso_numero: boletoAvulso.nosso_numero, created_at: boletoAvulso.created_at })
      .from(boletoAvulso).where(eq(boletoAvulso.cpf_cnpj, cpfCnpj)).orderBy(asc(boletoAvulso.id));
    const acordos = await tx
      .select({ id: acordo.id, descricao: acordo.descricao, status: acordo.status, valor: acordo.valor, desconto: acordo.desconto, valor_atualizado: acordo.valor_atualizado, valor_entrada: acordo.valor_entrada, numero_parcelas: acordo.numero_parcelas, created_at: acordo.created_at, data_cancelamento: acordo.data_cancelamento })
      .from(acordo).where(ofPessoa(acordo.pessoa_id)).orderBy(asc(acordo.id));
    const parcelas = await tx
      .select({ acordo_id: acordoParcela.acordo_id, parcela: acordoParcela.parcela, vencimento: acordoParcela.vencimento, valor: acordoParcela.valor, situacao: acordoParcela.situacao, pago_em: acordoParcela.pago_em })
      .from(acordoParcela).where(anyOf(acordoParcela.acordo_id, acordos.map((a) => a.id))).orderBy(asc(acordoParcela.acordo_id), asc(acordoParcela.parcela));
    const anotacoes = await tx
      .select({ data: agendamento.data, descricao: agendamento.descricao, status: agendamento.status, created_at: agendamento.created_at, realizado_em: agendamento.realizado_em })
      .from(agendamento).where(ofPessoa(agendamento.pessoa_id)).orderBy(asc(agendamento.id));
    const spc = await tx
      .select({ id: spcInclusao.id, boleto_id: spcInclusao.boleto_id, status: spcInclusao.status, protocolo: spcInclusao.protocolo, valor: spcInclusao.valor, vencimento: spcInclusao.vencimento, incluido_em: spcInclusao.incluido_em, removido_em: spcInclusao.removido_em, exclusao_motivo: spcInclusao.exclusao_motivo })
      .from(spcInclusao).where(or(eq(spcInclusao.cpf_cnpj, cpfCnpj), ofPessoa(spcInclusao.pessoa_id))).orderBy(asc(spcInclusao.id));
    const assinaturas = await tx
      .select({ id: assinaturaSolicitacao.id, garantia_id: assinaturaSolicitacao.garantia_id, status: assinaturaSolicitacao.status, email: assinaturaSolicitacao.email, telefone: assinaturaSolicitacao.telefone, sacado_nome: assinaturaSolicitacao.sacado_nome, created_at: assinaturaSolicitacao.created_at, opened_at: assinaturaSolicitacao.opened_at, signed_at: assinaturaSolicitacao.signed_at, signer_nome: assinaturaSolicitacao.signer_nome, signer_ip: assinaturaSolicitacao.signer_ip, signer_user_agent: assinaturaSolicitacao.signer_user_agent, tipo: assinaturaSolicitacao.tipo })
      .from(assinaturaSolicitacao)
      .where(or(eq(assinaturaSolicitacao.sacado_cpf_cnpj, cpfCnpj), anyOf(assinaturaSolicitacao.garantia_id, garantiaIds)))
      .orderBy(asc(assinaturaSolicitacao.id));
    // messages about the person's records, or sent to its phones and e-mails
    const about = (entity: string, ids: number[]) => (ids.length ? and(eq(mensagemOutbox.entity, entity), inArray(mensagemOutbox.entity_id, ids.map(String))) : none);
    const contatos = [
      ...visoes.flatMap((v) => [v.telefone1, v.telefone2]),
      ...garantias.flatMap((g) => [g.dados?.telefone1, g.dados?.telefone2]),
      ...telefones.map((t) => t.telefone),
      ...assinaturas.flatMap((a) => [a.email, a.telefone]),
    ].filter((c): c is string => !!c);
    const mensagens = await tx
      .select({ canal: mensagemOutbox.channel, destinatario: mensagemOutbox.recipient, assunto: mensagemOutbox.subject, texto: mensagemOutbox.text, status: mensagemOutbox.status, created_at: mensagemOutbox.created_at, sent_at: mensagemOutbox.sent_at })
      .from(mensagemOutbox)
      .where(or(about('garantia', garantiaIds), about('boleto', boletoIds), about('spc_inclusao', spc.map((s) => s.id)), about('assinatura', assinaturas.map((a) => a.id)), anyOf(mensagemOutbox.recipient, [...new Set(contatos)])))
      .orderBy(asc(mensagemOutbox.id));
    const consultasDocumento = await tx
      .select({ created_at: consultaDocumento.created_at, loja: empresa.fantasia, motivo: consultaDocumento.motivo, status: consultaDocumento.status })
      .from(consultaDocumento).leftJoin(empresa, eq(empresa.id, consultaDocumento.empresa_id))
      .where(eq(consultaDocumento.cpf_cnpj, cpfCnpj)).orderBy(asc(consultaDocumento.id));
    const consultasBureau = await tx
      .select({ garantia_id: consultaBureau.garantia_id, tipo: consultaBureau.tipo, provedor: consultaBureau.provider, resultado: consultaBureau.resultado, created_at: consultaBureau.created_at, usuario: usuario.name })
      .from(consultaBureau).innerJoin(usuario, eq(usuario.id, consultaBureau.usuario_id))
      .where(anyOf(consultaBureau.garantia_id, garantiaIds)).orderBy(asc(consultaBureau.id));
    // LGPD art. 20: every automated decision about the person — the version, outcome, main criteria
    // and the inputs it used — with the human review asked and its outcome (docs/credito.md)
    const decisoes = await tx
      .select({ garantia_id: garantiaAvaliacao.garantia_id, versao: garantiaAvaliacao.versao, resultado: garantiaAvaliacao.resultado, motivos: garantiaAvaliacao.motivos,
        entradas: garantiaAvaliacao.entradas, avaliado_em: garantiaAvaliacao.avaliado_em, revisao_status: garantiaRevisao.status, revisao_prazo: garantiaRevisao.prazo,
        revisao_fundamentacao: garantiaRevisao.fundamentacao, revisao_decidida_em: garantiaRevisao.decidida_em })
      .from(garantiaAvaliacao).leftJoin(garantiaRevisao, eq(garantiaRevisao.garantia_id, garantiaAvaliacao.garantia_id))
      .where(anyOf(garantiaAvaliacao.garantia_id, garantiaIds)).orderBy(asc(garantiaAvaliacao.avaliado_em));
    // issue 27: the person's choices per channel (with their source), what it wrote to us by WhatsApp
    // and every use of the payer page under its identity (LGPD art. 37: the records of processing)
    const consentimentos = await tx
      .select({ canal: mensagemConsentimento.channel, aceito: mensagemConsentimento.aceito, origem: mensagemConsentimento.origem, detalhe: mensagemConsentimento.detalhe, created_at: mensagemConsentimento.created_at })
      .from(mensagemConsentimento).where(ofPessoa(mensagemConsentimento.pessoa_id)).orderBy(asc(mensagemConsentimento.id));
    const whatsappRecebidas = await tx
      .select({ telefone: whatsappRecebida.telefone, tipo: whatsappRecebida.tipo, texto: whatsappRecebida.texto, recebida_em: whatsappRecebida.recebida_em })
      .from(whatsappRecebida).where(ofPessoa(whatsappRecebida.pessoa_id)).orderBy(asc(whatsappRecebida.id));
    const acessosPagador = await tx
      .select({ acao: pagadorAcesso.acao, meio: pagadorAcesso.meio, boleto_id: pagadorAcesso.boleto_id, ip: pagadorAcesso.ip, user_agent: pagadorAcesso.user_agent, created_at: pagadorAcesso.created_at })
      .from(pagadorAcesso).where(ofPessoa(pagadorAcesso.pessoa_id)).orderBy(asc(pagadorAcesso.id));
    const suspeito = await tx.select({ motivo: cpfSuspeito.motivo, created_at: cpfSuspeito.created_at }).from(cpfSuspeito).where(eq(cpfSuspeito.cpf_cnpj, cpfCnpj));
    const acessos = await tx
      .select({ created_at: acessoDadosPessoais.created_at, usuario: usuario.name, recurso: acessoDadosPessoais.recurso, rota: acessoDadosPessoais.rota })
      .from(acessoDadosPessoais).leftJoin(usuario, eq(usuario.id, acessoDadosPessoais.usuario_id))
      .where(ofPessoa(acessoDadosPessoais.pessoa_id)).orderBy(desc(acessoDadosPessoais.created_at), desc(acessoDadosPessoais.id));

    return {
      pessoaId,
      export: {
        gerado_em: new Date(),
        gerado_por: actor.name,
        cpf_cnpj: cpfCnpj,
        titular: titular ?? null,
        visoes: visoes.map(({ fantasia, empresa_id, created_at, updated_at, ...v }) => ({ empresa_id, loja: visaoLoja(fantasia), ...dadosJson(v), created_at, updated_at })),
        telefones: telefones.map(({ fantasia, ...t }) => ({ ...t, loja: visaoLoja(fantasia) })),
        documentos: documentos.map(({ fantasia, ...d }) => ({ ...d, loja: visaoLoja(fantasia) })),
        garantias: garantias.map(({ dados, ...g }) => ({
          ...g,
          protocolo: formatProtocol(g.id, g.digito),
          dados_informados: dados?.nome_razao != null ? { ...dadosJson({ ...dados, nome_razao: dados.nome_razao }), origem: dados.origem } : null,
        })),
        boletos: boletos.map((b) => ({
          ...b,
          protocolo: formatProtocol(b.id, b.digito),
          valor: money(b.valor),
          historico: historico.filter((h) => h.boleto_id === b.id).map(({ boleto_id: _b, ...h }) => h),
        })),
        boletos_avulsos: avulsos.map((b) => ({ ...b, valor: money(b.valor) })),
        acordos: acordos.map((a) => ({
          ...a,
          valor: money(a.valor),
          desconto: money(a.desconto),
          valor_atualizado: money(a.valor_atualizado),
          valor_entrada: money(a.valor_entrada),
          parcelas: parcelas.filter((p) => p.acordo_id === a.id).map(({ acordo_id: _a, ...p }) => ({ ...p, valor: money(p.valor) })),
        })),
        anotacoes,
        spc: spc.map((s) => ({ ...s, valor: money(s.valor) })),
        assinaturas,
        mensagens,
        consentimentos,
        whatsapp_recebidas: whatsappRecebidas,
        acessos_pagina_pagador: acessosPagador,
        consultas_documento: consultasDocumento,
        consultas_bureau: consultasBureau,
        decisoes_automatizadas: decisoes.map(({ motivos, revisao_status, revisao_prazo, revisao_fundamentacao, revisao_decidida_em, ...d }) => ({
          ...d,
          criterios: motivos.map(({ codigo, texto, resultado }) => ({ codigo, texto, resultado })),
          revisao: revisao_status ? { status: revisao_status, prazo: revisao_prazo, fundamentacao: revisao_fundamentacao, decidida_em: revisao_decidida_em } : null,
        })),
        cpf_suspeito: suspeito[0] ?? null,
        acessos,
      },
    };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });

  await db.transaction(async (tx) => {
    if (data.pessoaId !== null) await recordDataAccess(tx, actor, data.pessoaId, ['exportacao']);
    await recordAudit(tx, actor, { action: 'lgpd.exportar', entity: 'pessoa', entityId: data.pessoaId, summary: { encontrada: data.pessoaId !== null } });
  });
  return data.export;
}

export type ExportacaoLgpd = Awaited<ReturnType<typeof exportarDados>>;
