import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatProtocol, fromCents, garantiaStatusLabel, pessoaDivergencias, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import {
  boleto,
  consultaBureau,
  empresa,
  garantia,
  garantiaDuplicata,
  garantiaPessoa,
  pessoa,
  pessoaDocumento,
  pessoaTelefone,
  storedFile,
  usuario,
} from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import type { Actor } from '../../shared/actor.js';
import { recordDataAccess } from '../lgpd/record-acesso.js';
import { tipoPessoa } from '../pessoa/pessoa-access.js';
import { dadosColumns, dadosJson, identityOnly, visaoLoja, type DadosRow } from '../../shared/pessoa-dados.js';
import { isAdministrador } from '../tenancy/access.js';
import { assertVisible, empresaScope, inScope } from '../tenancy/scope.js';
import { withGarantiaContext } from '../../shared/garantia-context.js';
import { avaliacaoDaGarantia, revisaoDaGarantia } from '../credito/avaliacao-garantia.js';

const money = (v: string) => fromCents(toCents(v));

/**
 * GET /api/garantia/getById/{id}: everything "Análise da Garantia" shows — the request, the
 * person as the guarantee's shop typed it in this request (its snapshot, decision 104) with the
 * extra phones and documents (expiring links) of the views the reader may read, marked by shop —
 * an administrador every view, with the shared identity and its divergences —, duplicatas, the
 * boletos, the boletos of the person's older guarantees (within the actor's scope) and the stored
 * bureau results (administradores only).
 */
