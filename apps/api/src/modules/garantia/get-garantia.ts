import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatProtocol, fromCents, garantiaStatusLabel, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import {
  boleto,
  consultaBureau,
  empresa,
  garantia,
  garantiaDuplicata,
  pessoa,
  pessoaDocumento,
  pessoaTelefone,
  storedFile,
  usuario,
} from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import type { Actor } from '../audit/record-audit.js';
import { assertVisible, empresaScope, inScope } from '../tenancy/scope.js';

const money = (v: string) => fromCents(toCents(v));

/**
 * GET /api/garantia/getById/{id}: everything "Análise da Garantia" shows — the request, the
 * person with phones and references, documents and duplicatas as expiring links, the boletos,
 * the boletos of the person's older guarantees (within the actor's scope) and the stored bureau
 * results (administradores only).
 */
export async function getGarantia(db: Db, links: FileLinkSigner, actor: Actor, id: number) {
  const scope = await empresaScope(db, actor);
  const decisor = alias(usuario, 'decisor');
  const [row] = await db
    .select({ g: garantia, p: pessoa, e: { id: empresa.id, fantasia: empresa.fantasia, razao: empresa.razao }, u: { id: usuario.id, name: usuario.name }, decisor: decisor.name })
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .innerJoin(usuario, eq(usuario.id, garantia.usuario_id))
    .leftJoin(decisor, eq(decisor.id, garantia.decidido_por))
    .where(eq(garantia.id, id));
  if (!row) throw notFound('Garantia');
  assertVisible(scope, row.g.empresa_id, 'Garantia');

  const [boletos, telefones, documentos, duplicatas, anteriores, consultas] = await Promise.all([
    db.select({ id: boleto.id, digito: boleto.digito, parcela: boleto.parcela, valor: boleto.valor, vencimento: boleto.vencimento, situacao: boleto.situacao })
      .from(boleto).where(eq(boleto.garantia_id, id)).orderBy(asc(boleto.parcela)),
    db.select({ id: pessoaTelefone.id, telefone: pessoaTelefone.telefone, contato: pessoaTelefone.contato }).from(pessoaTelefone).where(eq(pessoaTelefone.pessoa_id, row.p.id)),
    db.select({ file_id: pessoaDocumento.file_id, nome: storedFile.original_name, created_at: pessoaDocumento.created_at })
      .from(pessoaDocumento).innerJoin(storedFile, eq(storedFile.id, pessoaDocumento.file_id)).where(eq(pessoaDocumento.pessoa_id, row.p.id)).orderBy(asc(pessoaDocumento.id)),
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
    actor.nivel === '2'
      ? db.select({ tipo: consultaBureau.tipo, provider: consultaBureau.provider, html: consultaBureau.html, resultado: consultaBureau.resultado, created_at: consultaBureau.created_at, usuario: usuario.name })
          .from(consultaBureau).innerJoin(usuario, eq(usuario.id, consultaBureau.usuario_id)).where(eq(consultaBureau.garantia_id, id))
      : Promise.resolve([]),
  ]);

  const { renda, ...pessoaRest } = row.p;
  return {
    ...row.g,
    protocolo: formatProtocol(row.g.id, row.g.digito),
    status_label: garantiaStatusLabel(row.g.status, row.g.libera_boleto),
    decidido_por_nome: row.decisor,
    empresa: row.e,
    usuario: { ...row.u, empresa: { fantasia: row.e.fantasia, razao: row.e.razao } },
    pessoa: { ...pessoaRest, renda: renda == null ? null : money(renda), telefones },
    boletos: boletos.map((b) => ({ ...b, valor: money(b.valor), protocolo: formatProtocol(b.id, b.digito) })),
    boletos_anteriores: anteriores.map((b) => ({
      ...b,
      valor: money(b.valor),
      garantia_protocolo: formatProtocol(b.garantia_id, b.garantia_digito),
      garantia_status: garantiaStatusLabel(b.status, b.libera_boleto),
      protocolo: formatProtocol(b.id, b.digito),
    })),
    documentacao: documentos.map((d) => ({ id: d.file_id, nome: d.nome, url: links.url(d.file_id) })),
    duplicatas: duplicatas.map((d) => ({ ...d, url: links.url(d.id) })),
    consultas: {
      restritiva: consultas.find((c) => c.tipo === 'RESTRITIVA') ?? null,
      analitica: consultas.find((c) => c.tipo === 'ANALITICA') ?? null,
    },
  };
}

export function listDuplicataFiles(db: Db, garantiaId: number) {
  return db
    .select({ id: storedFile.id, nome: storedFile.original_name, created_at: garantiaDuplicata.created_at })
    .from(garantiaDuplicata)
    .innerJoin(storedFile, eq(storedFile.id, garantiaDuplicata.file_id))
    .where(eq(garantiaDuplicata.garantia_id, garantiaId))
    .orderBy(asc(garantiaDuplicata.id));
}
