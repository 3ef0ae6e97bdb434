import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ResultadoCredito } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { garantiaAvaliacao, garantiaRevisao, usuario } from '../../db/schema/index.js';

/** The main criteria of a stored evaluation: the reasons at its outcome (what the shop is told). */
export function motivosPrincipais(resultado: ResultadoCredito, aplicadas: { codigo: string; texto: string; resultado: ResultadoCredito }[]) {
  return aplicadas.filter((m) => m.resultado === resultado).map(({ codigo, texto }) => ({ codigo, texto }));
}

export async function avaliacaoDaGarantia(db: DbOrTx, garantiaId: number) {
  const [a] = await db.select().from(garantiaAvaliacao).where(eq(garantiaAvaliacao.garantia_id, garantiaId));
  return a ? { versao: a.versao, resultado: a.resultado, motivos: motivosPrincipais(a.resultado, a.motivos) } : null;
}

export async function revisaoDaGarantia(db: DbOrTx, garantiaId: number) {
  const solicitante = alias(usuario, 'solicitante');
  const revisor = alias(usuario, 'revisor');
  const [r] = await db
    .select({ r: garantiaRevisao, solicitada_por: solicitante.name, decidida_por: revisor.name })
    .from(garantiaRevisao)
    .leftJoin(solicitante, eq(solicitante.id, garantiaRevisao.solicitada_por))
    .leftJoin(revisor, eq(revisor.id, garantiaRevisao.decidida_por))
    .where(eq(garantiaRevisao.garantia_id, garantiaId));
  return r ? revisaoJson(r) : null;
}

export function revisaoJson(r: { r: typeof garantiaRevisao.$inferSelect; solicitada_por: string | null; decidida_por: string | null }) {
  return {
    id: r.r.id,
    garantia_id: r.r.garantia_id,
    origem: r.r.origem,
    solicitada_em: r.r.solicitada_em,
    solicitada_por: r.solicitada_por ?? (r.r.origem === 'PAGADOR' ? 'Pagador (página do pagador)' : null),
    justificativa: r.r.justificativa,
    prazo: r.r.prazo,
    status: r.r.status,
    decidida_em: r.r.decidida_em,
    decidida_por: r.decidida_por,
    fundamentacao: r.r.fundamentacao,
  };
}
