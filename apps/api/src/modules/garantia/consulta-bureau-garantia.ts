import { and, eq } from 'drizzle-orm';
import { toCents } from '@bg/domain';
import type { BureauAdapter } from '../../adapters/bureau/bureau.js';
import type { Db } from '../../db/client.js';
import { consultaBureau, garantia, garantiaPessoa, pessoa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { recordDataAccessOfGarantia } from '../lgpd/record-acesso.js';
import { analiticaHtml, restritivaHtml } from './html.js';

export type TipoConsulta = 'RESTRITIVA' | 'ANALITICA';

/**
 * GET /api/garantia/consultaRestritiva/{id} and consultaAnalitica/{id} (administrador). One result
 * of each kind per guarantee, stored with who and when: the first call asks the bureau, later
 * calls (a second admin, a reload) answer the stored result — a paid query is never repeated. The
 * insert is ON CONFLICT DO NOTHING, so two admins pressing at once store one result.
 */
export async function consultaBureauGarantia(db: Db, bureau: BureauAdapter, actor: Actor, garantiaId: number, tipo: TipoConsulta) {
  const result = await consultar(db, bureau, actor, garantiaId, tipo);
  // the result was answered (new or stored): logged for LGPD against the guarantee's person
  await recordDataAccessOfGarantia(db, actor, garantiaId, ['consulta_bureau']);
  return result;
}

async function consultar(db: Db, bureau: BureauAdapter, actor: Actor, garantiaId: number, tipo: TipoConsulta) {
  const stored = await findStored(db, garantiaId, tipo);
  if (stored) return stored;
  const [g] = await db
    // the income the guarantee's shop typed in this request (its snapshot, decision 104)
    .select({ id: garantia.id, cpf_cnpj: pessoa.cpf_cnpj, renda: garantiaPessoa.renda })
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .leftJoin(garantiaPessoa, eq(garantiaPessoa.garantia_id, garantia.id))
    .where(eq(garantia.id, garantiaId));
  if (!g) throw notFound('Garantia');

  let resultado: unknown;
  let html: string;
  if (tipo === 'RESTRITIVA') {
    const r = await bureau.restritiva(db, g.cpf_cnpj);
    resultado = r;
    html = restritivaHtml(r);
  } else {
    const r = await bureau.analitica(db, g.cpf_cnpj, { renda_cents: g.renda == null ? null : toCents(g.renda) });
    resultado = r;
    html = analiticaHtml(r);
  }
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(consultaBureau)
      .values({ garantia_id: garantiaId, tipo, provider: bureau.name, resultado, html, usuario_id: actor.id })
      .onConflictDoNothing()
      .returning({ id: consultaBureau.id });
    if (inserted.length) {
      await recordAudit(tx, actor, { action: `garantia.consulta${tipo === 'RESTRITIVA' ? 'Restritiva' : 'Analitica'}`, entity: 'garantia', entityId: garantiaId, summary: { provider: bureau.name } });
    }
  });
  return (await findStored(db, garantiaId, tipo))!;
}

async function findStored(db: Db, garantiaId: number, tipo: TipoConsulta) {
  const [row] = await db
    // the report as the screen shows it: the provider's raw answer (resultado) is kept, never answered
    .select({ html: consultaBureau.html, usuario: usuario.name, created_at: consultaBureau.created_at })
    .from(consultaBureau)
    .innerJoin(usuario, eq(usuario.id, consultaBureau.usuario_id))
    .where(and(eq(consultaBureau.garantia_id, garantiaId), eq(consultaBureau.tipo, tipo)));
  return row ?? null;
}
