import { asc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';

/**
 * GET /api/empresa/getFranqueados (Administração > Franqueados): every franchisor empresa — one
 * that has at least one franchisee — with its franchisees. Administradores only (route guard).
 */
export async function listFranqueados(db: Db) {
  const franchisorIds = db.selectDistinct({ id: empresa.franqueado_id }).from(empresa).where(isNotNull(empresa.franqueado_id));
  const franchisors = await db
    .select({ id: empresa.id, fantasia: empresa.fantasia, razao: empresa.razao, cnpj: empresa.cnpj, situacao: empresa.situacao })
    .from(empresa)
    .where(inArray(empresa.id, franchisorIds))
    .orderBy(sql`lower(${empresa.fantasia})`);
  if (!franchisors.length) return [];
  const franchisees = await db
    .select({
      id: empresa.id,
      fantasia: empresa.fantasia,
      cnpj: empresa.cnpj,
      cidade: empresa.cidade,
      uf: empresa.uf,
      situacao: empresa.situacao,
      comissao_franqueado: empresa.comissao_franqueado,
      franqueado_id: empresa.franqueado_id,
      created_at: empresa.created_at,
    })
    .from(empresa)
    .where(inArray(empresa.franqueado_id, franchisors.map((f) => f.id)))
    .orderBy(asc(empresa.fantasia));
  return franchisors.map((f) => ({
    ...f,
    franqueadas: franchisees
      .filter((e) => e.franqueado_id === f.id)
      .map(({ franqueado_id: _f, comissao_franqueado, ...e }) => ({ ...e, comissao_franqueado: Number(comissao_franqueado) })),
  }));
}