export async function getGarantia(db: Db, links: FileLinkSigner, actor: Actor, id: number) {
  const scope = await empresaScope(db, actor);
  const decisor = alias(usuario, 'decisor');
  const select = db.select({
    g: garantia,
    p: { id: pessoa.id, tipo_pessoa: pessoa.tipo_pessoa, cpf_cnpj: pessoa.cpf_cnpj, nome_razao: pessoa.nome_razao, data_nascimento: pessoa.data_nascimento },
    snapshot: { ...dadosColumns(garantiaPessoa), origem: garantiaPessoa.origem },
    e: { id: empresa.id, fantasia: empresa.fantasia, razao: empresa.razao },
    u: { id: usuario.id, name: usuario.name },
    decisor: decisor.name,
  });
  const [row] = await withGarantiaContext(select.from(garantia).$dynamic())
    .leftJoin(garantiaPessoa, eq(garantiaPessoa.garantia_id, garantia.id))
    .innerJoin(usuario, eq(usuario.id, garantia.usuario_id))
    .leftJoin(decisor, eq(decisor.id, garantia.decidido_por))
    .where(eq(garantia.id, id));
  if (!row) throw notFound('Garantia');
  assertVisible(scope, row.g.empresa_id, 'Garantia');
  const admin = isAdministrador(actor);
  const identidade = { nome_razao: row.p.nome_razao, data_nascimento: row.p.data_nascimento };
  // every guarantee has its snapshot (solicitaGarantia, migration 0101); the identity alone otherwise
  const snapshot = row.snapshot;
  const dados: DadosRow & { origem: 'solicitacao' | 'migracao' } =
    snapshot?.nome_razao != null && snapshot.origem != null
      ? { ...snapshot, nome_razao: snapshot.nome_razao, origem: snapshot.origem }
      : { ...identityOnly(identidade), origem: 'migracao' };

  const [boletos, telefones, documentos, duplicatas, anteriores, consultas, avaliacao, revisao] = await Promise.all([
    db.select({ id: boleto.id, digito: boleto.digito, parcela: boleto.parcela, valor: boleto.valor, vencimento: boleto.vencimento, situacao: boleto.situacao })
      .from(boleto).where(eq(boleto.garantia_id, id)).orderBy(asc(boleto.parcela)),
    // the views the reader may read: a shop its own, an administrador every one (decision 104)
    db.select({ id: pessoaTelefone.id, telefone: pessoaTelefone.telefone, contato: pessoaTelefone.contato, empresa_id: pessoaTelefone.empresa_id, fantasia: empresa.fantasia })
      .from(pessoaTelefone).leftJoin(empresa, eq(empresa.id, pessoaTelefone.empresa_id))
      .where(and(eq(pessoaTelefone.pessoa_id, row.p.id), inScope(scope, pessoaTelefone.empresa_id))).orderBy(asc(pessoaTelefone.id)),
    db.select({ file_id: pessoaDocumento.file_id, nome: storedFile.original_name, empresa_id: pessoaDocumento.empresa_id, fantasia: empresa.fantasia })
      .from(pessoaDocumento).innerJoin(storedFile, eq(storedFile.id, pessoaDocumento.file_id)).leftJoin(empresa, eq(empresa.id, pessoaDocumento.empresa_id))
      .where(and(eq(pessoaDocumento.pessoa_id, row.p.id), inScope(scope, pessoaDocumento.empresa_id))).orderBy(asc(pessoaDocumento.id)),
    listDuplicataFiles(db, id),
    db.select({
        garantia_id: garantia.id, garantia_digito: garantia.digito, data: garantia.data, status: garantia.status, libera_boleto: garantia.libera_boleto, loja: empresa.fantasia,
        id: boleto.id, digito: boleto.digito, parcela: boleto.parcela, valor: boleto.valor, vencimento: boleto.vencimento, situacao: boleto.situacao,
      })
      .from(garantia)
      .innerJoin(boleto, eq(boleto.garantia_id, garantia.id))
      .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
      .where(and(eq(garantia.pessoa_id, row.p.id), ne(garantia.id, id), lt(garantia.data, row.g.data), inScope(scope, garantia.empresa_id)))
      .orderBy(desc(garantia.data), asc(boleto.parcela)),
    // the stored report as the screen shows it; the provider's raw answer (resultado) stays here
    admin
      ? db.select({ tipo: consultaBureau.tipo, html: consultaBureau.html, created_at: consultaBureau.created_at, usuario: usuario.name })
          .from(consultaBureau).innerJoin(usuario, eq(usuario.id, consultaBureau.usuario_id)).where(eq(consultaBureau.garantia_id, id))
      : Promise.resolve([]),
    avaliacaoDaGarantia(db, id),
    revisaoDaGarantia(db, id),
  ]);

  // LGPD access log: what of the person's income, documents and bureau results this answer carries
  await recordDataAccess(db, actor, row.p.id, [
    ...(dados.renda !== null ? (['renda'] as const) : []),
    ...(documentos.length ? (['documentos'] as const) : []),
    ...(consultas.length ? (['consulta_bureau'] as const) : []),
  ]);

  const g = row.g;
  const consulta = (tipo: string) => {
    const c = consultas.find((r) => r.tipo === tipo);
    return c ? { html: c.html, usuario: c.usuario, created_at: c.created_at } : null;
  };
  return {
    id: g.id,
    digito: g.digito,
    protocolo: formatProtocol(g.id, g.digito),
    data: g.data,
    status: g.status,
    status_label: garantiaStatusLabel(g.status, g.libera_boleto),
    libera_boleto: g.libera_boleto,
    motivo: g.motivo,
    observacao: g.observacao,
    qtd_titulo: g.qtd_titulo,
    possui_duplicata: g.possui_duplicata,
    decidido_por_nome: row.decisor,
    decidido_em: g.decidido_em,
    empresa: row.e,
    usuario: { ...row.u, empresa: { fantasia: row.e.fantasia, razao: row.e.razao } },
    pessoa: {
      id: row.p.id,
      tipo_pessoa: tipoPessoa(row.p.tipo_pessoa),
      cpf_cnpj: row.p.cpf_cnpj,
      ...dadosJson(dados),
      origem: dados.origem,
      telefones: telefones.map(({ fantasia, ...t }) => ({ ...t, loja: visaoLoja(fantasia) })),
      identidade: admin ? identidade : null,
      divergencias: admin ? pessoaDivergencias(identidade, dados) : [],
    },
    boletos: boletos.map((b) => ({ ...b, valor: money(b.valor), protocolo: formatProtocol(b.id, b.digito) })),
    boletos_anteriores: anteriores.map((b) => ({
      garantia_id: b.garantia_id,
      garantia_protocolo: formatProtocol(b.garantia_id, b.garantia_digito),
      garantia_status: garantiaStatusLabel(b.status, b.libera_boleto),
      data: b.data,
      loja: b.loja,
      id: b.id,
      digito: b.digito,
      protocolo: formatProtocol(b.id, b.digito),
      parcela: b.parcela,
      valor: money(b.valor),
      vencimento: b.vencimento,
      situacao: b.situacao,
    })),
    documentacao: documentos.map((d) => ({ id: d.file_id, nome: d.nome, url: links.url(d.file_id), empresa_id: d.empresa_id, loja: visaoLoja(d.fantasia) })),
    duplicatas: duplicatas.map((d) => ({ id: d.id, nome: d.nome, url: links.url(d.id) })),
    consultas: { restritiva: consulta('RESTRITIVA'), analitica: consulta('ANALITICA') },
    avaliacao,
    revisao,
  };
}

export function listDuplicataFiles(db: Db, garantiaId: number) {
  return db
    .select({ id: storedFile.id, nome: storedFile.original_name })
    .from(garantiaDuplicata)
    .innerJoin(storedFile, eq(storedFile.id, garantiaDuplicata.file_id))
    .where(eq(garantiaDuplicata.garantia_id, garantiaId))
    .orderBy(asc(garantiaDuplicata.id));
}
